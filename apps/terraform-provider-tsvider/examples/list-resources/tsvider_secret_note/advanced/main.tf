terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

# Test-only: served when the provider runs with TSVIDER_TESTMODE=true.
provider "tsvider" {
  tsvider_testmode = true
}

# The secrets come from an ephemeral resource: never in the plan, the state or the index. The
# list finds the notes by name and shows each one's digest and secret_version, and
# -generate-config-out writes a resource and an import block per note, with secret_value left
# for a person to fill in (it was never kept, so nothing can give it back).
locals {
  names = toset(["deploy-api", "deploy-worker"])
}

ephemeral "tsvider_random_token" "key" {
  for_each = local.names
  length   = 32
}

resource "tsvider_secret_note" "key" {
  for_each       = local.names
  name           = each.key
  secret_value   = ephemeral.tsvider_random_token.key[each.key].value
  secret_version = "2026-q1"
}

output "digests" {
  value = { for name, note in tsvider_secret_note.key : name => note.digest }
}
