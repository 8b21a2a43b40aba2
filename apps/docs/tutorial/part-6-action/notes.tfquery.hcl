# `terraform query` reads the list blocks of *.tfquery.hcl files; plan and apply ignore them.
list "notebook_note" "todo" {
  provider         = notebook
  include_resource = true
  config {
    tag = "todo"
  }
}
