terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::tostring: any value as a string.

# A number.
output "number" {
  value = provider::tsvider::tostring(42)
}

# A bool.
output "bool" {
  value = provider::tsvider::tostring(true)
}

# A decimal, every digit.
output "decimal" {
  value = provider::tsvider::tostring(0.1)
}
