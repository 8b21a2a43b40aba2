terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::max: the largest volume and its share of the total.

locals {
  volumes = [100, 250, 500, 1000]
  largest = provider::tsvider::max(local.volumes)
}

# The largest volume.
output "largest" {
  value = local.largest
}

# Its percentage of 1850.
output "share" {
  value = provider::tsvider::round(provider::tsvider::multiply(provider::tsvider::divide(local.largest, provider::tsvider::sum(local.volumes)), 100), 1)
}

# 2^64 compares exactly.
output "big" {
  value = provider::tsvider::max([18446744073709551616, 1]) == 18446744073709551616
}
