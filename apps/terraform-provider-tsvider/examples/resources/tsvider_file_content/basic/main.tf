terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

resource "tsvider_file_content" "greeting" {
  filename = "${path.module}/hello.txt"
  content  = "Hello from a provider written in TypeScript!\n"
}

output "content_hash" {
  value = tsvider_file_content.greeting.content_hash
}

# Not set in the resource: the default, "0644", is planned and applied.
output "file_permission" {
  value = tsvider_file_content.greeting.file_permission
}
