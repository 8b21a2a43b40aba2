terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# existing.txt is there before this configuration manages it. The import block names it by its
# identity, the file's path, rather than by an import ID; tofu imports it during plan and the
# resource then manages it (destroy removes it).
import {
  to       = tsvider_file_content.existing
  identity = { filename = "${path.module}/existing.txt" }
}

resource "tsvider_file_content" "existing" {
  filename = "${path.module}/existing.txt"
  content  = "Written before tofu knew about it.\n"
}

output "content_hash" {
  value = tsvider_file_content.existing.content_hash
}
