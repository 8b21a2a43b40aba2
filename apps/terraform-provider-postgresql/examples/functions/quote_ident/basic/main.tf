terraform {
  required_providers {
    postgresql = {
      source  = "tsvider/postgresql"
      version = "0.1.0"
    }
  }
}

locals {
  tables = ["orders", "Order Lines", "select"]
}

# Names ready for SQL a configuration hands on, such as a migration's script.
output "quoted" {
  value = [for t in local.tables : provider::postgresql::quote_ident(t)]
}
