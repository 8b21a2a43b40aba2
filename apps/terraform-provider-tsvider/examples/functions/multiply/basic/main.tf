terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::multiply: multiplies two numbers.

# 6 × 7 is 42.
output "product" {
  value = provider::tsvider::multiply(6, 7)
}

# An hourly price times 730 hours, exactly.
output "exact" {
  value = provider::tsvider::multiply(0.0116, 730)
}

# Anything times zero.
output "by_zero" {
  value = provider::tsvider::multiply(123.45, 0)
}
