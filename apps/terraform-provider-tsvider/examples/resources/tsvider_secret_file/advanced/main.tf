terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# Raise to write every secret again (a new random value each), the way a rotation would.
variable "rotation" {
  type    = number
  default = 3
}

locals {
  secrets = {
    database = 48
    queue    = 24
  }
}

# A directory only its owner can enter, for the secrets.
resource "tsvider_local_directory" "secrets" {
  path        = "${path.module}/secrets"
  permissions = "0o700"
}

ephemeral "tsvider_random_token" "secret" {
  for_each = local.secrets
  length   = each.value
}

# One read-only file per secret. The values are ephemeral: in no plan and no state, and new in
# every run, yet the files are written only when content_wo_version changes.
resource "tsvider_secret_file" "secret" {
  for_each           = local.secrets
  filename           = "${tsvider_local_directory.secrets.path}/${each.key}.key"
  content_wo         = ephemeral.tsvider_random_token.secret[each.key].value
  content_wo_version = var.rotation
  file_permission    = "0400"
}

output "files" {
  value = { for name, f in tsvider_secret_file.secret : name => f.filename }
}
