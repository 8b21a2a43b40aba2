terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# Once the marker file is created, Terraform runs the wait from the resource's action_trigger:
# it finds the file at its first look.
resource "tsvider_file_content" "marker" {
  filename = "${path.module}/ready/marker.txt"
  content  = "ready\n"

  lifecycle {
    action_trigger {
      events  = [after_create]
      actions = [action.tsvider_wait_for_file.marker]
    }
  }
}

action "tsvider_wait_for_file" "marker" {
  config {
    path                  = tsvider_file_content.marker.filename
    timeout_seconds       = 30
    poll_interval_seconds = 0.25
  }
}

# Invoked on its own (terraform apply -invoke=action.tsvider_wait_for_file.never), this one
# gives up after a second: nothing ever writes its path, and the apply fails saying so.
action "tsvider_wait_for_file" "never" {
  config {
    path                  = "${path.module}/never/appears.txt"
    timeout_seconds       = 1
    poll_interval_seconds = 0.2
  }
}
