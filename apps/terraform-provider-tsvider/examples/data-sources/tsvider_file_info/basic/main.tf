terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# A file that ships with the configuration.
data "tsvider_file_info" "notes" {
  path = "${path.module}/NOTES.md"
}

# A path with nothing at it is an answer too: exists = false.
data "tsvider_file_info" "optional_override" {
  path = "${path.module}/override.json"
}

output "notes" {
  value = {
    exists      = data.tsvider_file_info.notes.exists
    is_file     = data.tsvider_file_info.notes.is_file
    size        = data.tsvider_file_info.notes.size
    mime_type   = data.tsvider_file_info.notes.mime_type
    permissions = data.tsvider_file_info.notes.permissions
  }
}

output "use_override" {
  value = data.tsvider_file_info.optional_override.exists
}
