terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::lens_jq: filtering, reshaping and aggregating records.

locals {
  employees = [
    { name = "Alice Smith", department = "Engineering", salary = 95000, skills = ["Go", "Docker"] },
    { name = "Bob Johnson", department = "Marketing", salary = 75000, skills = ["SEO"] },
    { name = "Carol Davis", department = "Engineering", salary = 105000, skills = ["Go", "React"] },
  ]
}

# Select.
output "engineers" {
  value = provider::tsvider::lens_jq(local.employees, "[.[] | select(.department == \"Engineering\") | .name]")
}

# Flatten and unique.
output "skills" {
  value = provider::tsvider::lens_jq(local.employees, "[.[].skills[]] | unique")
}

# Arithmetic in jq's doubles.
output "average" {
  value = provider::tsvider::lens_jq(local.employees, "[.[].salary] | add / length")
}

# Group and count.
output "by_department" {
  value = provider::tsvider::lens_jq(local.employees, "group_by(.department) | map({key: .[0].department, value: length}) | from_entries")
}

# Several outputs come back as a tuple.
output "several" {
  value = provider::tsvider::lens_jq(local.employees, ".[].salary")
}
