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

resource "postgresql_database" "app" {
  name = "example_extension_db"
}

resource "postgresql_extension" "hstore" {
  name     = "hstore"
  database = postgresql_database.app.name
}

output "version" {
  value = postgresql_extension.hstore.version
}
