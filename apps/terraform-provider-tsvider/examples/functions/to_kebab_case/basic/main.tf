terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::to_kebab_case: converts text to kebab-case.

# PascalCase.
output "from_pascal" {
  value = provider::tsvider::to_kebab_case("HelloWorld")
}

# Snake_case.
output "from_snake" {
  value = provider::tsvider::to_kebab_case("some_snake_case")
}
