import { existsSync } from "node:fs";
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineProvider, Unknown } from "@tsvider/framework";
import { testProvider } from "@tsvider/framework/testing";
import { beforeEach, describe, expect, it } from "vitest";
import { fileContentResource } from "./file-content.js";

const TYPE = "tsvider_file_content";
const provider = defineProvider({ name: "tsvider", version: "0.0.0", resources: [fileContentResource()] });
const HELLO_SHA256 = "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824";
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "tsvider-file-content-unit-"));
});

describe("fileContentResource", () => {
  it("plans the hash as unknown and the default mode, then creates the file, parent directories included", async () => {
    const kit = testProvider(provider);
    const filename = join(dir, "a", "b", "f.txt");
    const plan = await kit.plan(TYPE, { prior: null, config: { filename, content: "hello" } });
    expect(plan.diagnostics).toEqual([]);
    expect(plan.planned).toEqual({
      filename,
      content: "hello",
      file_permission: "0644",
      content_hash: Unknown,
      exists: true,
    });
    const applied = await kit.apply(TYPE, plan);
    expect(applied).toMatchObject({
      state: { filename, content: "hello", file_permission: "0644", content_hash: HELLO_SHA256 },
      diagnostics: [],
    });
    expect(await readFile(filename, "utf8")).toBe("hello");
  });

  it("writes the mode config gives", async () => {
    const kit = testProvider(provider);
    const filename = join(dir, "f.txt");
    const applied = await kit.apply(
      TYPE,
      await kit.plan(TYPE, { prior: null, config: { filename, content: "hello", file_permission: "0640" } }),
    );
    expect(applied.state).toMatchObject({ file_permission: "0640" });
    expect((await stat(filename)).mode & 0o777).toBe(0o640);
  });

  it("lives through create, update in place, replacement and destroy as tofu drives it", async () => {
    const kit = testProvider(provider);
    const filename = join(dir, "f.txt");
    const moved = join(dir, "g.txt");
    const result = await kit.lifecycle(TYPE, {
      create: { filename, content: "hello" },
      update: [
        { filename, content: "bye", file_permission: "0600" },
        { filename: moved, content: "bye" },
      ],
    });
    expect(result.created).toMatchObject({ content: "hello", content_hash: HELLO_SHA256 });
    expect(result.updated[0]).toMatchObject({ content: "bye", file_permission: "0600" });
    expect(result.replaced).toEqual([false, true]);
    expect(existsSync(filename)).toBe(false);
    expect(existsSync(moved)).toBe(false);
  });

  it("keeps the planned hash while only the mode changes", async () => {
    const kit = testProvider(provider);
    const filename = join(dir, "f.txt");
    const prior = { filename, content: "hello", file_permission: "0644", content_hash: HELLO_SHA256 };
    const plan = await kit.plan(TYPE, {
      prior,
      config: { filename, content: "hello", file_permission: "0600" },
    });
    expect(plan.planned).toMatchObject({ file_permission: "0600", content_hash: HELLO_SHA256 });
    expect(plan.requiresReplace).toEqual([]);
  });

  it("reads what is on disk now, and null when the file is gone", async () => {
    const kit = testProvider(provider);
    const filename = join(dir, "f.txt");
    await writeFile(filename, "changed");
    await chmod(filename, 0o600);
    const state = { filename, content: "hello", file_permission: "0644", content_hash: HELLO_SHA256 };
    expect((await kit.read(TYPE, state)).state).toMatchObject({
      content: "changed",
      file_permission: "0600",
    });
    await rm(filename);
    expect(await kit.read(TYPE, state)).toMatchObject({ state: null, diagnostics: [] });
  });

  it("fails at filename when the path is a directory or below a file, writing nothing", async () => {
    const kit = testProvider(provider);
    await mkdir(join(dir, "taken"));
    await writeFile(join(dir, "plain"), "x");
    for (const [filename, why] of [
      [join(dir, "taken"), "the path is a directory"],
      [join(dir, "plain", "f.txt"), "a parent of the path is a file"],
    ] as const) {
      const applied = await kit.apply(
        TYPE,
        await kit.plan(TYPE, { prior: null, config: { filename, content: "c" } }),
      );
      expect(applied.state).toBeNull();
      expect(applied.diagnostics).toEqual([
        expect.objectContaining({
          severity: "error",
          summary: `Cannot write ${JSON.stringify(filename)}: ${why}`,
          path: [{ attribute: "filename" }],
        }),
      ]);
    }
    expect((await readdir(dir)).sort()).toEqual(["plain", "taken"]);
    expect(await readdir(join(dir, "taken"))).toEqual([]);
  });

  it("deletes the file, and deleting a missing file is not an error", async () => {
    const kit = testProvider(provider);
    const filename = join(dir, "f.txt");
    await writeFile(filename, "x");
    const prior = { filename, content: "x", file_permission: "0644", content_hash: null };
    const destroy = await kit.plan(TYPE, { prior, config: null });
    expect(destroy.planned).toBeNull();
    expect(await kit.apply(TYPE, destroy)).toMatchObject({ state: null, diagnostics: [] });
    expect(existsSync(filename)).toBe(false);
    expect(await kit.apply(TYPE, destroy)).toMatchObject({ state: null, diagnostics: [] });
  });

  it("imports by filename, and the read after it fills in the rest", async () => {
    const kit = testProvider(provider);
    const filename = join(dir, "f.txt");
    await writeFile(filename, "hello");
    await chmod(filename, 0o644);
    const imported = await kit.importState(TYPE, filename);
    expect(imported.state).toEqual({
      filename,
      content: null,
      file_permission: null,
      content_hash: null,
      exists: null,
    });
    expect((await kit.read(TYPE, imported.state!)).state).toEqual({
      filename,
      content: "hello",
      file_permission: "0644",
      content_hash: HELLO_SHA256,
      exists: true,
    });
  });

  it("has the identity { filename }: set on create, kept by read, and importable by", async () => {
    const kit = testProvider(provider);
    const filename = join(dir, "f.txt");
    const plan = await kit.plan(TYPE, { prior: null, config: { filename, content: "hello" } });
    const created = await kit.apply(TYPE, plan);
    expect(created.identity).toEqual({ filename });
    // A state stored before the resource had an identity gets one from read.
    expect((await kit.read(TYPE, created.state!, { identity: null })).identity).toEqual({ filename });
    const imported = await kit.importState(TYPE, { identity: { filename } });
    expect(imported).toMatchObject({
      state: { filename, content: null, file_permission: null, content_hash: null },
      identity: { filename },
      diagnostics: [],
    });
    const read = await kit.read(TYPE, imported.state!, { identity: imported.identity });
    expect(read).toMatchObject({
      state: { content: "hello", content_hash: HELLO_SHA256 },
      identity: { filename },
    });
  });

  it("upgrades state of version 0, which had `exists` and no mode", async () => {
    const kit = testProvider(provider);
    const upgraded = await kit.upgrade(TYPE, {
      version: 0,
      state: { filename: "/tmp/x", content: "hello", exists: true },
    });
    expect(upgraded).toEqual({
      state: {
        filename: "/tmp/x",
        content: "hello",
        file_permission: "0644",
        content_hash: HELLO_SHA256,
        exists: true,
      },
      diagnostics: [],
    });
  });

  it("upgrades state of version 1, which had no `exists`", async () => {
    const kit = testProvider(provider);
    const state = {
      filename: "/tmp/x",
      content: "hello",
      file_permission: "0600",
      content_hash: HELLO_SHA256,
    };
    expect(await kit.upgrade(TYPE, { version: 1, state })).toEqual({
      state: { ...state, exists: true },
      diagnostics: [],
    });
  });

  it("refuses a mode that is not four octal digits, pointing at it", async () => {
    const kit = testProvider(provider);
    const plan = await kit.plan(TYPE, {
      prior: null,
      config: { filename: join(dir, "f.txt"), content: "x", file_permission: "644" },
    });
    expect(plan.planned).toBeUndefined();
    expect(plan.diagnostics).toEqual([
      expect.objectContaining({ severity: "error", path: [{ attribute: "file_permission" }] }),
    ]);
  });

  it("takes another provider's prefix", () => {
    expect(fileContentResource({ typeName: "mycloud_file_content" }).typeName).toBe("mycloud_file_content");
  });
});
