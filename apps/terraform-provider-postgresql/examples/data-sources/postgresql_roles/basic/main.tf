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

resource "postgresql_role" "team" {
  for_each = toset(["example_team_a", "example_team_b"])
  name     = each.key
}

data "postgresql_roles" "team" {
  like_pattern = "example\\_team\\_%"
  depends_on   = [postgresql_role.team]
}

output "names" {
  value = [for r in data.postgresql_roles.team.roles : r.name]
}
