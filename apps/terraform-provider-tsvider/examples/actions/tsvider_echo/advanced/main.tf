terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# Each time the release file is created or its content changes, Terraform runs the action
# after the change: it echoes the release three times and appends each line to a log.
resource "tsvider_file_content" "release" {
  filename = "${path.module}/release.txt"
  content  = "v1.2.3\n"

  lifecycle {
    action_trigger {
      events  = [after_create, after_update]
      actions = [action.tsvider_echo.announce]
    }
  }
}

action "tsvider_echo" "announce" {
  config {
    message = "released ${trimspace(tsvider_file_content.release.content)} (${substr(tsvider_file_content.release.content_hash, 0, 12)})"
    repeat  = 3
    path    = "${path.module}/logs/releases.log"
  }
}

output "content_hash" {
  value = tsvider_file_content.release.content_hash
}
