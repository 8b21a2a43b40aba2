terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::divide: divides one number by another.

# 12 / 3 is 4.
output "quotient" {
  value = provider::tsvider::divide(12, 3)
}

# 5 / 2 is 2.5.
output "fraction" {
  value = provider::tsvider::divide(5, 2)
}

# 0.3 / 3 is exactly 0.1.
output "exact" {
  value = provider::tsvider::divide(0.3, 3)
}
