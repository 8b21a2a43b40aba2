# Every .txt file below inbox/, subdirectories too, each with its whole object (content, mode,
# hash), so -generate-config-out can write a resource block with its values.
list "tsvider_file_content" "inbox" {
  provider         = tsvider
  include_resource = true

  config {
    directory = "inbox"
    pattern   = "*.txt"
    recursive = true
  }
}

# The first file only: limit cuts the listing short.
list "tsvider_file_content" "first" {
  provider = tsvider
  limit    = 1

  config {
    directory = "inbox"
  }
}
