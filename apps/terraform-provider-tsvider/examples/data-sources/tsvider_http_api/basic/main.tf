terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# The address of the service to ask; checks.mjs starts one on loopback and sets
# TF_VAR_base_url, so the example needs no internet access.
variable "base_url" {
  type = string
}

# A GET request, made whenever Terraform reads the data source (during each plan).
data "tsvider_http_api" "status" {
  url = "${var.base_url}/status"
  headers = {
    Accept = "application/json"
  }
}

locals {
  status = jsondecode(data.tsvider_http_api.status.response_body)
}

# method is not set: the state shows the method sent, GET.
output "method" {
  value = data.tsvider_http_api.status.method
}

output "status_code" {
  value = data.tsvider_http_api.status.status_code
}

output "content_type" {
  value = data.tsvider_http_api.status.content_type
}

output "service_name" {
  value = local.status.service
}

output "healthy" {
  value = local.status.healthy && data.tsvider_http_api.status.error_message == null
}
