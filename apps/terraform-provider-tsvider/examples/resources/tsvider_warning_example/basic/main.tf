terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# Set with name, as current configurations should: no warning.
resource "tsvider_warning_example" "current" {
  name = "example_warning"
}

# Set with the deprecated old_name: plan and apply succeed, and tofu shows two warnings at
# old_name's line, its own for the deprecated attribute and the provider's.
resource "tsvider_warning_example" "legacy" {
  old_name = "legacy_name"
}

output "current_name" {
  value = tsvider_warning_example.current.name
}

output "legacy_name" {
  value = tsvider_warning_example.legacy.name
}
