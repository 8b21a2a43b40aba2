terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::replace: building a DNS-safe name.

locals {
  service = "Billing API (v2)"
  dns     = provider::tsvider::lower(provider::tsvider::replace(provider::tsvider::replace(provider::tsvider::replace(local.service, " ", "-"), "(", ""), ")", ""))
}

# Spaces to hyphens, parentheses gone.
output "dns" {
  value = local.dns
}

# An empty replacement removes.
output "removed" {
  value = provider::tsvider::replace("2024-01-15", "-", "")
}
