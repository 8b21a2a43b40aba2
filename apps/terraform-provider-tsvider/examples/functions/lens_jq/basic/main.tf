terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::lens_jq: runs a jq program on a value.

locals {
  data = { user = { name = "Alice", age = 30 }, items = ["one", "two", "three"] }
}

# A field.
output "name" {
  value = provider::tsvider::lens_jq(local.data, ".user.name")
}

# A builtin.
output "count" {
  value = provider::tsvider::lens_jq(local.data, ".items | length")
}

# An index.
output "first" {
  value = provider::tsvider::lens_jq(local.data, ".items[0]")
}
