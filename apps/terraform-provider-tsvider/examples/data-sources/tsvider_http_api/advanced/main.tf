terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

# checks.mjs starts the API on loopback and sets TF_VAR_base_url and TF_VAR_api_token.
variable "base_url" {
  type = string
}

variable "api_token" {
  type      = string
  sensitive = true
}

# The provider's API settings apply to every tsvider_http_api request: paths are requested
# under api_endpoint, with the token and api_headers (sent to that endpoint only), each
# attempt may take api_timeout seconds, and a failed attempt is retried api_retries times.
provider "tsvider" {
  api_endpoint = "${var.base_url}/api/v1"
  api_token    = var.api_token
  api_timeout  = 5
  api_retries  = 2
  api_headers = {
    "X-Team" = "platform"
  }
}

# A path under api_endpoint, sent with the token.
data "tsvider_http_api" "whoami" {
  url = "/whoami"
}

# POST with a JSON body; the request's own headers win over api_headers.
data "tsvider_http_api" "create" {
  url    = "/items"
  method = "POST"
  headers = {
    "Content-Type" = "application/json"
    "X-Team"       = "checkout"
  }
  body = jsonencode({ name = "widget", count = 3 })
}

# This endpoint answers 503 to every other request: the retry gets the 200.
data "tsvider_http_api" "flaky" {
  url = "/flaky"
}

# An error status is an answer, not a failure: status_code and error_message tell.
data "tsvider_http_api" "missing" {
  url     = "/nothing-here"
  timeout = 2
}

locals {
  whoami  = jsondecode(data.tsvider_http_api.whoami.response_body)
  created = jsondecode(data.tsvider_http_api.create.response_body)
}

# Keep a record of the answers on disk.
resource "tsvider_file_content" "report" {
  filename = "${path.module}/report.json"
  content = jsonencode({
    user         = local.whoami.user
    created_id   = local.created.id
    created_team = local.created.team
    flaky_status = data.tsvider_http_api.flaky.status_code
    missing      = data.tsvider_http_api.missing.error_message
  })
}

output "user" {
  value = local.whoami.user
}

output "created" {
  value = local.created
}

output "flaky_status" {
  value = data.tsvider_http_api.flaky.status_code
}

output "missing_status" {
  value = data.tsvider_http_api.missing.status_code
}

output "missing_error" {
  value = data.tsvider_http_api.missing.error_message
}

output "header_count_positive" {
  value = data.tsvider_http_api.whoami.header_count > 0
}
