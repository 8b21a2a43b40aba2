terraform {
  required_providers {
    # No version: `init -upgrade` takes the newest build `tsvider install` put in the mirror.
    notebook = { source = "notebook/notebook" }
  }
}

provider "notebook" {
  # Absolute, so that it does not depend on where the provider runs: a test or
  # `tsvider serve --debug` runs it in a directory of its own.
  directory = "${abspath(path.root)}/notebook"
}

resource "notebook_note" "welcome" {
  title = "Welcome"
  body  = "This note is a file in notebook/notes."
  tags  = ["intro"]
}

output "welcome_id" {
  value = notebook_note.welcome.id
}
