terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

# Test-only: served when the provider runs with TSVIDER_TESTMODE=true.
provider "tsvider" {}

resource "tsvider_nested_resource_test" "example" {
  resource_name = "api-gateway"

  # A dynamic attribute: its type is whatever config gives, here an object. processed_data
  # echoes it as main_config, with nested_count, the number of nested_configs blocks.
  configuration = {
    region   = "eu-west-1"
    replicas = 3
  }

  nested_configs {
    service  = "http"
    port     = 80
    protocol = "http"
  }

  nested_configs {
    service     = "https"
    port        = 443
    protocol    = "https"
    ssl_enabled = true
  }
}

output "processed_data" {
  value = tsvider_nested_resource_test.example.processed_data
}

output "summary" {
  value = tsvider_nested_resource_test.example.summary
}

output "addresses" {
  value = tsvider_nested_resource_test.example.nested_configs[*].address
}

output "resource_id" {
  value = tsvider_nested_resource_test.example.resource_id
}
