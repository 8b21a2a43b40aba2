// notebook_note: a note kept as a JSON file. Full CRUD, import by id (the `import` command or
// an `import` block), and an identity, so that `import` blocks may name a note by
// `identity = { id = "..." }` and later parts can list notes by it.
import { attr, identityAttr, importPassthrough, t, useStateForUnknown } from "@tsvider/framework";
import { notebook } from "./notebook.js";

export const note = notebook.resource({
  typeName: "notebook_note",
  description: "A note in the notebook: one JSON file under the notebook's `notes/` directory.",
  // #region schema
  schema: {
    id: attr.string({
      computed: true,
      description: "The note's id, chosen when it is created; its file is `notes/<id>.json`.",
      // The id never changes once made: plan the known one instead of "(known after apply)".
      planModifiers: [useStateForUnknown()],
    }),
    title: attr.string({ required: true, description: "The note's title." }),
    body: attr.string({
      optional: true,
      computed: true,
      default: "",
      description: 'The note\'s text. Default: "".',
    }),
    tags: attr.list(t.string, { optional: true, description: "Words to find the note by." }),
  },
  identity: {
    schema: {
      id: identityAttr.string({ requiredForImport: true, description: "The note's id." }),
    },
  },
  // #endregion schema
  // #region crud
  async create({ plan, providerData, setIdentity }) {
    const created = {
      id: providerData.newId(),
      title: plan.title,
      body: plan.body,
      tags: plan.tags,
    };
    await providerData.put(created);
    setIdentity({ id: created.id });
    return created;
  },
  async read({ state, providerData, setIdentity }) {
    if (state.id === null) return null;
    const found = await providerData.get(state.id);
    // Deleted outside Terraform: null removes it from state, and the next plan creates it again.
    if (found === undefined) return null;
    // An object imported by id has no identity until read gives it one.
    setIdentity({ id: found.id });
    return { id: found.id, title: found.title, body: found.body, tags: found.tags && [...found.tags] };
  },
  async update({ plan, state, providerData }) {
    const updated = { id: state.id!, title: plan.title, body: plan.body, tags: plan.tags };
    await providerData.put(updated);
    return updated;
  },
  async delete({ state, providerData }) {
    if (state.id !== null) await providerData.remove(state.id);
  },
  // #endregion crud
  // #region import
  // `tofu import notebook_note.x 3f9a1c2b` and `import { id = "3f9a1c2b" }` give the id;
  // `import { identity = { id = "3f9a1c2b" } }` gives the identity. Either way the state starts
  // as { id }, and read fills in the rest.
  importState: importPassthrough("id"),
  // #endregion import
});
