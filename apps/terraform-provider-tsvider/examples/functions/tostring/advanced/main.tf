terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::tostring: numbers too large for a double, and JSON for collections.

locals {
  tags = { team = "ops", cost_center = 42 }
}

# No digit lost.
output "huge" {
  value = provider::tsvider::tostring(12345678901234567890123)
}

# A tiny number in plain digits, never 1e-07.
output "tiny" {
  value = provider::tsvider::tostring(0.0000001)
}

# Numbers and bools as text inside a collection; a collection itself has no text (tostring
# refuses it, as Terraform's does): jsonencode writes it as JSON.
output "labels" {
  value = [for k, v in local.tags : "${k}=${provider::tsvider::tostring(v)}"]
}

output "object" {
  value = jsonencode(local.tags)
}
