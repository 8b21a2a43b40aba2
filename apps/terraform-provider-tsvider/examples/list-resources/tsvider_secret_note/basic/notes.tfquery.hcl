# terraform query: the notes whose name starts with "deploy-", each named by the identity { name }.
list "tsvider_secret_note" "deploy" {
  provider = tsvider

  config {
    name_prefix = "deploy-"
  }
}
