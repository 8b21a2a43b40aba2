terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

variable "environments" {
  type = map(string)
  default = {
    staging    = "0o750"
    production = "0o700"
  }
}

locals {
  shared_files = {
    "README.md"   = "# Workspace\n\nOne directory per environment.\n"
    "VERSION"     = "1.4.2\n"
    "owners.json" = jsonencode({ team = "platform", oncall = "platform-oncall" })
  }
}

# The workspace root, its parents made on the way, in the four-digit notation (read back the
# same way). Its files come from a map through a dynamic block, readable by their owner only.
resource "tsvider_local_directory" "root" {
  path            = "${path.module}/workspace/app"
  permissions     = "0755"
  file_permission = "0600"

  dynamic "file" {
    for_each = local.shared_files
    content {
      name    = file.key
      content = file.value
    }
  }
}

# One directory per environment inside the root: a subdirectory is not a file, so the root's
# file_count stays at its own three.
resource "tsvider_local_directory" "env" {
  for_each    = var.environments
  path        = "${tsvider_local_directory.root.path}/${each.key}"
  permissions = each.value

  file {
    name    = "environment"
    content = "${each.key}\n"
  }
}

output "root_permissions" {
  value = tsvider_local_directory.root.permissions
}

output "root_file_count" {
  value = tsvider_local_directory.root.file_count
}

output "environments" {
  value = {
    for name, d in tsvider_local_directory.env : name => {
      id          = d.id
      permissions = d.permissions
      file_count  = d.file_count
    }
  }
}
