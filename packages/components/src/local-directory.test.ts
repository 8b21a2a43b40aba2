import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, stat, unlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineProvider, Unknown } from "@tsvider/framework";
import { type TestValues, testProvider } from "@tsvider/framework/testing";
import { beforeEach, describe, expect, it } from "vitest";
import { localDirectoryResource } from "./local-directory.js";

const TYPE = "tsvider_local_directory";
// Each handler called in-process as tofu calls it (see @tsvider/framework/testing).
const kit = testProvider(
  defineProvider({ name: "tsvider", version: "0.0.0", resources: [localDirectoryResource()] }),
);
/** Plans and applies a create; the new state. */
async function create(config: TestValues) {
  const applied = await kit.apply(TYPE, await kit.plan(TYPE, { prior: null, config }));
  expect(applied.diagnostics).toEqual([]);
  return applied.state!;
}
const A_SHA256 = "559aead08264d5795d3909718cdd05abd49572e84fe55590eef31a88a08fdffd";
let dir: string;
beforeEach(async () => {
  dir = join(await mkdtemp(join(tmpdir(), "tsvider-directory-unit-")), "d");
});

const files = (...names: string[]) =>
  names.map((name) => ({ name, content: name.toUpperCase(), content_hash: null }));
const modeOf = async (path: string) => (await stat(path)).mode & 0o777;

describe("localDirectoryResource", () => {
  it("plans the id, the hashes and the default modes; the file count waits for apply", async () => {
    const plan = await kit.plan(TYPE, { prior: null, config: { path: dir, file: files("a") } });
    expect(plan.diagnostics).toEqual([]);
    expect(plan.planned).toEqual({
      path: dir,
      permissions: "0o755",
      file_permission: "0644",
      id: dir,
      file_count: Unknown,
      file: [{ name: "a", content: "A", content_hash: A_SHA256 }],
    });
  });

  it("creates the directory with its parents and its files, with their modes", async () => {
    const state = await create({
      path: dir,
      permissions: "0o750",
      file_permission: "0640",
      file: files("a"),
    });
    expect(state).toEqual({
      path: dir,
      permissions: "0o750",
      file_permission: "0640",
      id: dir,
      file_count: 1,
      file: [{ name: "a", content: "A", content_hash: A_SHA256 }],
    });
    expect(await readFile(join(dir, "a"), "utf8")).toBe("A");
    expect(await modeOf(join(dir, "a"))).toBe(0o640);
    expect(await modeOf(dir)).toBe(0o750);
  });

  it("reads the mode back in the notation config used", async () => {
    const state = await create({ path: dir, permissions: "0700" });
    expect((await kit.read(TYPE, state)).state?.permissions).toBe("0700");
    const other = await create({ path: `${dir}2`, permissions: "0o700" });
    expect((await kit.read(TYPE, other)).state?.permissions).toBe("0o700");
  });

  it("reads content, modes and the file count from disk, and drops files removed by hand", async () => {
    const state = await create({ path: dir, file: files("a", "b") });
    await writeFile(join(dir, "a"), "edited");
    await unlink(join(dir, "b"));
    await writeFile(join(dir, "c"), "someone else's");
    await mkdir(join(dir, "sub"));
    const read = (await kit.read(TYPE, state)).state;
    expect(read?.file).toEqual([expect.objectContaining({ name: "a", content: "edited" })]);
    expect(read?.file_count).toBe(2);
    expect((await kit.read(TYPE, { ...state, path: join(dir, "missing") })).state).toBeNull();
  });

  it("on update writes the planned files and removes those that left the set, and only those", async () => {
    const config = { path: dir, file: files("a", "b") };
    const state = await create(config);
    await writeFile(join(dir, "unmanaged"), "keep");
    const next = { ...config, file: files("b", "c") };
    const updated = await kit.apply(TYPE, await kit.plan(TYPE, { prior: state, config: next }));
    expect(updated.diagnostics).toEqual([]);
    expect(updated.state?.file_count).toBe(3);
    expect((await readdir(dir)).sort()).toEqual(["b", "c", "unmanaged"]);
  });

  it("writes its files into a directory whose mode denies the owner writing, then sets that mode", async () => {
    const state = await create({ path: dir, permissions: "0o500", file: files("a") });
    expect(await modeOf(dir)).toBe(0o500);
    const next = { path: dir, permissions: "0o500", file: files("a", "b") };
    const updated = await kit.apply(TYPE, await kit.plan(TYPE, { prior: state, config: next }));
    expect(updated.diagnostics).toEqual([]);
    expect(await readdir(dir)).toEqual(["a", "b"]);
    const destroy = await kit.plan(TYPE, { prior: updated.state, config: null });
    expect(await kit.apply(TYPE, destroy)).toMatchObject({ state: null, diagnostics: [] });
    expect(existsSync(dir)).toBe(false);
  });

  it("deletes its files, and the directory only when that empties it", async () => {
    const state = await create({ path: dir, file: files("a") });
    const destroy = await kit.plan(TYPE, { prior: state, config: null });
    expect(await kit.apply(TYPE, destroy)).toMatchObject({ state: null, diagnostics: [] });
    expect(existsSync(dir)).toBe(false);
    await mkdir(dir);
    await writeFile(join(dir, "unmanaged"), "keep");
    expect(await kit.apply(TYPE, destroy)).toMatchObject({ state: null, diagnostics: [] });
    expect(await readdir(dir)).toEqual(["unmanaged"]);
  });

  it("refuses a path that is a file, at path, and leaves the file as it was", async () => {
    await mkdir(join(dir, ".."), { recursive: true });
    await writeFile(dir, "a file");
    const applied = await kit.apply(
      TYPE,
      await kit.plan(TYPE, { prior: null, config: { path: dir, file: files("a") } }),
    );
    expect(applied.state).toBeNull();
    expect(applied.diagnostics).toEqual([
      expect.objectContaining({
        severity: "error",
        summary: expect.stringContaining("the path is a file"),
        path: [{ attribute: "path" }],
      }),
    ]);
    expect(await readFile(dir, "utf8")).toBe("a file");
    const below = await kit.apply(
      TYPE,
      await kit.plan(TYPE, { prior: null, config: { path: join(dir, "sub"), file: [] } }),
    );
    expect(below.diagnostics).toEqual([
      expect.objectContaining({
        summary: expect.stringContaining("a parent of it is a file"),
        path: [{ attribute: "path" }],
      }),
    ]);
  });

  it("refuses modes that are not octal, and file names that leave the directory, naming the attribute", async () => {
    const bad = await kit.validate(TYPE, {
      path: dir,
      permissions: "755",
      file_permission: "rw-r--r--",
      file: [{ name: "../escape", content: "x", content_hash: null }],
    });
    expect(bad.diagnostics.map((d) => d.path?.[0])).toEqual(
      expect.arrayContaining([
        { attribute: "permissions" },
        { attribute: "file_permission" },
        { attribute: "file" },
      ]),
    );
    const empty = await kit.validate(TYPE, { path: "" });
    expect(empty.diagnostics).toEqual([expect.objectContaining({ path: [{ attribute: "path" }] })]);
  });

  it("imports a directory by its path, managing none of its files", async () => {
    await mkdir(dir, { recursive: true, mode: 0o751 });
    await writeFile(join(dir, "x"), "x");
    const imported = await kit.importState(TYPE, dir);
    expect(imported.diagnostics).toEqual([]);
    const read = await kit.read(TYPE, imported.state!);
    expect(read.state).toEqual({
      path: dir,
      permissions: `0o${((await modeOf(dir)) & 0o777).toString(8)}`,
      file_permission: "0644",
      id: dir,
      file_count: 1,
      file: [],
    });
  });

  it("lives through create, update and destroy as tofu drives it", async () => {
    const life = await kit.lifecycle(TYPE, {
      create: { path: dir, file: files("a") },
      update: { path: dir, permissions: "0o700", file: files("a", "b") },
    });
    expect(life.updated[0]?.permissions).toBe("0o700");
  });

  it("takes another provider's prefix", () => {
    expect(localDirectoryResource({ typeName: "mycloud_directory" }).typeName).toBe("mycloud_directory");
  });
});
