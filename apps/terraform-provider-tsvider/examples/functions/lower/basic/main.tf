terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::lower: converts a string to lowercase.

# Every letter lowercased.
output "lower" {
  value = provider::tsvider::lower("Hello World")
}

# Accented capitals too.
output "mixed" {
  value = provider::tsvider::lower("ÉCOLE 42")
}
