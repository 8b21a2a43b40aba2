// notebook_state: a state store that keeps Terraform's state in the notebook itself, one file
// per workspace under `state/`, with a lock file beside each while a command holds it. The
// practitioner names it in `terraform { state_store }` instead of a backend; Terraform sends
// and receives whole states through it, in chunks the framework puts together.
import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { hostname, userInfo } from "node:os";
import { join } from "node:path";
import { StateLockedError, TsviderError } from "@tsvider/framework";
import { notebook } from "./notebook.js";

// #region files
/** A workspace name that is safe as a file name. */
const workspacePattern = /^[A-Za-z0-9_][A-Za-z0-9_-]*$/;

/** Where the store keeps one workspace's state and lock. */
function filesOf(directory: string, stateId: string) {
  if (!workspacePattern.test(stateId)) {
    throw new TsviderError(`Workspace "${stateId}" cannot be kept in the notebook`, {
      detail: `notebook_state names each state's file after its workspace: use letters, digits, "_" and "-", not starting with "-".`,
    });
  }
  return { state: join(directory, `${stateId}.tfstate`), lock: join(directory, `${stateId}.lock`) };
}
// #endregion files

export const state = notebook.stateStore({
  typeName: "notebook_state",
  description: "Keeps Terraform's state in the notebook's `state/` directory, one file per workspace.",
  // The notebook's directory comes from the provider block inside `state_store`.
  schema: {},
  // #region configure
  async configure({ providerData }) {
    const directory = join(providerData.directory, "state");
    await mkdir(directory, { recursive: true });
    return directory; // reaches every operation below as `store`
  },
  // #endregion configure
  // #region states
  async getStates({ store }) {
    return (await readdir(store))
      .filter((f) => f.endsWith(".tfstate"))
      .map((f) => f.slice(0, -".tfstate".length));
  },
  async readState({ store, stateId }) {
    try {
      return await readFile(filesOf(store, stateId).state);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return null; // no state yet
      throw err;
    }
  },
  async writeState({ store, stateId, bytes }) {
    // Through a temporary file: a write that fails half way leaves the previous state whole.
    const file = filesOf(store, stateId).state;
    await writeFile(`${file}.tmp`, bytes);
    await rename(`${file}.tmp`, file);
  },
  async deleteState({ store, stateId }) {
    await rm(filesOf(store, stateId).state, { force: true });
  },
  // #endregion states
  // #region lock
  async lock({ store, stateId, operation }) {
    const file = filesOf(store, stateId).lock;
    const holder = {
      id: randomUUID(),
      operation,
      who: `${userInfo().username}@${hostname()}`,
      created: new Date().toISOString(),
      path: file,
    };
    try {
      await writeFile(file, JSON.stringify(holder), { flag: "wx" });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      // Terraform shows who holds it, and the force-unlock command that would release it.
      const other = JSON.parse(await readFile(file, "utf8").catch(() => "{}")) as Partial<typeof holder>;
      throw new StateLockedError(stateId, { ...other, id: other.id ?? "(unreadable lock file)", path: file });
    }
    return holder.id;
  },
  async unlock({ store, stateId, lockId }) {
    const file = filesOf(store, stateId).lock;
    const held = JSON.parse(await readFile(file, "utf8").catch(() => "{}")) as { id?: string };
    if (held.id !== lockId) {
      throw new TsviderError(`The lock of workspace "${stateId}" is not ${lockId}`, {
        detail: `${file} holds lock ${held.id ?? "(none)"}. Another process took the state since: leave its lock alone.`,
      });
    }
    await rm(file);
  },
  // #endregion lock
});
