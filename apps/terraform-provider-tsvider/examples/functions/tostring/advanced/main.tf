terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::tostring: collections as JSON, and numbers too large for a double.

locals {
  tags = { team = "ops", cost_center = 42 }
}

# Compact JSON, keys in order.
output "object" {
  value = provider::tsvider::tostring(local.tags)
}

# A tuple as JSON.
output "list" {
  value = provider::tsvider::tostring(["a", 1, false])
}

# No digit lost.
output "huge" {
  value = provider::tsvider::tostring(12345678901234567890123)
}
