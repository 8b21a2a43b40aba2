terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# The provider inherits tofu's environment; checks.mjs sets these variables for the example.
data "tsvider_env_variables" "app" {
  keys = ["EXAMPLE_APP_NAME", "EXAMPLE_APP_REGION", "EXAMPLE_NOT_SET"]
}

output "app_name" {
  value = data.tsvider_env_variables.app.values["EXAMPLE_APP_NAME"]
}

output "region" {
  # lookup with a default: a variable that is not set is simply absent from the map.
  value = lookup(data.tsvider_env_variables.app.values, "EXAMPLE_APP_REGION", "eu-west-1")
}

output "found" {
  value = sort(keys(data.tsvider_env_variables.app.values))
}
