terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# Nothing managed yet: inbox/ holds files made by someone else. List them, let Terraform write
# their configuration, then take them over:
#
#   terraform query -generate-config-out=generated.tf
#   terraform apply            # imports each file found, changing nothing on disk
