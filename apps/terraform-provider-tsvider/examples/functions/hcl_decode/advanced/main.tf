terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::hcl_decode: a configuration file of services read with file() and
# decoded, then reshaped with for expressions.

locals {
  config = provider::tsvider::hcl_decode(file("${path.module}/services.hcl"))
}

# Arguments evaluated with go-cty's standard functions: a template, arithmetic at 512 bits
# (0.1 + 0.2 is 0.3, not 0.30000000000000004), sort().
output "version" {
  value = local.config.version
}

output "ratio" {
  value = local.config.ratio
}

output "owners" {
  value = local.config.owners
}

# One labelled block per service: an object keyed by label.
output "replicas" {
  value = { for name, svc in local.config.service : name => svc.replicas }
}

# Repeated blocks without labels (two port blocks) become a tuple of their bodies.
output "api_ports" {
  value = [for p in local.config.service.api.port : "${p.protocol}/${p.number}"]
}

# A block with two labels: a level of keys for each.
output "cpu_thresholds" {
  value = { for level, alert in local.config.alert.cpu : level => alert.threshold }
}
