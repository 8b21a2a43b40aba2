// Files the components write go through a temporary beside the target and a rename, so a reader
// never sees half a file. A process killed between the two (Terraform killed mid-apply, the
// machine losing power) leaves the temporary behind, and it may hold a secret. So temporaries
// carry a name no one else uses, with the writer's process id in it, and the first time a
// process works in a directory it removes the ones whose writer is gone. A live writer's
// temporaries (another provider process working in the same directory) are left alone, and so
// is every other file: only this exact name pattern is ever removed.
import { randomBytes } from "node:crypto";
import { chmod, lstat, readdir, rename, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";

/** `.<start of the target's name>.<pid>.<8 hex digits>.tsvider-tmp`: hidden, and ours alone. */
const temporaryPattern = /^\..*\.(\d+)\.[0-9a-f]{8}\.tsvider-tmp$/s;

/** The temporary to write `target` through, for the writer `pid` (this process unless a test says). */
export function temporaryFor(target: string, pid = process.pid): string {
  // A prefix of the name only, so a target with the longest name a file system allows still
  // gets a temporary it can create.
  const stem = basename(target).slice(0, 40);
  return join(dirname(target), `.${stem}.${pid}.${randomBytes(4).toString("hex")}.tsvider-tmp`);
}

/** Whether `name` is one of our temporaries, and whose. */
export function temporaryWriter(name: string): number | undefined {
  const match = temporaryPattern.exec(name);
  return match === null ? undefined : Number(match[1]);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

const swept = new Set<string>();

/**
 * Removes the temporaries a killed writer left in `dir`, once per directory per process: one
 * look at the directory, however many files are then written in it. Never fails: a directory
 * that cannot be read or a file that cannot be removed is left as it is.
 */
export async function removeLeftoverTemporaries(dir: string): Promise<string[]> {
  const key = resolve(dir);
  if (swept.has(key)) return [];
  swept.add(key);
  let names: string[];
  try {
    names = await readdir(key);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const writer = temporaryWriter(name);
    if (writer === undefined || writer === process.pid || isRunning(writer)) continue;
    const path = join(key, name);
    try {
      if (!(await lstat(path)).isFile()) continue;
      await rm(path, { force: true });
      removed.push(path);
    } catch {
      // Gone meanwhile, or not ours to remove: either way nothing to do.
    }
  }
  return removed;
}

/**
 * Writes `content` to `target` through a temporary and a rename, after removing what a killed
 * writer left in its directory. Given a `mode`, the temporary is created with mode 0600, so no
 * one reads it before it has `mode` (set with chmod, not through the umask). On failure the
 * temporary is removed.
 */
export async function writeThroughTemporary(
  target: string,
  content: string | Uint8Array,
  options: { readonly mode?: number; readonly signal?: AbortSignal } = {},
): Promise<void> {
  await removeLeftoverTemporaries(dirname(target));
  const temporary = temporaryFor(target);
  try {
    await writeFile(temporary, content, {
      // Without a mode of its own the file gets the usual one, as a plain write would give it.
      mode: options.mode === undefined ? 0o666 : 0o600,
      flag: "wx",
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
    if (options.mode !== undefined) await chmod(temporary, options.mode);
    await rename(temporary, target);
  } finally {
    await rm(temporary, { force: true }).catch(() => {});
  }
}
