// The provider killed mid-apply, through the real tofu: forty tsvider_file_content resources
// applied four at a time, and once a few of their files exist the provider process gets
// SIGKILL (no handler runs, no response goes back, a write may be cut between its temporary
// and the rename). The apply must fail and say so, and the next apply must put everything
// right: every file in the state holds exactly the state's content (and hash), no file on
// disk is unknown to the state, no temporary is left, and a plan afterwards has nothing to do.
import { createHash, randomBytes } from "node:crypto";
import { readdir, readFile, readlink, realpath } from "node:fs/promises";
import { basename, join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { CommandFailedError, type CommandResult } from "@tsvider/conformance";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { initProject, setUpTofu, type TofuSetup } from "../tofu.test-support.js";
import { record } from "./counts.test-support.js";

let tofu: TofuSetup;
beforeAll(async () => {
  tofu = await setUpTofu("tsvider-killed-mid-apply-");
}, 60_000);
afterAll(() => tofu.cleanup());

/**
 * Enough that the kill lands mid-apply even when this test's polling is slowed by a busy
 * machine: at -parallelism=4 the apply takes a good second, and the kill comes at the third file.
 */
const RESOURCES = 120;
/** Files on disk before the kill: enough that some creates finished and others had not. */
const KILL_AFTER_FILES = 3;
/** Where the resources write, so everything in it is theirs or their temporaries. */
const TARGET = "out";
/** The components' temporaries: `.<name>.<pid>.<8 hex>.tsvider-tmp` (internal/temporary-files.ts). */
const TEMPORARY = /^\..*\.\d+\.[0-9a-f]{8}\.tsvider-tmp$/s;

interface Planned {
  readonly address: string;
  readonly filename: string;
  readonly content: string;
}

/** Each resource its own file, with content no other file has (a second line, and a non-ASCII letter). */
const planned: Planned[] = Array.from({ length: RESOURCES }, (_, i) => {
  const n = String(i).padStart(2, "0");
  return {
    address: `tsvider_file_content.f${n}`,
    filename: `${TARGET}/file-${n}.txt`,
    content: `file ${n} ${randomBytes(16).toString("hex")}\nsecond line: é ${i}\n`,
  };
});

const configuration = planned
  .map(
    (p) => `resource "tsvider_file_content" "${p.address.split(".")[1]}" {
  filename = ${JSON.stringify(p.filename)}
  content  = ${JSON.stringify(p.content)}
}
`,
  )
  .join("\n");

interface FileAttributes {
  filename: string;
  content: string;
  content_hash: string;
}
interface StateFile {
  resources: { mode: string; type: string; name: string; instances: { attributes: FileAttributes }[] }[];
}

/** The tsvider_file_content objects in the state file, by address. */
async function fileContentsInState(dir: string): Promise<Map<string, FileAttributes>> {
  let text: string;
  try {
    text = await readFile(join(dir, "terraform.tfstate"), "utf8");
  } catch (err) {
    // Killed before anything reached the state: tofu may not have written one.
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return new Map();
    throw err;
  }
  const state = JSON.parse(text) as StateFile;
  const found = new Map<string, FileAttributes>();
  for (const resource of state.resources) {
    if (resource.mode !== "managed" || resource.type !== "tsvider_file_content") continue;
    for (const instance of resource.instances)
      found.set(`${resource.type}.${resource.name}`, instance.attributes);
  }
  return found;
}

/** The target directory's entries, split into the resources' files and the temporaries. */
async function onDisk(dir: string): Promise<{ files: string[]; temporaries: string[] }> {
  let names: string[];
  try {
    names = await readdir(join(dir, TARGET));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return { files: [], temporaries: [] };
    throw err;
  }
  return {
    files: names.filter((name) => !TEMPORARY.test(name)).sort(),
    temporaries: names.filter((name) => TEMPORARY.test(name)).sort(),
  };
}

/**
 * The provider processes tofu started for `workdir`: their command line names the provider's
 * executable, and they run in the workdir, as tofu does. tofu starts the executable by a path
 * relative to the workdir (`node .terraform/providers/...`), so the command line alone does not
 * say whose it is; the working directory does, and other tests' providers run in their own.
 */
async function providersRunningIn(workdir: string): Promise<number[]> {
  const wanted = await realpath(workdir);
  const pids: number[] = [];
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const cmdline = (await readFile(`/proc/${entry}/cmdline`, "utf8")).split("\0");
      if (!cmdline.some((arg) => basename(arg).startsWith("terraform-provider-tsvider"))) continue;
      if ((await readlink(`/proc/${entry}/cwd`)) === wanted) pids.push(Number(entry));
    } catch {
      // Ended meanwhile, or not ours to look at.
    }
  }
  return pids;
}

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

describe("the provider killed mid-apply, on the real tofu", () => {
  it("fails that apply, and the next apply leaves state and disk in agreement with no temporaries", async () => {
    const work = await initProject(tofu, "killed", configuration);

    // The apply runs while this test watches the target directory.
    let applyEnded = false;
    const apply: Promise<CommandResult | CommandFailedError> = work
      .run(["apply", "-auto-approve", "-parallelism=4", "-no-color"])
      .then(
        (result) => result,
        (err: unknown) => {
          if (err instanceof CommandFailedError) return err;
          throw err;
        },
      )
      .finally(() => {
        applyEnded = true;
      });

    // Poll for the first files, then kill the provider. An apply that never writes ends all
    // the same (tofu finishes it), and the test's own time-out guards against a hang.
    let killed: number[] = [];
    while (!applyEnded) {
      if ((await onDisk(work.dir)).files.length >= KILL_AFTER_FILES) {
        killed = await providersRunningIn(work.dir);
        for (const pid of killed) process.kill(pid, "SIGKILL");
        break;
      }
      await sleep(2);
    }
    const outcome = await apply;
    expect(
      killed.length,
      "the apply ended before the provider could be killed: make the configuration bigger",
    ).toBeGreaterThan(0);

    // The apply failed, and tofu said the provider went away rather than reporting success.
    expect(outcome, "the apply succeeded although its provider was killed").toBeInstanceOf(
      CommandFailedError,
    );
    const failure = (outcome as CommandFailedError).result;
    expect(failure.code).toBe(1);
    expect(failure.stderr).toContain("Error: Plugin did not respond");
    expect(failure.stdout).not.toContain("Apply complete!");

    // What the killed provider left, counted once tofu has exited (nothing writes after the
    // kill, so these are the files written before it): some files (fewer than all, or it was
    // not mid-apply), perhaps one written but not yet in the state, and perhaps a temporary it
    // had not yet renamed.
    const afterKill = await onDisk(work.dir);
    const inStateAfterKill = await fileContentsInState(work.dir);
    expect(afterKill.files.length).toBeGreaterThanOrEqual(KILL_AFTER_FILES);
    expect(afterKill.files.length, "every file was written before the kill").toBeLessThan(RESOURCES);

    const again = await work.run(["apply", "-auto-approve", "-no-color"]);
    expect(again.stdout).toContain("Apply complete!");

    // The state holds every resource, each with the configuration's content and its hash.
    const inState = await fileContentsInState(work.dir);
    expect([...inState.keys()].sort()).toEqual(planned.map((p) => p.address).sort());
    for (const p of planned) {
      const attributes = inState.get(p.address)!;
      expect(attributes.filename, p.address).toBe(p.filename);
      expect(attributes.content, p.address).toBe(p.content);
      expect(attributes.content_hash, p.address).toBe(sha256(p.content));
      // And the disk agrees with the state, byte for byte.
      expect(await readFile(join(work.dir, attributes.filename), "utf8"), p.address).toBe(attributes.content);
    }

    // Nothing on disk the state does not know, and no temporary left behind.
    const after = await onDisk(work.dir);
    const known = new Set([...inState.values()].map((a) => a.filename));
    expect(after.files.filter((name) => !known.has(`${TARGET}/${name}`))).toEqual([]);
    expect(after.temporaries).toEqual([]);
    expect(after.files).toHaveLength(RESOURCES);

    const plan = await work.run(["plan", "-detailed-exitcode", "-no-color"], { okCodes: [0, 2] });
    expect(plan.code, plan.stdout).toBe(0);

    record("provider killed mid-apply", {
      resources: RESOURCES,
      "files before the kill": afterKill.files.length,
      "in state after the kill": inStateAfterKill.size,
      "temporaries after the kill": afterKill.temporaries.length,
      "after the next apply: in state": inState.size,
      "on disk": after.files.length,
      "temporaries left": after.temporaries.length,
    });
  }, 300_000);
});
