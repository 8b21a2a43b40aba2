terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::lookup: cascading defaults and nested lookups.

locals {
  user_config    = { theme = "dark" }
  default_config = { theme = "light", timezone = "UTC" }
  tree           = { database = { primary = { host = "db1.example.com" } } }
  timezone = provider::tsvider::lookup(local.user_config, "timezone", provider::tsvider::lookup(local.default_config, "timezone", "UTC"))
  db_host  = provider::tsvider::lookup(provider::tsvider::lookup(provider::tsvider::lookup(local.tree, "database", {}), "primary", {}), "host", "localhost")
}

# The user's own.
output "theme" {
  value = provider::tsvider::lookup(local.user_config, "theme", "light")
}

# From the defaults.
output "timezone" {
  value = local.timezone
}

# Three levels down.
output "db_host" {
  value = local.db_host
}

# A null default (typed: a bare null has no type until apply) comes back as null.
output "null_default" {
  value = provider::tsvider::lookup(local.user_config, "missing", tostring(null)) == null
}
