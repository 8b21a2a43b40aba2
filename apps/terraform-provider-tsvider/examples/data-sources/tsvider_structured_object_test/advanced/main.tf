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
  services = {
    api    = { owner = "platform", language = "typescript" }
    worker = { owner = "data" }
    static = {}
  }
}

data "tsvider_structured_object_test" "service" {
  for_each    = local.services
  config_name = each.key
  metadata    = each.value
}

# Nested attributes are addressed like any object: one config file per service.
resource "tsvider_file_content" "config" {
  for_each = data.tsvider_structured_object_test.service
  filename = "${path.module}/services/${each.key}.json"
  content = jsonencode({
    name     = each.value.generated_config.name
    enabled  = each.value.generated_config.enabled
    settings = each.value.generated_config.settings
    level    = each.value.summary.nested_info.level
  })
}

output "with_metadata" {
  value = sort([for k, d in data.tsvider_structured_object_test.service : k if d.summary.has_metadata])
}

output "numeric_total" {
  value = sum(flatten([for d in data.tsvider_structured_object_test.service : values(d.generated_config.numeric_settings)]))
}
