terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::join_path building where files go from a list, with the segments spread
# from a list (variadic arguments), and the files written there.

locals {
  root  = "${path.module}/site"
  pages = ["index.html", "about/team.html", "blog/2026/launch.html"]
}

resource "tsvider_file_content" "page" {
  for_each = toset(local.pages)
  filename = provider::tsvider::join_path(local.root, each.key)
  content  = "<h1>${each.key}</h1>\n"
}

output "files" {
  value = sort([for page in tsvider_file_content.page : page.filename])
}

output "spread" {
  value = provider::tsvider::join_path(split("/", "blog/2026/../2025/old.html")...)
}
