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
  name = "example_schemas_db"
}

resource "postgresql_schema" "tenant" {
  for_each = toset(["tenant_a", "tenant_b"])
  name     = each.key
  database = postgresql_database.app.name
}

data "postgresql_schemas" "tenants" {
  database     = postgresql_database.app.name
  like_pattern = "tenant\\_%"
  depends_on   = [postgresql_schema.tenant]
}

output "tenants" {
  value = data.postgresql_schemas.tenants.schemas
}
