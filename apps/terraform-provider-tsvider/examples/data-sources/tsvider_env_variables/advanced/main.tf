terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# Every EXAMPLE_DB_* variable, names in lower case; the password goes to sensitive_values,
# and EXAMPLE_DB_EMPTY (set to "") is left out, as exclude_empty defaults to true.
data "tsvider_env_variables" "db" {
  prefix         = "EXAMPLE_DB_"
  transform_keys = "lower"
  sensitive_keys = ["EXAMPLE_DB_PASSWORD"]
}

# Variables chosen by a regular expression, matched from the start of the name, in any case.
data "tsvider_env_variables" "urls" {
  regex          = "example_.*_url$"
  case_sensitive = false
}

locals {
  db = data.tsvider_env_variables.db.values
}

# A dotenv file of the settings that are not secret.
resource "tsvider_file_content" "dotenv" {
  filename = "${path.module}/app.env"
  content  = join("", [for k in sort(keys(local.db)) : "${upper(k)}=${local.db[k]}\n"])
}

output "db_settings" {
  value = local.db
}

output "password_length" {
  # A value from a sensitive attribute stays sensitive through any expression.
  value     = length(data.tsvider_env_variables.db.sensitive_values["example_db_password"])
  sensitive = true
}

output "url_names" {
  value = sort(keys(data.tsvider_env_variables.urls.values))
}
