import { existsSync } from "node:fs";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Diagnostics } from "@tsvider/framework";
import { beforeEach, describe, expect, it } from "vitest";
import { fileContentResource } from "./file-content.js";

const resource = fileContentResource();
// What the framework hands a handler; this resource keeps no private state.
const ctx = () => ({
  providerData: undefined,
  signal: new AbortController().signal,
  diagnostics: new Diagnostics(),
  private: null,
  setPrivate: () => {},
});
const HELLO_SHA256 = "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824";
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "tsvider-file-content-unit-"));
});

describe("fileContentResource", () => {
  it("creates the file, parent directories included, and reports its hash", async () => {
    const filename = join(dir, "a", "b", "f.txt");
    const state = await resource.create({
      ...ctx(),
      plan: { filename, content: "hello", exists: null, content_hash: null },
      config: { filename, content: "hello", exists: null, content_hash: null },
    });
    expect(state).toEqual({ filename, content: "hello", exists: true, content_hash: HELLO_SHA256 });
    expect(await readFile(filename, "utf8")).toBe("hello");
  });

  it("reads what is on disk now, and null when the file is gone", async () => {
    const filename = join(dir, "f.txt");
    await writeFile(filename, "changed");
    const state = { filename, content: "hello", exists: true, content_hash: HELLO_SHA256 };
    expect(await resource.read({ ...ctx(), state })).toMatchObject({ content: "changed", exists: true });
    expect(await resource.read({ ...ctx(), state: { ...state, filename: join(dir, "missing") } })).toBeNull();
  });

  it("deletes the file, and deleting a missing file is not an error", async () => {
    const filename = join(dir, "f.txt");
    await writeFile(filename, "x");
    const state = { filename, content: "x", exists: true, content_hash: null };
    await resource.delete({ ...ctx(), state });
    expect(existsSync(filename)).toBe(false);
    await expect(resource.delete({ ...ctx(), state })).resolves.toBeUndefined();
  });

  it("imports by filename", async () => {
    expect(await resource.importState!({ ...ctx(), id: "/tmp/x" })).toEqual({ filename: "/tmp/x" });
  });

  it("takes another provider's prefix", () => {
    expect(fileContentResource({ typeName: "mycloud_file_content" }).typeName).toBe("mycloud_file_content");
  });
});
