terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# terraform apply -invoke=action.tsvider_write_marker.deployed writes markers/deployed.txt.
action "tsvider_write_marker" "deployed" {
  config {
    path    = "${path.module}/markers/deployed.txt"
    content = "deployed\n"
  }
}
