terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::subtract: subtracts one number from another.

# 10 - 4 is 6.
output "difference" {
  value = provider::tsvider::subtract(10, 4)
}

# 1.1 - 1 is exactly 0.1.
output "exact" {
  value = provider::tsvider::subtract(1.1, 1)
}

# A negative result.
output "below_zero" {
  value = provider::tsvider::subtract(3, 5)
}
