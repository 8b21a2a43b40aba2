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

# An empty string is one empty part, as in Terraform's split.
output "empty" {
  value = provider::tsvider::split(",", "")
}

# No delimiter: one part.
output "no_match" {
  value = provider::tsvider::split(";", "one")
}

# An empty delimiter: one part per character.
output "characters" {
  value = provider::tsvider::split("", "abc")
}
