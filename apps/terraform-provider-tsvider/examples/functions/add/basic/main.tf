terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::add: adds two numbers.

# Add(5, 3) is 8.
output "sum" {
  value = provider::tsvider::add(5, 3)
}

# Decimals add without binary rounding.
output "exact" {
  value = provider::tsvider::add(0.1, 0.2)
}

# Signs and fractions.
output "negative" {
  value = provider::tsvider::add(-7, 2.5)
}
