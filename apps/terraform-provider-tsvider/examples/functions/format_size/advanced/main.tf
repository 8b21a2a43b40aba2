terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::format_size: a storage report.

locals {
  files = { "system.log" = 1024, "database.db" = 2147483648, "backup.tar.gz" = 5368709120, "cache.tmp" = 134217728 }
}

# Each file's size.
output "report" {
  value = { for name, size in local.files : name => provider::tsvider::format_size(size) }
}

# No decimals.
output "rounded" {
  value = provider::tsvider::format_size(1234567890, 0)
}

# The total, three decimals.
output "total" {
  value = provider::tsvider::format_size(provider::tsvider::sum(values(local.files)), 3)
}
