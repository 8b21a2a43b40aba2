terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

# Test-only: served when the provider runs with TSVIDER_TESTMODE=true. Write-only attributes
# need OpenTofu or Terraform 1.11 or later.
provider "tsvider" {}

resource "tsvider_secret_note" "db" {
  name           = "database-password"
  secret_value   = "correct horse battery staple"
  secret_version = "1"
}

output "digest" {
  value = tsvider_secret_note.db.digest
}
