terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# A file this configuration writes, with a restrictive mode.
resource "tsvider_file_content" "credentials" {
  filename        = "${path.module}/out/credentials.json"
  content         = jsonencode({ user = "deploy" })
  file_permission = "0600"
}

# Referring to the resource's filename makes tofu look at the file after it is written.
data "tsvider_file_info" "credentials" {
  path = tsvider_file_content.credentials.filename
}

# The directory the resource created for it, and a symbolic link checks.mjs makes before init.
data "tsvider_file_info" "out_dir" {
  path = dirname(tsvider_file_content.credentials.filename)
}

data "tsvider_file_info" "link" {
  path = "${path.module}/current"
}

# Fail the run if the file is readable by others: a guard on what was written.
check "credentials_private" {
  assert {
    condition     = data.tsvider_file_info.credentials.permissions == "0o600"
    error_message = "credentials.json must be readable by its owner only."
  }
}

output "credentials" {
  value = {
    size        = data.tsvider_file_info.credentials.size
    permissions = data.tsvider_file_info.credentials.permissions
    mime_type   = data.tsvider_file_info.credentials.mime_type
    owner_known = data.tsvider_file_info.credentials.owner != null
  }
}

output "out_dir" {
  value = {
    is_dir    = data.tsvider_file_info.out_dir.is_dir
    is_file   = data.tsvider_file_info.out_dir.is_file
    mime_type = data.tsvider_file_info.out_dir.mime_type
  }
}

output "link" {
  value = {
    is_symlink = data.tsvider_file_info.link.is_symlink
    is_file    = data.tsvider_file_info.link.is_file
    size       = data.tsvider_file_info.link.size
  }
}
