terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

# Test-only: served when the provider runs with TSVIDER_TESTMODE=true. tsvider_testmode says
# this configuration expects that (the provider warns when the environment disagrees).
provider "tsvider" {
  tsvider_testmode = true
}

# provider::tsvider::nested_data_processor: JSON text in, JSON text out, holding the data and a
# summary of it.

locals {
  payload = jsonencode({
    region   = "us-west-2"
    replicas = 3
  })

  # The mode defaults to "analyze", which counts the top-level keys.
  analysed = provider::tsvider::nested_data_processor(local.payload)
}

# The text itself, laid out as pyvider's json.dumps writes it.
output "analysed" {
  value = local.analysed
}

output "total_keys" {
  value = jsondecode(local.analysed).summary.total_keys
}
