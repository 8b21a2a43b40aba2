// notebook_note: a note kept as a JSON file. Full CRUD, import by id (the `import` command or
// an `import` block), and an identity, so that `import` blocks may name a note by
// `identity = { id = "..." }` and later parts can list notes by it. A write-only `session_id`
// fences the writes: given one, a note is written only while that notebook_session holds the
// notebook.
import {
  attr,
  identityAttr,
  importPassthrough,
  ResourceError,
  t,
  useStateForUnknown,
} from "@tsvider/framework";
import { type Notebook, notebook } from "./notebook.js";

// #region fence
/** Writes only while `session` holds the notebook, when one is given. */
async function checkSession(providerData: Notebook, session: string | null): Promise<void> {
  if (session === null) return;
  const holder = (await providerData.currentLock())?.session_id;
  if (holder !== session) {
    throw new ResourceError(`The notebook is not held by session ${session}`, {
      detail: `${providerData.lockFile} ${holder === undefined ? "does not exist" : `belongs to session ${holder}`}. Set session_id from a notebook_session of the same run: ephemeral.notebook_session.<name>.session_id.`,
      path: [{ attribute: "session_id" }],
    });
  }
}
// #endregion fence

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
    // #region session-id
    session_id: attr.string({
      optional: true,
      writeOnly: true,
      description:
        "A notebook_session's id: the note is written only while that session holds the notebook. Write-only: never stored.",
    }),
    // #endregion session-id
  },
  identity: {
    schema: {
      id: identityAttr.string({ requiredForImport: true, description: "The note's id." }),
    },
  },
  // #endregion schema
  // #region crud
  async create({ plan, config, providerData, setIdentity }) {
    // Write-only values are in config alone: the plan holds null for them.
    await checkSession(providerData, config.session_id);
    const created = {
      id: providerData.newId(),
      title: plan.title,
      body: plan.body,
      tags: plan.tags,
    };
    await providerData.put(created);
    setIdentity({ id: created.id });
    return { ...created, session_id: null };
  },
  async read({ state, providerData, setIdentity }) {
    if (state.id === null) return null;
    const found = await providerData.get(state.id);
    // Deleted outside Terraform: null removes it from state, and the next plan creates it again.
    if (found === undefined) return null;
    // An object imported by id has no identity until read gives it one.
    setIdentity({ id: found.id });
    return {
      id: found.id,
      title: found.title,
      body: found.body,
      tags: found.tags && [...found.tags],
      session_id: null,
    };
  },
  async update({ plan, config, state, providerData }) {
    await checkSession(providerData, config.session_id);
    const updated = { id: state.id!, title: plan.title, body: plan.body, tags: plan.tags };
    await providerData.put(updated);
    return { ...updated, session_id: null };
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
