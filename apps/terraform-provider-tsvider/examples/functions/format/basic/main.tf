terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::format: fills {} placeholders with values.

# Values in order.
output "message" {
  value = provider::tsvider::format("User {} has {} roles.", ["admin", 3])
}

# Numbered placeholders.
output "numbered" {
  value = provider::tsvider::format("{1}, {0}", ["world", "Hello"])
}
