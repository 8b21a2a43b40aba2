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

# Values of every kind: numbers beyond a double's precision and decimals stay exact, nested
# values and lists pass through unchanged.
data "tsvider_mixed_map_test" "mixed" {
  input_data = {
    label   = "edge"
    big     = 9007199254740993
    ratio   = 0.1
    nested  = { keep = "as is" }
    ports   = [80, 443]
    enabled = false
  }
}

# A map (all values of one type) works as well as an object.
data "tsvider_mixed_map_test" "counts" {
  input_data = tomap({ a = 1, b = 2 })
}

resource "tsvider_file_content" "results" {
  filename = "${path.module}/results.json"
  content  = jsonencode(data.tsvider_mixed_map_test.mixed.processed_data)
}

output "big_plus_one" {
  # As a string, so no JSON reader rounds it on the way out.
  value = tostring(data.tsvider_mixed_map_test.mixed.processed_data.big)
}

output "ratio_plus_one" {
  value = tostring(data.tsvider_mixed_map_test.mixed.processed_data.ratio)
}

output "counts" {
  value = data.tsvider_mixed_map_test.counts.processed_data
}

# The hash of the processed map, as pyvider computes it for the same data.
output "counts_hash" {
  value = data.tsvider_mixed_map_test.counts.data_hash
}
