# Every note with its whole object (digest, secret_version; the secret is null), so
# -generate-config-out can write a resource block with its values. include_archived is
# accepted for list blocks written for pyvider, and changes nothing.
list "tsvider_secret_note" "keys" {
  provider         = tsvider
  include_resource = true

  config {
    name_prefix      = "deploy-"
    include_archived = false
  }
}

# The first note only: limit cuts the listing short.
list "tsvider_secret_note" "first" {
  provider = tsvider
  limit    = 1
}
