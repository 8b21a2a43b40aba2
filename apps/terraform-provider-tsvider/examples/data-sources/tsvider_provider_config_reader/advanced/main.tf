terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

# Two configurations of the provider: the default one, and one for staging that skips TLS
# verification (a self-signed certificate there) and retries more.
provider "tsvider" {
  api_endpoint = "https://api.example.com"
  api_headers = {
    "X-Environment" = "production"
  }
}

provider "tsvider" {
  alias                    = "staging"
  api_endpoint             = "https://staging.example.internal:8443/"
  api_token                = "staging-token"
  api_timeout              = 2.5
  api_retries              = 0
  api_insecure_skip_verify = true
  api_headers = {
    "X-Environment" = "staging"
    "X-Debug"       = "1"
  }
}

data "tsvider_provider_config_reader" "production" {}

data "tsvider_provider_config_reader" "staging" {
  provider = tsvider.staging
}

locals {
  configs = {
    production = data.tsvider_provider_config_reader.production
    staging    = data.tsvider_provider_config_reader.staging
  }
  # Everything but the token, which is sensitive; whether one is set is safe to show.
  summary = {
    for name, c in local.configs : name => {
      endpoint     = c.api_endpoint
      timeout      = c.api_timeout
      retries      = c.api_retries
      tls_verified = !c.api_insecure_skip_verify
      headers      = c.api_headers
      has_token    = nonsensitive(c.api_token != null)
    }
  }
}

# A record of both configurations on disk, for whoever audits the settings.
resource "tsvider_file_content" "summary" {
  filename = "${path.module}/provider-settings.json"
  content  = jsonencode(local.summary)
}

output "summary" {
  value = local.summary
}
