terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::to_kebab_case: uRL slugs from titles.

locals {
  titles = ["How to Use Terraform Providers", "String Manipulation 101"]
}

# Lowercased, hyphenated.
output "slugs" {
  value = [for t in local.titles : provider::tsvider::to_kebab_case(provider::tsvider::replace(provider::tsvider::lower(t), " ", "-"))]
}

# Mixed input.
output "resource_name" {
  value = provider::tsvider::to_kebab_case("WebServer_Primary")
}
