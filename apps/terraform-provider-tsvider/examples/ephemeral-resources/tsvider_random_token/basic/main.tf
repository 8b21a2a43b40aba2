terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# Opened anew in every plan and apply; never written to the plan or the state.
ephemeral "tsvider_random_token" "session" {
  length = 24
}

locals {
  # An ephemeral value stays ephemeral through expressions: this local is one too.
  session_header = "Bearer ${ephemeral.tsvider_random_token.session.value}"
}

# Provisioners may use ephemeral values. This one hands the token to a local command, which
# writes it where the example's checks can compare it with the state file.
resource "terraform_data" "use_token" {
  provisioner "local-exec" {
    command = "printf '%s' '${local.session_header}' > '${path.module}/used-token.txt'"
  }
}
