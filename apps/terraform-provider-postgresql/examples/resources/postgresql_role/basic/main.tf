terraform {
  required_providers {
    postgresql = {
      source  = "tsvider/postgresql"
      version = "0.1.0"
    }
  }
}

# Connection settings come from PGHOST, PGPORT, PGUSER, PGPASSWORD and PGDATABASE.
provider "postgresql" {}

# Write-only: the password reaches PostgreSQL but neither the plan nor the state.
variable "app_password" {
  type      = string
  sensitive = true
  ephemeral = true
  default   = "change-me-in-a-tfvars-file"
}

resource "postgresql_role" "app" {
  name             = "example_app"
  login            = true
  connection_limit = 20
  valid_until      = "2030-01-01T00:00:00Z"

  password_wo = var.app_password
  # Raise this to set password_wo again, after changing it.
  password_wo_version = 1
}

output "role" {
  value = postgresql_role.app.name
}
