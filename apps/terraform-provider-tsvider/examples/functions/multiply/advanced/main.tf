terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::multiply: monthly costs of instances from hourly prices.

locals {
  hourly = { "t2.micro" = 0.0116, "t2.small" = 0.023, "m5.large" = 0.096 }
  fleet  = [{ type = "t2.micro", hours = 730 }, { type = "m5.large", hours = 730 }, { type = "t2.small", hours = 365 }]
  costs  = [for i in local.fleet : provider::tsvider::multiply(local.hourly[i.type], i.hours)]
}

# Each price × hours.
output "costs" {
  value = local.costs
}

# The fleet's month.
output "total" {
  value = provider::tsvider::sum(local.costs)
}

# Twice the fleet.
output "doubled" {
  value = provider::tsvider::multiply(provider::tsvider::sum(local.costs), 2)
}
