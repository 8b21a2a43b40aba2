terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::contains: feature flags, and equality by value.

locals {
  features = ["api_v2", "new_ui"]
  endpoint = provider::tsvider::contains(local.features, "api_v2") ? "/api/v2" : "/api/v1"
}

# Flag on.
output "endpoint" {
  value = local.endpoint
}

# Numbers equal by value.
output "by_value" {
  value = provider::tsvider::contains([1, 2.5], 2.50)
}

# A string is not a number.
output "no_coercion" {
  value = provider::tsvider::contains([1, 2], "1")
}

# Objects equal attribute by attribute.
output "objects" {
  value = provider::tsvider::contains([{ id = 1 }, { id = 2 }], { id = 2 })
}
