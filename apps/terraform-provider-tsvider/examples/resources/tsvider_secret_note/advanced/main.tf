terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

# Test-only: served when the provider runs with TSVIDER_TESTMODE=true.
provider "tsvider" {}

# The secret comes from an ephemeral resource: never in the plan or the state, and it may be
# new on every run. secret_version says when the note should take a new one; until it changes,
# the note keeps the digest of the secret it took, whatever the token is this run.
ephemeral "tsvider_random_token" "api_key" {
  length = 40
}

variable "rotation" {
  type    = string
  default = "2026-q1"
}

resource "tsvider_secret_note" "api_key" {
  name           = "api-key"
  secret_value   = ephemeral.tsvider_random_token.api_key.value
  secret_version = var.rotation
}

# The digest is not a secret: it is safe in a file other tools compare against.
resource "tsvider_file_content" "fingerprint" {
  filename = "${path.module}/out/api-key.fingerprint"
  content  = "${tsvider_secret_note.api_key.name} ${tsvider_secret_note.api_key.secret_version} ${tsvider_secret_note.api_key.digest}\n"
}

output "digest" {
  value = tsvider_secret_note.api_key.digest
}
