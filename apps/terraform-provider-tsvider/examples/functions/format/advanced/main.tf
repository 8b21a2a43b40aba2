terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::format: a display name, a URL, a JSON template and printf verbs.

locals {
  user = { first = "john", last = "doe", port = 8443 }
}

# Capitalized names.
output "display" {
  value = provider::tsvider::format("{} {}", [provider::tsvider::to_camel_case(local.user.first, true), provider::tsvider::to_camel_case(local.user.last, true)])
}

# A value used twice.
output "url" {
  value = provider::tsvider::format("https://{0}.example.com:{1}/{0}", [local.user.last, local.user.port])
}

# Braces that are not {} or {N} are literal, so a JSON template stays as it is.
output "braces" {
  value = provider::tsvider::format("{\"enabled\": {}}", [true])
}

# A template with % is formatted as Terraform's format formats it.
output "printf" {
  value = provider::tsvider::format("%s listens on port %d (%.1f%% busy)", [local.user.last, local.user.port, 12.34])
}
