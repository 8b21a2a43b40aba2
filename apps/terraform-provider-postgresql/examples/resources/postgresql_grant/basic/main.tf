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

resource "postgresql_role" "reader" {
  name  = "example_reader"
  login = true
}

resource "postgresql_database" "app" {
  name = "example_grant_db"
}

resource "postgresql_schema" "app" {
  name     = "app"
  database = postgresql_database.app.name
}

resource "postgresql_grant" "connect" {
  database    = postgresql_database.app.name
  role        = postgresql_role.reader.name
  object_type = "database"
  privileges  = ["CONNECT"]
}

resource "postgresql_grant" "usage" {
  database    = postgresql_database.app.name
  role        = postgresql_role.reader.name
  schema      = postgresql_schema.app.name
  object_type = "schema"
  privileges  = ["USAGE"]
}

# Every table in the schema now; postgresql_default_privileges covers those made later.
resource "postgresql_grant" "tables" {
  database    = postgresql_database.app.name
  role        = postgresql_role.reader.name
  schema      = postgresql_schema.app.name
  object_type = "table"
  privileges  = ["SELECT"]
}
