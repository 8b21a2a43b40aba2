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

data "tsvider_simple_map_test" "labels" {
  input_data = {
    team = "platform"
    tier = "backend"
  }
}

output "processed" {
  value = data.tsvider_simple_map_test.labels.processed_data
}

output "hash" {
  value = data.tsvider_simple_map_test.labels.data_hash
}
