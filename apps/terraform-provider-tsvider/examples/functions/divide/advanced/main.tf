terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::divide: averages and shares; a quotient with no end in decimal is rounded by the caller.

locals {
  budgets = [50000, 75000, 100000, 125000, 80000]
  total   = provider::tsvider::sum(local.budgets)
  shares  = [for b in local.budgets : provider::tsvider::round(provider::tsvider::multiply(provider::tsvider::divide(b, local.total), 100), 2)]
}

# The mean budget.
output "average" {
  value = provider::tsvider::divide(local.total, length(local.budgets))
}

# Each budget's percentage, to 2 places.
output "shares" {
  value = local.shares
}

# 1 / 3 rounded to 4 places.
output "third" {
  value = provider::tsvider::round(provider::tsvider::divide(1, 3), 4)
}

# Unrounded, every digit is what Terraform's own / gives (about 155 significant digits), and
# so is a product of it.
output "same_as_terraform" {
  value = {
    quotient = provider::tsvider::divide(1000, 1850) == 1000 / 1850
    product  = provider::tsvider::multiply(provider::tsvider::divide(1000, 1850), 3) == (1000 / 1850) * 3
    digits   = length(provider::tsvider::tostring(provider::tsvider::divide(1000, 1850)))
  }
}
