terraform {
  required_providers {
    tsvider = {
      source  = "tsvider/tsvider"
      version = "0.1.0"
    }
  }
}

provider "tsvider" {}

# One read per configuration fragment shipped with the module.
data "tsvider_file" "fragment" {
  for_each = fileset("${path.module}/config", "*.conf")
  filename = "${path.module}/config/${each.key}"
}

# The fragments joined into one file, in name order, each under a header naming its source.
resource "tsvider_file_content" "bundle" {
  filename = "${path.module}/out/bundle.conf"
  content = join("\n", [
    for name in sort(keys(data.tsvider_file.fragment)) :
    "# ${name} (sha256 ${substr(data.tsvider_file.fragment[name].content_hash, 0, 12)})\n${data.tsvider_file.fragment[name].content}"
  ])
}

output "fragments" {
  value = sort(keys(data.tsvider_file.fragment))
}

output "total_size" {
  value = sum([for f in data.tsvider_file.fragment : f.size])
}

# The data source's hash agrees with Terraform's own filesha256 and with the provider function.
output "hashes_agree" {
  value = alltrue([
    for f in data.tsvider_file.fragment :
    f.content_hash == filesha256(f.filename) && f.content_hash == provider::tsvider::sha256_hex(f.content)
  ])
}
