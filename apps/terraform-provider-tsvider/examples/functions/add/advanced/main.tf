terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# provider::tsvider::add: totals a bill from line items, and shows that a null operand gives null.

locals {
  items = [
    { name = "compute", cost = 12.10 },
    { name = "storage", cost = 3.35 },
    { name = "network", cost = 0.05 },
  ]
  subtotal = provider::tsvider::add(provider::tsvider::add(local.items[0].cost, local.items[1].cost), local.items[2].cost)
  tax      = provider::tsvider::multiply(local.subtotal, 0.2)
}

# 12.10 + 3.35 + 0.05 is exactly 15.5.
output "subtotal" {
  value = local.subtotal
}

# 15.5 plus 20% tax.
output "total" {
  value = provider::tsvider::add(local.subtotal, local.tax)
}

# Integers past 2^53 stay exact.
output "big" {
  value = provider::tsvider::add(9007199254740993, 1) == 9007199254740994
}

# A null operand gives null.
output "with_null" {
  value = provider::tsvider::add(1, null) == null
}
