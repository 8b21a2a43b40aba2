terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {
  api_endpoint = "https://api.example.com/v1"
  api_token    = "example-token"
  api_timeout  = 10
}

# Reads back how the provider block configured the provider; what it leaves out shows the
# default (api_retries 3, api_insecure_skip_verify false, no headers).
data "tsvider_provider_config_reader" "current" {}

output "endpoint" {
  value = data.tsvider_provider_config_reader.current.api_endpoint
}

output "timeout" {
  value = data.tsvider_provider_config_reader.current.api_timeout
}

output "retries" {
  value = data.tsvider_provider_config_reader.current.api_retries
}

output "tls_verified" {
  value = !data.tsvider_provider_config_reader.current.api_insecure_skip_verify
}

output "headers" {
  value = data.tsvider_provider_config_reader.current.api_headers
}

# The token is sensitive: an output of it must say so.
output "token" {
  value     = data.tsvider_provider_config_reader.current.api_token
  sensitive = true
}
