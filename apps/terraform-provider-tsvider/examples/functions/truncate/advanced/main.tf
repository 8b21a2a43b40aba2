terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::truncate: a custom suffix and one long word.

locals {
  title = "Advanced Terraform Provider Development Best Practices"
}

# With a suffix of our own.
output "more" {
  value = provider::tsvider::truncate(local.title, 25, " [more]")
}

# No space to cut at: cut mid-word.
output "one_word" {
  value = provider::tsvider::truncate("Supercalifragilistic", 10, "…")
}

# Cut at the last space before 97 characters, then the suffix.
output "default_length" {
  value = length(provider::tsvider::truncate(join("", [for i in range(30) : "word "])))
}
