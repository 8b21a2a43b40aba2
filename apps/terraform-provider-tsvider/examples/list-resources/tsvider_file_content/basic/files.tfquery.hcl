# terraform query: every .txt file in files/, each named by the identity { filename }.
list "tsvider_file_content" "txt" {
  provider = tsvider

  config {
    path   = "files"
    suffix = ".txt"
  }
}
