terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::contains: whether a list holds a value.

# Present.
output "has_apple" {
  value = provider::tsvider::contains(["apple", "banana"], "apple")
}

# Absent.
output "has_grape" {
  value = provider::tsvider::contains(["apple", "banana"], "grape")
}
