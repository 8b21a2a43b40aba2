terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::lookup: a map's value by key, with a default.

locals {
  settings = { database_host = "db.example.com", database_port = 5432 }
}

# The key is there.
output "found" {
  value = provider::tsvider::lookup(local.settings, "database_host", "localhost")
}

# The default for a missing key.
output "fallback" {
  value = provider::tsvider::lookup(local.settings, "missing_key", "default")
}

# No default needed for a present key.
output "no_default" {
  value = provider::tsvider::lookup(local.settings, "database_port")
}
