// The notebook on disk: a directory with one JSON file per note under `notes/`. The provider's
// `configure` opens it once per run, and every component receives it as `providerData`, so the
// components never repeat where the notebook is or how a note is stored.
import { randomBytes, randomUUID } from "node:crypto";
import { appendFile, mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { withProviderData } from "@tsvider/framework";

// #region notebook
/** One note as its file holds it. */
export interface Note {
  readonly id: string;
  readonly title: string;
  readonly body: string;
  readonly tags: readonly string[] | null;
}

// #region lock-file
/** What the lock file holds while a session has the notebook. */
export interface Lock {
  readonly session_id: string;
  readonly holder: string;
  /** Until when the lock holds unless renewed: a run that died cannot keep the notebook for ever. */
  readonly expires_at: string;
}

/** How long a lock lasts without renewal. */
export const lockLifetimeMs = 5 * 60_000;

/** The expiry of a lock taken or renewed now. */
function expiry(): string {
  return new Date(Date.now() + lockLifetimeMs).toISOString();
}
// #endregion lock-file

// An id becomes a file name, so it may hold nothing that could leave the notes directory.
const idPattern = /^[a-z0-9]{8}$/;

export class Notebook {
  private constructor(readonly directory: string) {}

  /** Opens the notebook in `directory`, creating it when it does not exist yet. */
  static async open(directory: string): Promise<Notebook> {
    const notebook = new Notebook(resolve(directory));
    await mkdir(notebook.notesDirectory, { recursive: true });
    return notebook;
  }

  get notesDirectory(): string {
    return join(this.directory, "notes");
  }

  /** A fresh id: eight random lowercase hex digits. */
  newId(): string {
    return randomBytes(4).toString("hex");
  }

  /** The note with this id, or undefined when there is none. */
  async get(id: string): Promise<Note | undefined> {
    let text: string;
    try {
      text = await readFile(this.fileOf(id), "utf8");
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw err;
    }
    try {
      return JSON.parse(text) as Note;
    } catch {
      throw new Error(
        `${this.fileOf(id)} is not a note: it does not hold JSON. Fix the file, or delete it to let the next apply write it again.`,
      );
    }
  }

  // #region all
  /** Every note, ordered by title. */
  async all(): Promise<Note[]> {
    const files = (await readdir(this.notesDirectory)).filter((f) => f.endsWith(".json"));
    const notes = await Promise.all(files.map((f) => this.get(f.slice(0, -".json".length))));
    return notes
      .filter((n): n is Note => n !== undefined)
      .sort((a, b) => a.title.localeCompare(b.title) || a.id.localeCompare(b.id));
  }
  // #endregion all

  /** Writes the note, through a temporary file so that a reader never sees half of it. */
  async put(note: Note): Promise<void> {
    const file = this.fileOf(note.id);
    await writeFile(`${file}.tmp`, `${JSON.stringify(note, null, 2)}\n`);
    await rename(`${file}.tmp`, file);
  }

  async remove(id: string): Promise<void> {
    await rm(this.fileOf(id), { force: true });
  }

  // #region lock
  get lockFile(): string {
    return join(this.directory, "session.lock");
  }

  /** Takes the notebook for `holder`, or fails naming who has it. A lock past its expiry is taken over. */
  async lock(holder: string): Promise<Lock> {
    const lock: Lock = { session_id: randomUUID(), holder, expires_at: expiry() };
    const held = await this.currentLock();
    if (held !== undefined && Date.parse(held.expires_at) < Date.now()) {
      await rm(this.lockFile, { force: true });
    }
    try {
      // "wx" creates the file only if it does not exist: of two runs, exactly one gets it.
      await writeFile(this.lockFile, `${JSON.stringify(lock)}\n`, { flag: "wx" });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const text = (await readFile(this.lockFile, "utf8").catch(() => "")).trim();
      throw new Error(
        `The notebook is in use: ${this.lockFile} exists (${text || "empty"}). Wait until the run holding it ends, or until the lock expires; if no run is using the notebook, delete the file.`,
      );
    }
    return lock;
  }

  /** Moves the lock's expiry on, while it is still this one. */
  async renew(lock: Lock): Promise<Lock> {
    const renewed = { ...lock, expires_at: expiry() };
    if ((await this.currentLock())?.session_id === lock.session_id) {
      await writeFile(`${this.lockFile}.tmp`, `${JSON.stringify(renewed)}\n`);
      await rename(`${this.lockFile}.tmp`, this.lockFile);
    }
    return renewed;
  }

  /** Releases the lock, if it is still this one, and adds a line to the notebook's history. */
  async unlock(lock: Lock): Promise<void> {
    if ((await this.currentLock())?.session_id === lock.session_id) await rm(this.lockFile, { force: true });
    await appendFile(
      join(this.directory, "history.log"),
      `${new Date().toISOString()} ${lock.session_id} ${lock.holder}\n`,
    );
  }

  /** The lock file's content, or undefined when nobody holds the notebook. */
  async currentLock(): Promise<Lock | undefined> {
    try {
      return JSON.parse(await readFile(this.lockFile, "utf8")) as Lock;
    } catch {
      return undefined;
    }
  }
  // #endregion lock

  private fileOf(id: string): string {
    if (!idPattern.test(id)) {
      throw new Error(
        `"${id}" is not a note id: an id is eight lowercase letters and digits, such as "3f9a1c2b".`,
      );
    }
    return join(this.notesDirectory, `${id}.json`);
  }
}

// #endregion notebook

// #region with-provider-data
/** The define functions with `providerData` typed as the Notebook that configure returns. */
export const notebook = withProviderData<Notebook>();
// #endregion with-provider-data
