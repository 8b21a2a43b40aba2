terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# A file that ships with the configuration: read during plan.
data "tsvider_file" "motd" {
  filename = "${path.module}/motd.txt"
}

# A file a resource writes: referring to the resource's filename makes tofu read it after the
# resource is applied.
resource "tsvider_file_content" "greeting" {
  filename = "${path.module}/greeting.txt"
  content  = "Hello, ${trimspace(data.tsvider_file.motd.content)}!\n"
}

data "tsvider_file" "greeting" {
  filename = tsvider_file_content.greeting.filename
}

output "motd_hash" {
  value = data.tsvider_file.motd.content_hash
}

output "motd_size" {
  value = data.tsvider_file.motd.size
}

output "greeting" {
  value = data.tsvider_file.greeting.content
}

output "greeting_hash_matches" {
  value = data.tsvider_file.greeting.content_hash == tsvider_file_content.greeting.content_hash
}
