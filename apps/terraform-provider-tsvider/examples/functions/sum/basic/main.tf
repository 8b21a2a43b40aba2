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

# A single number is its own sum.
output "single" {
  value = provider::tsvider::sum([7])
}

# What Terraform's own sum gives (an empty list is an error, as it is there).
output "decimals" {
  value = provider::tsvider::sum([0.1, 0.2, 0.3]) == sum([0.1, 0.2, 0.3])
}
