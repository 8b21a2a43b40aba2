terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::parse_mode checking a file's mode: the file is written with a mode from a
# variable, and the number is compared bit by bit (owner may write, others may not).

variable "mode" {
  type    = string
  default = "0640"
  validation {
    condition     = can(provider::tsvider::parse_mode(var.mode))
    error_message = "mode must be three or four octal digits."
  }
}

locals {
  bits = provider::tsvider::parse_mode(var.mode)
}

resource "tsvider_file_content" "secret" {
  filename        = "${path.module}/secret.txt"
  content         = "not for everyone\n"
  file_permission = var.mode
}

output "bits" {
  value = local.bits
}

output "owner_writes" {
  value = floor(local.bits / 128) % 2 == 1
}

output "others_read" {
  value = local.bits % 8 >= 4
}
