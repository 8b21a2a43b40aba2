terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# terraform apply -invoke=action.tsvider_wait_for_file.ready waits until another process has
# written ready/marker.txt (up to 60 seconds, looking twice a second), reporting as it waits.
action "tsvider_wait_for_file" "ready" {
  config {
    path                  = "${path.module}/ready/marker.txt"
    timeout_seconds       = 60
    poll_interval_seconds = 0.5
  }
}
