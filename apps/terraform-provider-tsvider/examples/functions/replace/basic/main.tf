terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::replace: replaces every occurrence of a substring.

# Every o.
output "replaced" {
  value = provider::tsvider::replace("hello world", "o", "0")
}

# The search is plain text, not a pattern.
output "plain_text" {
  value = provider::tsvider::replace("a.b.c", ".", "/")
}
