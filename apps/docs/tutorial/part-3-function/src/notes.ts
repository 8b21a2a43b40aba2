// notebook_notes: a data source that finds the notebook's notes, all of them or those with a
// tag. Terraform reads it during plan (during apply when its configuration depends on changes),
// so a note written by anyone, Terraform or not, shows up in the next plan.
import { attr, t, ValidationError } from "@tsvider/framework";
import { notebook } from "./notebook.js";

export const notes = notebook.dataSource({
  typeName: "notebook_notes",
  description: "The notes in the notebook, ordered by title: all of them, or those with a tag.",
  // #region schema
  schema: {
    tag: attr.string({ optional: true, description: "Only the notes with this tag. Default: every note." }),
    notes: attr.listNested(
      {
        id: attr.string({ computed: true, description: "The note's id." }),
        title: attr.string({ computed: true, description: "The note's title." }),
        body: attr.string({ computed: true, description: "The note's text." }),
        tags: attr.list(t.string, {
          computed: true,
          description: "The note's tags; empty when it has none.",
        }),
      },
      { computed: true, description: "The notes found, ordered by title." },
    ),
  },
  // #endregion schema
  // #region validate
  validateConfig({ config }) {
    if (config.tag === "") {
      throw new ValidationError("tag is empty", {
        detail: 'Give the tag to look for, such as "todo", or leave tag out to find every note.',
        path: [{ attribute: "tag" }],
      });
    }
  },
  // #endregion validate
  // #region read
  async read({ config, providerData }) {
    const found = (await providerData.all()).filter(
      (note) => config.tag === null || (note.tags ?? []).includes(config.tag),
    );
    return {
      tag: config.tag,
      notes: found.map((note) => ({
        id: note.id,
        title: note.title,
        body: note.body,
        tags: [...(note.tags ?? [])],
      })),
    };
  },
  // #endregion read
});
