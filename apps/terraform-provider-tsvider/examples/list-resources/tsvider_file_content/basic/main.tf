terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# Three files to find: terraform query (files.tfquery.hcl) lists the .txt ones.
resource "tsvider_file_content" "notes" {
  for_each = {
    "a.txt"   = "alpha\n"
    "b.txt"   = "bravo\n"
    "read.me" = "not a .txt file\n"
  }
  filename = "${path.module}/files/${each.key}"
  content  = each.value
}
