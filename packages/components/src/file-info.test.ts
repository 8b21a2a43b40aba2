// tsvider_file_info through the test kit: a file, a directory, a symbolic link (dangling too),
// a missing path, and bad input.
import { chmod, mkdtemp, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { defineProvider } from "@tsvider/framework";
import { testProvider } from "@tsvider/framework/testing";
import { beforeEach, describe, expect, it } from "vitest";
import { fileInfoDataSource } from "./file-info.js";

const TYPE = "tsvider_file_info";
const kit = testProvider(
  defineProvider({ name: "tsvider", version: "0.0.0", dataSources: [fileInfoDataSource()] }),
);
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "tsvider-file-info-"));
});
const read = async (path: string) => {
  const { state, diagnostics } = await kit.readDataSource(TYPE, { path });
  expect(diagnostics).toEqual([]);
  return state!;
};

describe("fileInfoDataSource", () => {
  it("describes a regular file", async () => {
    const path = join(dir, "config.json");
    await writeFile(path, '{"a":1}');
    await chmod(path, 0o640);
    const state = await read(path);
    const s = await stat(path);
    expect(state).toMatchObject({
      path,
      exists: true,
      size: 7,
      is_file: true,
      is_dir: false,
      is_symlink: false,
      permissions: "0640",
      mime_type: "application/json",
      modified_time: s.mtime.toISOString(),
    });
    expect(state.owner).toBe(userInfo().username);
    expect(state.group).toMatch(/\S/);
    expect(Date.parse(state.access_time as string)).not.toBeNaN();
  });

  it("describes a directory, without a MIME type", async () => {
    const state = await read(dir);
    expect(state).toMatchObject({ exists: true, is_dir: true, is_file: false, mime_type: null });
  });

  it("follows a symbolic link and says the path is one", async () => {
    await writeFile(join(dir, "target.txt"), "hello");
    await symlink(join(dir, "target.txt"), join(dir, "link"));
    expect(await read(join(dir, "link"))).toMatchObject({
      exists: true,
      is_symlink: true,
      is_file: true,
      size: 5,
    });
  });

  it("a missing path, or a dangling link, exists = false with nulls for what only an object has", async () => {
    expect(await read(join(dir, "nothing"))).toEqual({
      path: join(dir, "nothing"),
      exists: false,
      size: 0,
      is_dir: false,
      is_file: false,
      is_symlink: false,
      modified_time: null,
      access_time: null,
      creation_time: null,
      permissions: null,
      owner: null,
      group: null,
      mime_type: null,
    });
    await symlink(join(dir, "gone"), join(dir, "dangling"));
    expect(await read(join(dir, "dangling"))).toMatchObject({ exists: false, is_symlink: true });
    await writeFile(join(dir, "file"), "");
    expect((await read(join(dir, "file", "below"))).exists).toBe(false);
  });

  it("a path the system refuses to look at is an error at path, with the system's reason", async () => {
    // A name longer than any filesystem takes fails with ENAMETOOLONG, for root too (a
    // permission-denied path would not: root may look anywhere).
    const { diagnostics } = await kit.readDataSource(TYPE, { path: join(dir, "x".repeat(300)) });
    expect(diagnostics[0]).toMatchObject({ severity: "error", path: [{ attribute: "path" }] });
    expect(diagnostics[0]?.summary).toContain("Cannot look at");
    expect(diagnostics[0]?.detail).toContain("ENAMETOOLONG");
  });

  it.each([
    ["", /must not be empty/],
    ["a\0b", /NUL/],
  ])("refuses path %j", async (path, message) => {
    const { diagnostics } = await kit.validate(TYPE, { path });
    expect(diagnostics[0]).toMatchObject({ severity: "error", path: [{ attribute: "path" }] });
    expect(`${diagnostics[0]?.summary} ${diagnostics[0]?.detail}`).toMatch(message);
  });
});
