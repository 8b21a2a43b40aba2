terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# A token per service, each with its own lifetime; changing a lifetime issues a new token.
variable "services" {
  type = map(string)
  default = {
    database = "30m"
    cache    = "2h"
    queue    = "1h30m"
  }
}

resource "tsvider_timed_token" "service" {
  for_each = var.services
  name     = "${each.key}-token"
  lifetime = each.value
}

# What clients need to know about their tokens, without the tokens themselves: id and expiry
# are not sensitive, the token is.
resource "tsvider_file_content" "registry" {
  filename        = "${path.module}/out/token-registry.json"
  file_permission = "0600"
  content = jsonencode({
    for name, t in tsvider_timed_token.service : name => {
      id         = t.id
      expires_at = t.expires_at
      lifetime   = t.lifetime
    }
  })
}

# The token for one service, written where only its owner can read it.
resource "tsvider_secret_file" "database_token" {
  filename   = "${path.module}/out/database.token"
  content_wo = tsvider_timed_token.service["database"].token
}

output "registry_file" {
  value = tsvider_file_content.registry.filename
}

output "expiries" {
  value = { for name, t in tsvider_timed_token.service : name => t.expires_at }
}
