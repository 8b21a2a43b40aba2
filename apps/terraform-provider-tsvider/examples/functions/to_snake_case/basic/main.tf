terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::to_snake_case: converts text to snake_case.

# PascalCase.
output "from_pascal" {
  value = provider::tsvider::to_snake_case("HelloWorld")
}

# Kebab-case.
output "from_kebab" {
  value = provider::tsvider::to_snake_case("some-kebab-case")
}
