terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::length: the number of elements, entries or characters.

# Three elements.
output "list" {
  value = provider::tsvider::length(["apple", "banana", "cherry"])
}

# Two entries.
output "map" {
  value = provider::tsvider::length({ host = "localhost", port = 8080 })
}

# Five characters.
output "string" {
  value = provider::tsvider::length("héllo")
}

# Characters as a reader counts them, as Terraform's length does: a thumbs-up with a skin tone
# is two code points but one character.
output "emoji" {
  value = provider::tsvider::length("👍🏽!")
}
