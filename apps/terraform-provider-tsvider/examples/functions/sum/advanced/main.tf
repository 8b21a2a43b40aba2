terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::sum: storage totals from a map of volumes.

locals {
  volumes_gb = { logs = 100, data = 250, backups = 500, scratch = 1000 }
  total_gb   = provider::tsvider::sum(values(local.volumes_gb))
}

# All volumes.
output "total_gb" {
  value = local.total_gb
}

# In human units.
output "total_text" {
  value = provider::tsvider::format_size(provider::tsvider::multiply(local.total_gb, 1073741824))
}

# Compares as a number.
output "over_budget" {
  value = provider::tsvider::sum(values(local.volumes_gb)) > 1500
}
