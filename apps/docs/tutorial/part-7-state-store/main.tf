terraform {
  required_providers {
    # No version: `init -upgrade` takes the newest build `tsvider install` put in the mirror.
    notebook = { source = "notebook/notebook" }
  }
  # The state lives in notebook/state/ instead of terraform.tfstate.
  state_store "notebook_state" {
    provider "notebook" {
      # No expressions here, as in a backend block: relative to where terraform runs.
      directory = "notebook"
    }
  }
}

provider "notebook" {
  # Absolute, so that it does not depend on where the provider runs: a test or
  # `tsvider serve --debug` runs it in a directory of its own.
  directory = "${abspath(path.root)}/notebook"
}

# Opened while the run needs it, closed when it is done: no other run writes notes meanwhile.
ephemeral "notebook_session" "run" {
  holder = "tutorial"
}

resource "notebook_note" "welcome" {
  title = "Welcome"
  body  = "This note is a file in notebook/notes."
  tags  = ["intro"]
  # Written only while this run's session holds the notebook; never stored in state.
  session_id = ephemeral.notebook_session.run.session_id
}

resource "notebook_note" "todo" {
  title      = "Things to do"
  body       = "Water the plants."
  tags       = ["todo"]
  session_id = ephemeral.notebook_session.run.session_id
  # Written after the welcome note, so that the archive its trigger makes holds both.
  depends_on = [notebook_note.welcome]

  lifecycle {
    # Archive the notes each time this one is created or changed.
    action_trigger {
      events  = [after_create, after_update]
      actions = [action.notebook_archive.weekly]
    }
  }
}

action "notebook_archive" "weekly" {
  config {
    name = provider::notebook::slug("Weekly")
  }
}

data "notebook_notes" "todo" {
  tag = "todo"
  # Read after the notes are written, not before.
  depends_on = [notebook_note.welcome, notebook_note.todo]
}

output "welcome_id" {
  value = notebook_note.welcome.id
}

output "todo_titles" {
  value = data.notebook_notes.todo.notes[*].title
}

output "todo_slugs" {
  value = [for n in data.notebook_notes.todo.notes : provider::notebook::slug(n.title)]
}
