terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# A fresh random token in every run, never written to a plan or the state.
ephemeral "tsvider_random_token" "api_key" {
  length = 32
}

# content_wo is write-only: it accepts the ephemeral token, writes it to the file, and is kept
# out of the plan and the state. Nothing remembers it, so a later run writes the file again
# only when content_wo_version changes: raise it to rotate the key.
resource "tsvider_secret_file" "api_key" {
  filename           = "${path.module}/api-key.txt"
  content_wo         = ephemeral.tsvider_random_token.api_key.value
  content_wo_version = 1
}

# Not set in the resource: the default, "0600", is planned and applied.
output "file_permission" {
  value = tsvider_secret_file.api_key.file_permission
}
