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

resource "postgresql_role" "owner" {
  name = "example_owner"
}

resource "postgresql_database" "app" {
  name             = "example_app_db"
  owner            = postgresql_role.owner.name
  encoding         = "UTF8"
  lc_collate       = "C"
  lc_ctype         = "C"
  connection_limit = 50

  # Set for every session in this database; changed in place.
  settings = {
    work_mem          = "16MB"
    statement_timeout = "30s"
  }
}

output "encoding" {
  value = postgresql_database.app.encoding
}
