terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# Run it on its own: terraform apply -invoke=action.tsvider_echo.hello
# Terraform prints each echo as the action reports it.
action "tsvider_echo" "hello" {
  config {
    message = "Hello from a tsvider action!"
  }
}
