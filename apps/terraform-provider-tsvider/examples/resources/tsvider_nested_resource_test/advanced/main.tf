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

variable "services" {
  type = list(object({
    name = string
    port = number
    tls  = optional(bool)
  }))
  default = [
    { name = "web", port = 8080 },
    { name = "api", port = 8443, tls = true },
    { name = "metrics", port = 9090, tls = false },
  ]
}

# Blocks generated from a variable, and a configuration of nested lists and maps whose type
# only config knows.
resource "tsvider_nested_resource_test" "mesh" {
  resource_name = "service-mesh"

  configuration = {
    tags     = ["mesh", "internal"]
    limits   = { cpu = "500m", memory = "256Mi" }
    replicas = length(var.services)
  }

  dynamic "nested_configs" {
    for_each = var.services
    content {
      service     = nested_configs.value.name
      port        = nested_configs.value.port
      protocol    = nested_configs.value.tls == true ? "https" : null
      ssl_enabled = nested_configs.value.tls
    }
  }
}

# The computed addresses feed a file, as a config generator would use them.
resource "tsvider_file_content" "upstreams" {
  filename = "${path.module}/out/upstreams.txt"
  content  = join("\n", tsvider_nested_resource_test.mesh.nested_configs[*].address)
}

output "summary" {
  value = tsvider_nested_resource_test.mesh.summary
}

output "replicas" {
  value = tsvider_nested_resource_test.mesh.processed_data.main_config.replicas
}
