terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# A fresh token in every run, handed to a write-only attribute: the file gets it, the plan
# and the state never hold it. content_wo_version says when to write a new one.
ephemeral "tsvider_random_token" "api_key" {
  length = 32
}

resource "tsvider_secret_file" "api_key" {
  filename           = "${path.module}/secrets/api-key.txt"
  content_wo         = ephemeral.tsvider_random_token.api_key.value
  content_wo_version = 1
}
