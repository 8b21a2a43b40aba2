terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

# Test-only: served when the provider runs with TSVIDER_TESTMODE=true. Private state is
# sealed with TSVIDER_PRIVATE_STATE_SECRET.
provider "tsvider" {}

resource "tsvider_private_state_verifier" "example" {
  input_value = "test-value"
}

output "decrypted_token" {
  value = tsvider_private_state_verifier.example.decrypted_token
}
