terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::lower: normalizing e-mail addresses.

locals {
  emails = ["  JOHN.DOE@EXAMPLE.COM  ", "jane.smith@Example.COM", "BOB_JONES@example.com"]
  normalized = [for e in local.emails : provider::tsvider::lower(provider::tsvider::replace(provider::tsvider::replace(e, " ", ""), "_", "."))]
}

# Spaces gone, underscores as dots, lowercase.
output "normalized" {
  value = local.normalized
}
