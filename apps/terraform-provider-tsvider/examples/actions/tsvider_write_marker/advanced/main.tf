terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# After the config file is created or changed, a marker records the hash of what was deployed.
resource "tsvider_file_content" "config" {
  filename = "${path.module}/app.conf"
  content  = "port = 8080\n"

  lifecycle {
    action_trigger {
      events  = [after_create, after_update]
      actions = [action.tsvider_write_marker.deployed]
    }
  }
}

action "tsvider_write_marker" "deployed" {
  config {
    path    = "${path.module}/markers/deployed.sha256"
    content = tsvider_file_content.config.content_hash
  }
}

output "content_hash" {
  value = tsvider_file_content.config.content_hash
}
