terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::pluralize: messages that read right for any count.

locals {
  counts = [0, 1, 5]
}

# Counts in a sentence.
output "files" {
  value = [for n in local.counts : "${n} ${provider::tsvider::pluralize("file", n)}"]
}

# English endings.
output "rules" {
  value = [provider::tsvider::pluralize("box", 2), provider::tsvider::pluralize("policy", 2), provider::tsvider::pluralize("key", 2)]
}

# An irregular plural.
output "children" {
  value = "3 ${provider::tsvider::pluralize("child", 3, "children")}"
}
