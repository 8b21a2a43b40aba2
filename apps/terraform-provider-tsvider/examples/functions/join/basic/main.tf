terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::join: joins a list's elements with a delimiter.

# With comma and space.
output "joined" {
  value = provider::tsvider::join(", ", ["apple", "banana", "cherry"])
}

# Numbers and bools as text.
output "mixed" {
  value = provider::tsvider::join("-", ["v", 2, true])
}
