terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::upper: environment labels and a role heading.

locals {
  envs = ["dev", "staging", "prod"]
}

# Each label.
output "labels" {
  value = [for e in local.envs : provider::tsvider::upper(e)]
}

# Chained with replace.
output "heading" {
  value = provider::tsvider::upper(provider::tsvider::replace("site reliability", " ", "_"))
}
