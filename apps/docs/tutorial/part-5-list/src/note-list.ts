// The list resource for notebook_note: `terraform query` finds the notes in the notebook,
// Terraform's or anyone's, each named by the note's identity. With `include_resource` (or
// `-generate-config-out`) each result carries the whole note, as read would return it, so that
// Terraform can write the resource and import blocks that take it over.
import { attr } from "@tsvider/framework";
import { note } from "./note.js";
import { notebook } from "./notebook.js";

export const noteList = notebook.listResource({
  // The resource it lists: the same type name, and results named by its identity.
  resource: note,
  description: "Finds the notes in the notebook, all of them or those with a tag.",
  // #region schema
  schema: {
    tag: attr.string({ optional: true, description: "Only the notes with this tag. Default: every note." }),
  },
  // #endregion schema
  // #region list
  async *list({ config, includeResource, providerData }) {
    for (const found of await providerData.all()) {
      if (config.tag !== null && !(found.tags ?? []).includes(config.tag)) continue;
      yield {
        displayName: found.title,
        identity: { id: found.id },
        ...(includeResource
          ? {
              resource: {
                id: found.id,
                title: found.title,
                body: found.body,
                tags: found.tags && [...found.tags],
                session_id: null,
              },
            }
          : {}),
      };
    }
  },
  // #endregion list
});
