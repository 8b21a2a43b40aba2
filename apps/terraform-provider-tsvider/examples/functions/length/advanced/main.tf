terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::length: checking that required fields are all present.

locals {
  required = ["name", "email", "role"]
  provided = ["name", "email"]
  present  = [for f in local.required : f if provider::tsvider::contains(local.provided, f)]
}

# One required field missing.
output "missing" {
  value = provider::tsvider::length(local.required) - provider::tsvider::length(local.present)
}

# An empty list.
output "empty" {
  value = provider::tsvider::length([])
}

# A condition on lengths.
output "status" {
  value = provider::tsvider::length(local.present) == provider::tsvider::length(local.required) ? "valid" : "invalid"
}
