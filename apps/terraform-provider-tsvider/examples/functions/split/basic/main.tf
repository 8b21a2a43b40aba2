terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::split: splits a string by a delimiter (the delimiter comes first).

# Three fields.
output "parts" {
  value = provider::tsvider::split(",", "name,email,role")
}

# An empty string has no parts.
output "empty" {
  value = provider::tsvider::split(",", "")
}

# No delimiter: one part.
output "no_match" {
  value = provider::tsvider::split(";", "one")
}
