terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::to_snake_case: object keys from API field names.

locals {
  fields = ["userId", "createdAt", "isActive", "http2Enabled"]
}

# Each field.
output "keys" {
  value = [for f in local.fields : provider::tsvider::to_snake_case(f)]
}

# Undoes to_camel_case.
output "round_trip" {
  value = provider::tsvider::to_snake_case(provider::tsvider::to_camel_case("max_retry_count"))
}
