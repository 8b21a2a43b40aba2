terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# A JSON file from elsewhere (an API's answer, say), summarized by a jq program.
data "tsvider_lens_jq" "summary" {
  json_input = file("${path.module}/status.json")
  query      = "{service, healthy: [.replicas[] | select(.healthy) | .zone], requests: ([.replicas[].requests] | add), build}"
}

# The same program style on a Terraform value, with several outputs.
data "tsvider_lens_jq" "zones" {
  input = {
    zones = [
      { name = "a", capacity = 3 },
      { name = "b", capacity = 0 },
      { name = "c", capacity = 5 },
    ]
  }
  query = ".zones[] | select(.capacity > 0) | .name"
}

# A zone per healthy replica, as a resource would take them.
output "healthy_zones" {
  value = data.tsvider_lens_jq.summary.result.healthy
}

output "requests" {
  value = data.tsvider_lens_jq.summary.result.requests
}

# A number jq only passes through keeps every digit in result_json.
output "summary_json" {
  value = data.tsvider_lens_jq.summary.result_json
}

output "zones_with_capacity" {
  value = data.tsvider_lens_jq.zones.result
}
