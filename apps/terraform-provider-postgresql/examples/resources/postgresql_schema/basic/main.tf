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
  name = "example_schema_owner"
}

resource "postgresql_database" "app" {
  name = "example_schema_db"
}

resource "postgresql_schema" "app" {
  name     = "app"
  database = postgresql_database.app.name
  owner    = postgresql_role.owner.name
}

output "schema" {
  value = "${postgresql_schema.app.database}.${postgresql_schema.app.name}"
}
