// Temporaries a killed writer leaves: made as a kill leaves them (a live process's temporary,
// then the process killed with SIGKILL, so it never renamed or removed it), and removed by the
// next operation of each component in that directory, while a live writer's temporaries and
// every file that is not ours stay.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdir, mkdtemp, readdir, readFile, rename, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Diagnostics, defineProvider } from "@tsvider/framework";
import { testProvider } from "@tsvider/framework/testing";
import { afterAll, describe, expect, it } from "vitest";
import { fileContentResource } from "../file-content.js";
import { fsStateStore } from "../fs-state-store.js";
import { leaseEphemeral } from "../lease.js";
import { localDirectoryResource } from "../local-directory.js";
import { secretFileResource } from "../secret-file.js";
import { removeLeftoverTemporaries, temporaryFor, temporaryWriter } from "./temporary-files.js";

const live: ChildProcess[] = [];
afterAll(() => {
  for (const child of live) child.kill("SIGKILL");
});

/** A running process other than this one, standing for another provider that is still writing. */
async function liveProcess(): Promise<number> {
  const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 60000)"], { stdio: "ignore" });
  live.push(child);
  await once(child, "spawn");
  return child.pid!;
}

/**
 * What a writer killed between writing its temporary and renaming it leaves: the temporary for
 * `target`, written while its process ran, then the process killed with SIGKILL.
 */
async function killedWriterLeftover(target: string, content = "half"): Promise<string> {
  const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 60000)"], { stdio: "ignore" });
  await once(child, "spawn");
  const temporary = temporaryFor(target, child.pid!);
  await writeFile(temporary, content);
  const exited = once(child, "exit");
  child.kill("SIGKILL");
  await exited;
  return temporary;
}

/** Files that are not ours, some named much like ours: no cleaning may touch them. */
async function othersIn(dir: string, stem: string): Promise<string[]> {
  const names = [
    `${stem}.tmp`,
    `${stem}.a1b2c3d4.tmp`,
    `.${stem}.1.a1b2c3d4.tmp`,
    `.${stem}.x.a1b2c3d4.tsvider-tmp`,
  ];
  for (const name of names) await writeFile(join(dir, name), "the user's");
  return names;
}

const fresh = async (name: string) => mkdtemp(join(tmpdir(), `tsvider-leftover-${name}-`));

describe("temporary names", () => {
  it("are hidden, carry the writer's process id, and fit a name of the longest length", () => {
    const long = `/d/${"n".repeat(255)}`;
    const name = temporaryFor(long).slice(3);
    expect(name.startsWith(".")).toBe(true);
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(255);
    expect(temporaryWriter(name)).toBe(process.pid);
    expect(temporaryWriter("f.txt.a1b2c3d4.tmp")).toBeUndefined();
  });
});

describe("leftovers of a killed writer", () => {
  it("go at the first look at a directory; a live writer's temporaries and other files stay", async () => {
    const dir = await fresh("sweep");
    const target = join(dir, "f.txt");
    const dead = await killedWriterLeftover(target);
    const running = temporaryFor(target, await liveProcess());
    await writeFile(running, "being written");
    const others = await othersIn(dir, "f.txt");
    expect(await removeLeftoverTemporaries(dir)).toEqual([dead]);
    expect((await readdir(dir)).toSorted()).toEqual([...others, running.slice(dir.length + 1)].toSorted());
  });

  it("go at tsvider_file_content's next refresh and at its next write", async () => {
    const kit = testProvider(
      defineProvider({ name: "tsvider", version: "0.0.0", resources: [fileContentResource()] }),
    );
    const type = "tsvider_file_content";
    const dir = await fresh("file-content");
    const filename = join(dir, "f.txt");
    const applied = await kit.apply(
      type,
      await kit.plan(type, { prior: null, config: { filename, content: "a" } }),
    );
    expect(applied.diagnostics).toEqual([]);
    // Killed during the next apply, in a directory this process had not looked at yet.
    const other = await fresh("file-content-2");
    const second = join(other, "g.txt");
    await writeFile(second, "b");
    const left = await killedWriterLeftover(second, "half of b2");
    const read = await kit.read(type, { ...applied.state!, filename: second, content: "b" });
    expect(read.diagnostics).toEqual([]);
    expect(await readdir(other)).toEqual(["g.txt"]);
    expect(left).toContain(other);
    // And a leftover met first by a write.
    const third = await fresh("file-content-3");
    await killedWriterLeftover(join(third, "h.txt"));
    const others = await othersIn(third, "h.txt");
    const made = await kit.apply(
      type,
      await kit.plan(type, { prior: null, config: { filename: join(third, "h.txt"), content: "c" } }),
    );
    expect(made.diagnostics).toEqual([]);
    expect((await readdir(third)).toSorted()).toEqual([...others, "h.txt"].toSorted());
  });

  it("go at tsvider_secret_file's next refresh, secret and all", async () => {
    const kit = testProvider(
      defineProvider({ name: "tsvider", version: "0.0.0", resources: [secretFileResource()] }),
    );
    const dir = await fresh("secret-file");
    const filename = join(dir, "s.txt");
    await writeFile(filename, "old secret", { mode: 0o600 });
    await killedWriterLeftover(filename, "new secret");
    const read = await kit.read("tsvider_secret_file", {
      filename,
      content_wo: null,
      content_wo_version: 1,
      file_permission: "0600",
    });
    expect(read.diagnostics).toEqual([]);
    expect(await readdir(dir)).toEqual(["s.txt"]);
  });

  it("go at tsvider_local_directory's next refresh", async () => {
    const kit = testProvider(
      defineProvider({ name: "tsvider", version: "0.0.0", resources: [localDirectoryResource()] }),
    );
    const type = "tsvider_local_directory";
    // Made by an earlier process (another apply), which was then killed writing a.txt again.
    const made = await fresh("local-directory");
    const config = { path: join(made, "d"), file: [{ name: "a.txt", content: "A", content_hash: null }] };
    const applied = await kit.apply(type, await kit.plan(type, { prior: null, config }));
    expect(applied.diagnostics).toEqual([]);
    const path = join(await fresh("local-directory-2"), "d");
    await rename(join(made, "d"), path);
    await killedWriterLeftover(join(path, "a.txt"), "half of A2");
    // This process's first look at the directory is the next refresh.
    const read = await kit.read(type, { ...applied.state!, path, id: path });
    expect(read.diagnostics).toEqual([]);
    expect(await readdir(path)).toEqual(["a.txt"]);
    expect(read.state?.file_count).toBe(1);
  });

  it("go when the filesystem state store is configured", async () => {
    const store = fsStateStore();
    const dir = await fresh("state-store");
    await mkdir(join(dir, "states"));
    await writeFile(join(dir, "states", "default.tfstate"), "{}");
    await killedWriterLeftover(join(dir, "states", "default.tfstate"), '{"half":');
    await store.configure({
      config: { path: join(dir, "states"), chunk_size: null },
      setChunkSize: () => {},
      providerData: undefined,
      signal: new AbortController().signal,
      diagnostics: new Diagnostics(),
      log: { trace() {}, debug() {}, info() {}, warn() {}, error() {} } as never,
    } as never);
    expect(await readdir(join(dir, "states"))).toEqual(["default.tfstate"]);
    expect(await readFile(join(dir, "states", "default.tfstate"), "utf8")).toBe("{}");
  });

  it("go when a lease is next taken in that directory", async () => {
    const kit = testProvider(
      defineProvider({ name: "tsvider", version: "0.0.0", ephemeralResources: [leaseEphemeral()] }),
    );
    const dir = await fresh("lease");
    const path = join(dir, "deploy.lease");
    await killedWriterLeftover(path, '{"lease_id":');
    const opened = await kit.ephemeral.open("tsvider_lease", { name: "deploy", path, ttl_seconds: 60 });
    expect(opened.diagnostics).toEqual([]);
    expect(await readdir(dir)).toEqual(["deploy.lease"]);
    expect((await kit.ephemeral.close(opened)).diagnostics).toEqual([]);
  });
});
