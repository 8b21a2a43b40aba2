// notebook_session: an ephemeral resource holding the notebook for one run. Open takes the
// notebook's lock file, which no second run can take while it exists; close releases it and
// writes a line to the notebook's history. The lock expires unless renewed, so a run that died
// without closing its session does not hold the notebook for ever. Nothing of it reaches a plan
// or state file: the session exists only while Terraform runs.
import { attr, privateState, ValidationError } from "@tsvider/framework";
import { type Lock, lockLifetimeMs, notebook } from "./notebook.js";

/** Terraform renews a session once half its lock's lifetime has passed. */
const renewAt = () => new Date(Date.now() + lockLifetimeMs / 2);

export const session = notebook.ephemeralResource({
  typeName: "notebook_session",
  description:
    "Holds the notebook's lock file while Terraform uses the session, so that no other run writes notes meanwhile; each close adds a line to the notebook's `history.log`.",
  // #region schema
  schema: {
    holder: attr.string({
      required: true,
      description: "Who holds the notebook, written in the lock file for anyone who finds it locked.",
    }),
    session_id: attr.string({
      computed: true,
      description: "The session's id, new on every open: give it to `notebook_note`'s `session_id`.",
    }),
  },
  // What close needs, kept by Terraform from open to close: sealed, and never in a file.
  privateState: privateState<Lock>(),
  // #endregion schema
  validateConfig({ config }) {
    if (config.holder === "") {
      throw new ValidationError("holder is empty", {
        detail: 'Say who holds the notebook, such as "nightly-job".',
        path: [{ attribute: "holder" }],
      });
    }
  },
  // #region open-close
  async open({ config, providerData }) {
    const lock = await providerData.lock(config.holder);
    return {
      result: { holder: config.holder, session_id: lock.session_id },
      private: lock,
      renewAt: renewAt(),
    };
  },
  // A run longer than the lock's lifetime keeps it: Terraform calls renew at renewAt.
  async renew({ private: lock, providerData }) {
    if (lock === null) return {};
    return { private: await providerData.renew(lock), renewAt: renewAt() };
  },
  async close({ private: lock, providerData }) {
    if (lock !== null) await providerData.unlock(lock);
  },
  // #endregion open-close
});
