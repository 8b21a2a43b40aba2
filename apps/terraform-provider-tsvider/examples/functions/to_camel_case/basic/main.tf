terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::to_camel_case: converts text to camelCase, or PascalCase.

# CamelCase.
output "camel" {
  value = provider::tsvider::to_camel_case("hello_world")
}

# Upper_first: PascalCase.
output "pascal" {
  value = provider::tsvider::to_camel_case("hello_world", true)
}
