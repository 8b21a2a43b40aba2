terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::pluralize: the singular or plural of a word by a count.

# 1: the singular.
output "one" {
  value = provider::tsvider::pluralize("apple", 1)
}

# 2: the plural.
output "many" {
  value = provider::tsvider::pluralize("apple", 2)
}

# A plural of our own.
output "custom" {
  value = provider::tsvider::pluralize("person", 2, "people")
}
