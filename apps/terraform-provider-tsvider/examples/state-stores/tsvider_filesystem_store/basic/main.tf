terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }

  # The state lives in states/<workspace>.tfstate, written by the provider; Terraform keeps no
  # terraform.tfstate of its own. (Terraform only, with its pluggable state storage experiment:
  # terraform init -enable-pluggable-state-storage-experiment, or
  # TF_ENABLE_PLUGGABLE_STATE_STORAGE=1.)
  state_store "tsvider_filesystem_store" {
    provider "tsvider" {}

    path = "states"
  }
}

provider "tsvider" {}

resource "tsvider_file_content" "hello" {
  filename = "${path.module}/hello.txt"
  content  = "state kept by tsvider_filesystem_store\n"
}
