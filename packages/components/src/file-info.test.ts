// tsvider_file_info through the test kit: a file, a directory, a symbolic link (dangling too),
// a missing path, and bad input.
import { chmod, mkdtemp, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { defineProvider } from "@tsvider/framework";
import { testProvider } from "@tsvider/framework/testing";
import { beforeEach, describe, expect, it } from "vitest";
import { fileInfoDataSource, utcIsoformat } from "./file-info.js";

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
    const s = await stat(path, { bigint: true });
    expect(state).toMatchObject({
      path,
      exists: true,
      size: 7,
      is_file: true,
      is_dir: false,
      is_symlink: false,
      permissions: "0o640",
      mime_type: "application/json",
      modified_time: utcIsoformat(s.mtimeNs),
    });
    expect(state.modified_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{6})?\+00:00$/);
    // Birth time where the file system records one, never the inode change time a chmod moves.
    if (s.birthtimeNs > 0n) expect(state.creation_time).toBe(utcIsoformat(s.birthtimeNs));
    else expect(state.creation_time).toBeNull();
    expect(state.owner).toBe(userInfo().username);
    expect(state.group).toMatch(/\S/);
    expect(Date.parse(state.access_time as string)).not.toBeNaN();
  });

  it("describes a directory, without a MIME type", async () => {
    await chmod(dir, 0o1755);
    const state = await read(dir);
    expect(state).toMatchObject({
      exists: true,
      is_dir: true,
      is_file: false,
      mime_type: null,
      permissions: "0o1755",
    });
  });

  it("writes times as pyvider does: Python's datetime.isoformat() of the stat time's double", () => {
    // Each from Python 3.11, as os.stat makes st_mtime of st_mtime_ns:
    // `sec, nsec = divmod(ns, 10**9)`, then `datetime.datetime.fromtimestamp(sec + nsec * 1e-9,
    // tz=datetime.UTC).isoformat()`. Where the double falls below a tie the microsecond is the
    // lower one (…001500 gives .000001), which rounding the nanoseconds would not give.
    expect(utcIsoformat(1_700_000_000_000_000_000n)).toBe("2023-11-14T22:13:20+00:00");
    expect(utcIsoformat(1_700_000_000_123_456_789n)).toBe("2023-11-14T22:13:20.123457+00:00");
    expect(utcIsoformat(1_700_000_000_000_001_500n)).toBe("2023-11-14T22:13:20.000001+00:00");
    expect(utcIsoformat(1_700_000_000_000_002_500n)).toBe("2023-11-14T22:13:20.000002+00:00");
    expect(utcIsoformat(1_795_820_700_062_648_417n)).toBe("2026-11-27T23:05:00.062649+00:00");
    expect(utcIsoformat(1_700_000_000_999_999_600n)).toBe("2023-11-14T22:13:21+00:00");
    expect(utcIsoformat(0n)).toBe("1970-01-01T00:00:00+00:00");
    expect(utcIsoformat(-1_500n)).toBe("1969-12-31T23:59:59.999999+00:00");
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
