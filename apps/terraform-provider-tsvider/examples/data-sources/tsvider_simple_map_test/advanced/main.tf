terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

# A test-only data source: the provider serves it only with TSVIDER_TESTMODE=true.
provider "tsvider" {}

locals {
  inputs = {
    empty = {}
    one   = { name = "web" }
    many  = { a = "x", b = "y", "key with spaces" = "z", unicode = "straße" }
  }
}

# One instance per input, including an empty map and keys that are not identifiers.
data "tsvider_simple_map_test" "each" {
  for_each   = local.inputs
  input_data = each.value
}

# With input_data left out, processed_data is an empty map.
data "tsvider_simple_map_test" "none" {}

# The results on disk, as a consumer of the data would keep them.
resource "tsvider_file_content" "results" {
  filename = "${path.module}/results.json"
  content = jsonencode({
    for k, d in data.tsvider_simple_map_test.each : k => d.processed_data
  })
}

output "hashes_differ" {
  value = length(distinct([for d in data.tsvider_simple_map_test.each : d.data_hash])) == length(local.inputs)
}

output "none" {
  value = {
    input     = data.tsvider_simple_map_test.none.input_data
    processed = data.tsvider_simple_map_test.none.processed_data
  }
}
