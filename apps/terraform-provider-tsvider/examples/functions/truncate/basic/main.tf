terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::truncate: shortens text, keeping words whole.

# Cut at the last space before 27 characters.
output "short" {
  value = provider::tsvider::truncate("This is a very long description that needs to be shortened", 30)
}

# Text that fits is unchanged.
output "fits" {
  value = provider::tsvider::truncate("Short text", 30)
}
