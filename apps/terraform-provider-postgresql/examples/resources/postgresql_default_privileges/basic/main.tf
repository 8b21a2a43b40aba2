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
  name = "example_migrator"
}

resource "postgresql_role" "reader" {
  name = "example_report_reader"
}

resource "postgresql_database" "app" {
  name = "example_defaults_db"
}

resource "postgresql_schema" "app" {
  name     = "app"
  database = postgresql_database.app.name
  owner    = postgresql_role.owner.name
}

# Every table example_migrator creates in app from now on is readable by example_report_reader.
resource "postgresql_default_privileges" "read_new_tables" {
  database    = postgresql_database.app.name
  owner       = postgresql_role.owner.name
  role        = postgresql_role.reader.name
  schema      = postgresql_schema.app.name
  object_type = "table"
  privileges  = ["SELECT"]
}
