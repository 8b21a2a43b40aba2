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

data "tsvider_structured_object_test" "app" {
  config_name = "web"
  metadata = {
    env  = "prod"
    team = "infra"
  }
}

output "generated" {
  value = data.tsvider_structured_object_test.app.generated_config
}

output "summary" {
  value = data.tsvider_structured_object_test.app.summary
}
