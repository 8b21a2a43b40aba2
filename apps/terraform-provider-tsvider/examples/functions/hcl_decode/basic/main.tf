terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::hcl_decode: HCL text to a value, as jsondecode does for JSON.

locals {
  decoded = provider::tsvider::hcl_decode(<<-EOT
    name     = "web"
    replicas = 2 * 3
    tags     = { team = "ops" }

    listener "https" {
      port = 443
    }
  EOT
  )
}

# An argument, evaluated.
output "replicas" {
  value = local.decoded.replicas
}

# An object constructor.
output "team" {
  value = local.decoded.tags.team
}

# A block: its type, then its label, then its body.
output "https_port" {
  value = local.decoded.listener.https.port
}

# The whole value.
output "decoded" {
  value = local.decoded
}
