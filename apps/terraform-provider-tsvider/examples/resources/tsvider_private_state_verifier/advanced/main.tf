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

# Inputs of different shapes, each checked against the secret it should give back.
locals {
  inputs = {
    simple        = "basic-test"
    alphanumeric  = "test123"
    special_chars = "test-with-dashes_and_underscores"
    unicode       = "grün-1"
  }
}

resource "tsvider_private_state_verifier" "case" {
  for_each    = local.inputs
  input_value = each.value
}

locals {
  results = {
    for name, input in local.inputs : name => {
      expected = "SECRET_FOR_${upper(input)}"
      got      = tsvider_private_state_verifier.case[name].decrypted_token
    }
  }
  all_passed = alltrue([for r in local.results : r.expected == r.got])
}

# A report of the run, as a CI job would keep it.
resource "tsvider_file_content" "report" {
  filename = "${path.module}/out/private-state-report.json"
  content  = jsonencode({ results = local.results, all_passed = local.all_passed })
}

output "all_passed" {
  value = local.all_passed
}
