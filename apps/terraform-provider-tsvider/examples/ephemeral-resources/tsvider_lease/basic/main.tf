terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# Held while this run uses it: the lease file exists from open to close, and no other lease
# can take the path meanwhile. Nothing of it reaches the plan or the state.
ephemeral "tsvider_lease" "deploy" {
  name = "deploy"
  path = "${path.module}/locks/deploy.lease"
}

# The provisioner runs while the lease is held: it copies the lease file, so the example's
# checks can see what it held.
resource "terraform_data" "deploy" {
  provisioner "local-exec" {
    command = "cp '${ephemeral.tsvider_lease.deploy.path}' '${path.module}/held.json' && printf '%s' '${ephemeral.tsvider_lease.deploy.lease_id}' > '${path.module}/lease-id.txt'"
  }
}
