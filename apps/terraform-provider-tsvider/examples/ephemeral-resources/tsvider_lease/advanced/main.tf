terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

variable "ttl_seconds" {
  type    = number
  default = 2
}

# A short lease: Terraform renews it every second (half its time to live) for as long as the
# run still uses it, and each renewal moves its expiry on in the lease file.
ephemeral "tsvider_lease" "migration" {
  name        = "schema migration"
  path        = "${path.module}/locks/migration.lease"
  ttl_seconds = var.ttl_seconds
}

# A long step that needs the lease throughout: it waits until the lease has been renewed
# (and gives up after a minute), then keeps a copy of the lease file as it was then.
resource "terraform_data" "migrate" {
  provisioner "local-exec" {
    command = <<-EOT
      lease='${ephemeral.tsvider_lease.migration.path}'
      for i in $(seq 1 600); do
        grep -q '"renewals": [1-9]' "$lease" && break
        sleep 0.1
      done
      cp "$lease" '${path.module}/renewed.json'
    EOT
  }
}

