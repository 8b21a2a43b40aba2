terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::upper: converts a string to uppercase.

# Every letter uppercased.
output "upper" {
  value = provider::tsvider::upper("Hello World")
}

# One character at a time, as Terraform's upper: ß has no one-character uppercase and stays.
output "unicode" {
  value = provider::tsvider::upper("straße")
}
