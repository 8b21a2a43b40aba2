terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

# The token and its expiry are kept in private state, which tsvider encrypts: run with
# TSVIDER_PRIVATE_STATE_SECRET set (at least 16 characters, e.g. `openssl rand -base64 32`).
provider "tsvider" {}

resource "tsvider_timed_token" "api" {
  name = "api-token"
}

output "id" {
  value = tsvider_timed_token.api.id
}

output "lifetime" {
  value = tsvider_timed_token.api.lifetime
}

output "expires_at" {
  value = tsvider_timed_token.api.expires_at
}

output "token" {
  value     = tsvider_timed_token.api.token
  sensitive = true
}
