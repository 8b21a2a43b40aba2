terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::max: the largest number of a list.

# 150 is the largest.
output "largest" {
  value = provider::tsvider::max([45, 52, 3, 150])
}

# Decimals compare exactly.
output "decimals" {
  value = provider::tsvider::max([0.1, 0.25, 0.2])
}

# One number is its own maximum.
output "single" {
  value = provider::tsvider::max([7])
}
