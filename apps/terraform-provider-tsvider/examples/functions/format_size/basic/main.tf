terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::format_size: formats bytes as a human-readable size.

# One decimal by default.
output "default" {
  value = provider::tsvider::format_size(10240)
}

# Two decimals.
output "precise" {
  value = provider::tsvider::format_size(123456789, 2)
}

# Bytes are whole.
output "bytes" {
  value = provider::tsvider::format_size(512)
}
