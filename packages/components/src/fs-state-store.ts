/**
 * The `tsvider_filesystem_store` state store: each workspace's state and lock kept as files in a
 * local directory.
 *
 * @packageDocumentation
 */
// A state store that keeps each state as a file in a directory (`<state>.tfstate`) and each
// lock as a lock file beside it (`<state>.tfstate.lock`), created exclusively, so of two
// processes asking at once exactly one gets the lock and the other learns who holds it. A
// state is replaced through a temporary file and a rename: a failed write leaves the previous
// state whole. Useful on a shared disk, and as a model for stores on remote services.
import { randomUUID } from "node:crypto";
import { mkdir, open, readdir, readFile, unlink } from "node:fs/promises";
import { hostname, userInfo } from "node:os";
import { join, resolve } from "node:path";
import {
  attr,
  defineStateStore,
  type LockHolder,
  MAX_STATE_CHUNK_SIZE,
  StateLockedError,
  TsviderError,
  ValidationError,
} from "@tsvider/framework";
import { removeLeftoverTemporaries, writeThroughTemporary } from "./internal/temporary-files.js";

const schema = {
  path: attr.string({
    required: true,
    description:
      "The directory holding the states, created when absent; relative paths start at the directory Terraform runs in. Must not be empty.",
  }),
  chunk_size: attr.int64({
    optional: true,
    description: `Bytes per chunk when states travel between Terraform and the provider, 1 to ${MAX_STATE_CHUNK_SIZE} (128 MiB). Terraform's proposal (8 MiB) when unset.`,
  }),
};

const stateSuffix = ".tfstate";
const lockSuffix = ".tfstate.lock";
/** A workspace name that is safe as a file name: no separators, no leading dot. */
const stateIdPattern = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;

/** Options of `fsStateStore`: the type name to register it under. */
export interface FsStateStoreOptions {
  /** Defaults to `tsvider_filesystem_store`; use your provider's prefix to reuse it elsewhere. */
  readonly typeName?: string;
}

interface Directory {
  readonly dir: string;
}

/** A lock file's content: the holder, in Terraform's lock info fields. */
interface LockFile {
  readonly ID: string;
  readonly Operation: string;
  readonly Who: string;
  readonly Created: string;
  readonly Path: string;
  readonly Info: string;
}

/**
 * A state store keeping each workspace's state, and its lock, in files of a local directory
 * (`tsvider_filesystem_store` unless `options.typeName` says otherwise).
 */
export function fsStateStore(options: FsStateStoreOptions = {}) {
  const typeName = options.typeName ?? "tsvider_filesystem_store";
  const file = (store: Directory, stateId: string, suffix: string) => {
    if (!stateIdPattern.test(stateId) || stateId.endsWith(".lock")) {
      throw new TsviderError(`State name "${stateId}" cannot be a file name`, {
        detail: `${typeName} keeps each state as a file named after its workspace: use letters, digits, ".", "_" and "-", not starting with "." or "-".`,
      });
    }
    return join(store.dir, `${stateId}${suffix}`);
  };
  const readLock = async (path: string): Promise<LockFile | undefined> => {
    try {
      return JSON.parse(await readFile(path, "utf8")) as LockFile;
    } catch {
      return undefined;
    }
  };
  const holder = (lock: LockFile | undefined, path: string): LockHolder => ({
    id: lock?.ID ?? "(unreadable lock file)",
    path: lock?.Path ?? path,
    operation: lock?.Operation ?? "",
    who: lock?.Who ?? "",
    created: lock?.Created ?? "",
    info: lock?.Info ?? `the lock file ${path} exists but cannot be read; remove it if no process holds it`,
  });

  return defineStateStore({
    typeName,
    description: "Keeps Terraform's states as files in a directory, with lock files beside them.",
    schema,
    validateConfig({ config }) {
      if (config.path === "") {
        throw new ValidationError("path is empty", {
          detail: 'Give the directory to keep states in, such as "states".',
          path: [{ attribute: "path" }],
        });
      }
    },
    async configure({ config, setChunkSize }): Promise<Directory> {
      if (config.chunk_size !== null) setChunkSize(Number(config.chunk_size));
      const dir = resolve(config.path);
      try {
        await mkdir(dir, { recursive: true });
      } catch (err) {
        throw new TsviderError(`Cannot use ${config.path} as a state directory`, {
          detail: `${typeName} could not create ${dir}. Check that the path is a writable directory.`,
          path: [{ attribute: "path" }],
          cause: err,
        });
      }
      // A state write a killed process left half done: its temporary goes now.
      await removeLeftoverTemporaries(dir);
      return { dir };
    },
    async getStates({ store }) {
      const names = await readdir(store.dir);
      return names.filter((n) => n.endsWith(stateSuffix)).map((n) => n.slice(0, -stateSuffix.length));
    },
    async readState({ store, stateId }) {
      try {
        return await readFile(file(store, stateId, stateSuffix));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
    },
    async writeState({ store, stateId, bytes }) {
      await writeThroughTemporary(file(store, stateId, stateSuffix), bytes);
    },
    async deleteState({ store, stateId }) {
      try {
        await unlink(file(store, stateId, stateSuffix));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
        throw new TsviderError(`No state named "${stateId}"`, {
          detail: `${typeName} has no file ${stateId}${stateSuffix} in ${store.dir}; terraform workspace list shows the states there.`,
        });
      }
    },
    async lock({ store, stateId, operation }) {
      const path = file(store, stateId, lockSuffix);
      const lock: LockFile = {
        ID: randomUUID(),
        Operation: operation,
        Who: `${userInfo().username}@${hostname()}`,
        Created: new Date().toISOString(),
        Path: file(store, stateId, stateSuffix),
        Info: `process ${process.pid}`,
      };
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        // "wx": created only if absent, atomically; the one who creates it holds the lock.
        handle = await open(path, "wx");
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
        throw new StateLockedError(stateId, holder(await readLock(path), path));
      }
      try {
        await handle.writeFile(JSON.stringify(lock, null, 2));
      } finally {
        await handle.close();
      }
      return lock.ID;
    },
    async unlock({ store, stateId, lockId }) {
      const path = file(store, stateId, lockSuffix);
      const lock = await readLock(path);
      if (lock === undefined) return; // already released: nothing left to do
      if (lock.ID !== lockId) {
        throw new TsviderError(`The lock on state "${stateId}" is not lock ${lockId}`, {
          detail: `Another process holds it now:\n${JSON.stringify(lock, null, 2)}\nIt was left in place.`,
        });
      }
      await unlink(path);
    },
  });
}
