terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::min: clamping a desired instance count between bounds.

locals {
  desired = [1, 4, 17]
  clamped = [for d in local.desired : provider::tsvider::min([provider::tsvider::max([d, 2]), 10])]
}

# Each count kept within 2..10.
output "clamped" {
  value = local.clamped
}

# The cheapest hourly price.
output "cheapest" {
  value = provider::tsvider::min([0.096, 0.023, 0.0116])
}
