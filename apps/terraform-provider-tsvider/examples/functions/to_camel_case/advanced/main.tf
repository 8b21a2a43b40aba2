terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::to_camel_case: class and variable names from mixed input.

locals {
  names = ["user-profile", "order_item", "shipping address"]
}

# PascalCase.
output "classes" {
  value = [for n in local.names : provider::tsvider::to_camel_case(n, true)]
}

# CamelCase.
output "variables" {
  value = [for n in local.names : provider::tsvider::to_camel_case(n)]
}
