terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::join: a user name and a path from parts.

locals {
  first = "John"
  last  = "Doe"
  parts = ["srv", "app", "releases", 42]
}

# Lowercased and dotted.
output "username" {
  value = provider::tsvider::join(".", [provider::tsvider::lower(local.first), provider::tsvider::lower(local.last)])
}

# A path.
output "path" {
  value = provider::tsvider::join("/", local.parts)
}

# Join undoes split.
output "round_trip" {
  value = provider::tsvider::join(",", provider::tsvider::split(",", "a,b,,c"))
}
