terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::round: rounding to tens and hundreds, and exact decimal ties.

locals {
  prices = [19.994, 19.995, 20.005]
}

# To cents, ties to even.
output "cents" {
  value = [for p in local.prices : provider::tsvider::round(p, 2)]
}

# A negative precision rounds to hundreds.
output "hundreds" {
  value = provider::tsvider::round(1250, -2)
}

# 3 × 85/70 is about 3.64.
output "scaled" {
  value = provider::tsvider::round(provider::tsvider::multiply(3, provider::tsvider::divide(85, 70)), 0)
}
