terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }

  # Each workspace's state is a file of its own in a shared directory, moved between Terraform
  # and the provider in chunks of 512 bytes (the state here is a few KiB).
  state_store "tsvider_filesystem_store" {
    provider "tsvider" {}

    path       = "shared/states"
    chunk_size = 512
  }
}

provider "tsvider" {}

# One file per workspace, named after it.
resource "tsvider_file_content" "settings" {
  filename = "${path.module}/out/${terraform.workspace}.conf"
  content  = join("\n", [for i in range(80) : "setting_${i} = ${terraform.workspace}"])
}

output "workspace" {
  value = terraform.workspace
}
