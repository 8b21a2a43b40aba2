terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

locals {
  content = "Hello, functions!\n"
}

# The function's hash of a string and the resource's hash of the file it writes agree.
resource "tsvider_file_content" "note" {
  filename = provider::tsvider::join_path(path.module, "out", "note.txt")
  content  = local.content
}

output "hash" {
  value = provider::tsvider::sha256_hex(local.content)
}

output "hash_matches_resource" {
  value = provider::tsvider::sha256_hex(local.content) == tsvider_file_content.note.content_hash
}

output "path" {
  value = provider::tsvider::join_path("a", "b/", "../c", "d.txt")
}

output "mode" {
  value = provider::tsvider::parse_mode("0644")
}
