terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::split: parsing a small CSV header and a key=value list.

locals {
  header = "Name,Email Address,isActive"
  pairs  = "region=eu-west-1;tier=gold;owner=ops"
  settings = { for p in provider::tsvider::split(";", local.pairs) : provider::tsvider::split("=", p)[0] => provider::tsvider::split("=", p)[1] }
}

# Column names as snake_case.
output "columns" {
  value = [for h in provider::tsvider::split(",", local.header) : provider::tsvider::to_snake_case(provider::tsvider::replace(h, " ", ""))]
}

# Pairs as a map.
output "settings" {
  value = local.settings
}
