terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# A directory with two files, written as a set of blocks: their order means nothing, and
# adding, changing or removing one updates the directory in place.
resource "tsvider_local_directory" "site" {
  path        = "${path.module}/site"
  permissions = "0o750"

  file {
    name    = "index.html"
    content = "<h1>Hello</h1>\n"
  }

  file {
    name    = "robots.txt"
    content = "User-agent: *\nDisallow:\n"
  }
}

output "id" {
  value = tsvider_local_directory.site.id
}

output "permissions" {
  value = tsvider_local_directory.site.permissions
}

# file_permission is left out: its default, "0644", is planned.
output "file_permission" {
  value = tsvider_local_directory.site.file_permission
}

output "file_count" {
  value = tsvider_local_directory.site.file_count
}

output "hashes" {
  value = { for f in tsvider_local_directory.site.file : f.name => f.content_hash }
}
