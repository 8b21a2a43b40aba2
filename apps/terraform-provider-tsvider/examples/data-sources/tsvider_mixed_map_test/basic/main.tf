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

# input_data is dynamic: an object of mixed types goes in as it is.
data "tsvider_mixed_map_test" "service" {
  input_data = {
    name     = "checkout"
    replicas = 2
    public   = true
  }
}

output "processed" {
  value = data.tsvider_mixed_map_test.service.processed_data
}
