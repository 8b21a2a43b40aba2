# Every .txt file below inbox/, subdirectories too, each with its whole object (content, mode,
# hash), so -generate-config-out can write a resource block with its values. Hidden files
# (.draft.txt) are left out unless include_hidden = true.
list "tsvider_file_content" "inbox" {
  provider         = tsvider
  include_resource = true

  config {
    path      = "inbox"
    suffix    = ".txt"
    recursive = true
  }
}

# The first file only: limit cuts the listing short. pattern matches names with * and ?.
list "tsvider_file_content" "first" {
  provider = tsvider
  limit    = 1

  config {
    path    = "inbox"
    pattern = "t*"
  }
}
