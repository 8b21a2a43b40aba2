terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# Names coming from every source the resource knows: a source file's path, the deprecated
# old_name (warned about, not refused) and name itself.
variable "sources" {
  type = map(object({ name = optional(string), old_name = optional(string), source_file = optional(string) }))
  default = {
    # Not a file in this directory: planning warns at source_file, and goes on.
    from_file = { source_file = "templates/service.conf" }
    legacy    = { old_name = "billing-v1" }
    current   = { name = "billing" }
  }
}

resource "tsvider_warning_example" "this" {
  for_each    = var.sources
  name        = each.value.name
  old_name    = each.value.old_name
  source_file = each.value.source_file
}

# The resolved names, written to a file that other tools read.
resource "tsvider_file_content" "names" {
  filename = "${path.module}/out/names.json"
  content  = jsonencode({ for key, r in tsvider_warning_example.this : key => r.name })
}

output "names" {
  value = { for key, r in tsvider_warning_example.this : key => r.name }
}
