terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

variable "environment" {
  type    = string
  default = "staging"
}

locals {
  database_host = var.environment == "production" ? "db.internal" : "db.${var.environment}.internal"
  services      = ["api", "worker"]
}

# A JSON file built from variables, readable by its owner and group only; its parent
# directory is made on the way.
resource "tsvider_file_content" "config" {
  filename        = "${path.module}/out/${var.environment}/config.json"
  file_permission = "0640"
  content = jsonencode({
    environment = var.environment
    debug       = var.environment != "production"
    database    = { host = local.database_host, port = 5432 }
  })
}

# One file per service from a template, each naming the config file and its hash, so a change
# of the config shows in every service file too.
resource "tsvider_file_content" "service" {
  for_each = toset(local.services)
  filename = "${path.module}/out/${var.environment}/${each.key}.env"
  content = templatefile("${path.module}/service.env.tftpl", {
    service     = each.key
    config_file = basename(tsvider_file_content.config.filename)
    config_hash = tsvider_file_content.config.content_hash
  })
}

output "config_hash" {
  value = tsvider_file_content.config.content_hash
}

# The provider's own function computes the same hash the resource reports.
output "hash_matches" {
  value = provider::tsvider::sha256_hex(tsvider_file_content.config.content) == tsvider_file_content.config.content_hash
}

output "service_files" {
  value = { for name, f in tsvider_file_content.service : name => basename(f.filename) }
}
