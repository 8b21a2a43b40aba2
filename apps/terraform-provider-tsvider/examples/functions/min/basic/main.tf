terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::min: the smallest number of a list.

# 3 is the smallest.
output "smallest" {
  value = provider::tsvider::min([45, 52, 3, 150])
}

# Negative numbers count.
output "negative" {
  value = provider::tsvider::min([1.5, -2, 0])
}

# One number is its own minimum.
output "single" {
  value = provider::tsvider::min([7])
}
