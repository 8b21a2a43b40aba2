terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::sum: adds up a list of numbers.

# 10 + 20 + 30.
output "total" {
  value = provider::tsvider::sum([10, 20, 30])
}

# An empty list sums to 0.
output "empty" {
  value = provider::tsvider::sum([])
}

# Exactly 0.6.
output "decimals" {
  value = provider::tsvider::sum([0.1, 0.2, 0.3])
}
