terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::sha256_hex over non-ASCII text and a file's content, checked against
# Terraform's own sha256 and against the hash tsvider_file_content records.

locals {
  texts = ["", "héllo wörld", "日本語", "emoji 🎉"]
}

resource "tsvider_file_content" "manifest" {
  filename = "${path.module}/manifest.txt"
  content  = join("\n", local.texts)
}

output "hashes" {
  value = [for text in local.texts : provider::tsvider::sha256_hex(text)]
}

output "same_as_builtin" {
  value = alltrue([for text in local.texts : provider::tsvider::sha256_hex(text) == sha256(text)])
}

output "matches_file" {
  value = provider::tsvider::sha256_hex(join("\n", local.texts)) == tsvider_file_content.manifest.content_hash
}
