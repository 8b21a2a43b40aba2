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
resource "tsvider_directory" "site" {
  path = "${path.module}/site"

  # directory is left out: its default, "0755", is planned.
  permissions = {
    file = "0640"
  }

  file {
    name    = "index.html"
    content = "<h1>Hello</h1>\n"
  }

  file {
    name    = "robots.txt"
    content = "User-agent: *\nDisallow:\n"
  }
}

output "permissions" {
  value = tsvider_directory.site.permissions
}

output "hashes" {
  value = { for f in tsvider_directory.site.file : f.name => f.content_hash }
}
