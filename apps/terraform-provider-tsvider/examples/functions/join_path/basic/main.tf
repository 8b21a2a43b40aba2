terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::join_path: segments joined with / and normalized.

output "joined" {
  value = provider::tsvider::join_path("var", "lib", "app.db")
}

output "normalized" {
  value = provider::tsvider::join_path("a/", "./b", "../c", "d.txt")
}

output "nothing" {
  value = provider::tsvider::join_path()
}
