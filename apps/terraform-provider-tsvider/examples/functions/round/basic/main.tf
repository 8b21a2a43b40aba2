terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::round: rounds a number to decimal places.

# No precision: a whole number.
output "to_int" {
  value = provider::tsvider::round(3.7)
}

# Two places.
output "to_two" {
  value = provider::tsvider::round(3.14159, 2)
}

# Ties go to the even neighbour.
output "tie_even" {
  value = provider::tsvider::round(2.5)
}
