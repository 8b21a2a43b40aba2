terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

# Test-only: served when the provider runs with TSVIDER_TESTMODE=true. Each note is recorded
# (name, digest, secret_version; never the secret) in the index file TSVIDER_SECRET_NOTE_INDEX
# names, which is what terraform query (notes.tfquery.hcl) lists.
provider "tsvider" {
  tsvider_testmode = true
}

resource "tsvider_secret_note" "note" {
  for_each       = toset(["deploy-web", "deploy-db", "scratch"])
  name           = each.key
  secret_value   = "secret of ${each.key}"
  secret_version = "1"
}
