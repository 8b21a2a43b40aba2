terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# Runs a jq program on JSON text: the result as a value and as JSON.
data "tsvider_lens_jq" "user" {
  json_input = jsonencode({
    user = {
      name  = "John Doe"
      email = "john@example.com"
    }
  })
  query = ".user.name"
}

output "name" {
  value = data.tsvider_lens_jq.user.result
}

output "name_json" {
  value = data.tsvider_lens_jq.user.result_json
}
