import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, stat, unlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineProvider } from "@tsvider/framework";
import { type TestValues, testProvider } from "@tsvider/framework/testing";
import { beforeEach, describe, expect, it } from "vitest";
import { directoryResource } from "./directory.js";

const TYPE = "tsvider_directory";
// Each handler called in-process as tofu calls it (see @tsvider/framework/testing).
const kit = testProvider(
  defineProvider({ name: "tsvider", version: "0.0.0", resources: [directoryResource()] }),
);
/** Plans and applies a create; the new state. */
async function create(config: TestValues) {
  const applied = await kit.apply(TYPE, await kit.plan(TYPE, { prior: null, config }));
  expect(applied.diagnostics).toEqual([]);
  return applied.state!;
}
const A_SHA256 = "559aead08264d5795d3909718cdd05abd49572e84fe55590eef31a88a08fdffd";
const permissions = { file: "0640", directory: "0750" };
let dir: string;
beforeEach(async () => {
  dir = join(await mkdtemp(join(tmpdir(), "tsvider-directory-unit-")), "d");
});

const files = (...names: string[]) =>
  names.map((name) => ({ name, content: name.toUpperCase(), content_hash: null }));

describe("directoryResource", () => {
  it("creates the directory and its files with their modes, and reports each hash", async () => {
    const state = await create({ path: dir, permissions, file: files("a") });
    expect(state).toEqual({
      path: dir,
      permissions,
      file: [{ name: "a", content: "A", content_hash: A_SHA256 }],
    });
    expect(await readFile(join(dir, "a"), "utf8")).toBe("A");
    expect((await stat(join(dir, "a"))).mode & 0o777).toBe(0o640);
    expect((await stat(dir)).mode & 0o777).toBe(0o750);
  });

  it("reads content and modes from disk, and drops files removed by hand", async () => {
    const state = await create({ path: dir, permissions, file: files("a", "b") });
    await writeFile(join(dir, "a"), "edited");
    await unlink(join(dir, "b"));
    const read = (await kit.read(TYPE, state)).state;
    expect(read?.file).toEqual([expect.objectContaining({ name: "a", content: "edited" })]);
    expect(read?.permissions).toEqual(permissions);
    expect((await kit.read(TYPE, { ...state, path: join(dir, "missing") })).state).toBeNull();
  });

  it("on update writes the planned files and removes those that left the set, and only those", async () => {
    const config = { path: dir, permissions, file: files("a", "b") };
    const state = await create(config);
    await writeFile(join(dir, "unmanaged"), "keep");
    const next = { ...config, file: files("b", "c") };
    const updated = await kit.apply(TYPE, await kit.plan(TYPE, { prior: state, config: next }));
    expect(updated.diagnostics).toEqual([]);
    expect((await readdir(dir)).sort()).toEqual(["b", "c", "unmanaged"]);
  });

  it("deletes its files, and the directory only when that empties it", async () => {
    const state = await create({ path: dir, permissions, file: files("a") });
    const destroy = await kit.plan(TYPE, { prior: state, config: null });
    expect(await kit.apply(TYPE, destroy)).toMatchObject({ state: null, diagnostics: [] });
    expect(existsSync(dir)).toBe(false);
    await mkdir(dir);
    await writeFile(join(dir, "unmanaged"), "keep");
    expect(await kit.apply(TYPE, destroy)).toMatchObject({ state: null, diagnostics: [] });
    expect(await readdir(dir)).toEqual(["unmanaged"]);
  });

  it("takes another provider's prefix", () => {
    expect(directoryResource({ typeName: "mycloud_directory" }).typeName).toBe("mycloud_directory");
  });
});
