terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

# Test-only: served when the provider runs with TSVIDER_TESTMODE=true.
provider "tsvider" {
  tsvider_testmode = true
}

# provider::tsvider::nested_data_processor with nested data, other modes, arrays and text from
# a file, each decoded again with jsondecode.

locals {
  services = {
    web = { port = 443, tls = true, hosts = ["a.example.com", "b.example.com"] }
    db  = { port = 5432, tls = false, hosts = [] }
  }

  # Nested values come back whole under original_data.
  round_trip = jsondecode(provider::tsvider::nested_data_processor(jsonencode(local.services), "analyze"))

  # Another mode is recorded as given, and nothing is counted.
  passthrough = jsondecode(provider::tsvider::nested_data_processor(jsonencode(local.services), "passthrough"))

  # An array counts its elements; empty text is an empty object.
  array = jsondecode(provider::tsvider::nested_data_processor(jsonencode(["a", "b", "c"])))
  empty = jsondecode(provider::tsvider::nested_data_processor(""))
}

output "same_data" {
  value = local.round_trip.original_data == local.services
}

output "summaries" {
  value = {
    analyze     = local.round_trip.summary
    passthrough = local.passthrough.summary
    array       = local.array.summary
    empty       = local.empty.summary
  }
}

output "from_file" {
  # JSON text from a file: numbers keep the digits they were written with.
  value = provider::tsvider::nested_data_processor(file("${path.module}/settings.json"), "raw")
}
