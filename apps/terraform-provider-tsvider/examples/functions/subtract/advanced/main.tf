terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::subtract: the spread of response times, and add undone by subtract.

locals {
  response_ms = [45, 52, 48, 51, 150, 47]
  spread      = provider::tsvider::subtract(provider::tsvider::max(local.response_ms), provider::tsvider::min(local.response_ms))
}

# 150 - 45.
output "spread" {
  value = local.spread
}

# Subtract undoes add exactly.
output "round_trip" {
  value = provider::tsvider::subtract(provider::tsvider::add(0.7, 0.25), 0.25)
}

# 100 minus the total.
output "remaining" {
  value = provider::tsvider::subtract(100, provider::tsvider::sum(local.response_ms))
}
