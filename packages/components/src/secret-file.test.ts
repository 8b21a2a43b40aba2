import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineProvider, Unknown } from "@tsvider/framework";
import { testProvider } from "@tsvider/framework/testing";
import { beforeEach, describe, expect, it } from "vitest";
import { fileContentResource } from "./file-content.js";
import { secretFileResource } from "./secret-file.js";

const TYPE = "tsvider_secret_file";
const provider = defineProvider({
  name: "tsvider",
  version: "0.0.0",
  resources: [fileContentResource(), secretFileResource()],
});
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "tsvider-secret-file-unit-"));
});

describe("secretFileResource", () => {
  it("writes the write-only content with mode 0600, and keeps it out of plan and state", async () => {
    const kit = testProvider(provider);
    const filename = join(dir, "s", "secret.txt");
    const config = { filename, content_wo: "hunter22", content_wo_version: 1 };
    const plan = await kit.plan(TYPE, { prior: null, config });
    expect(plan.diagnostics).toEqual([]);
    expect(plan.planned).toEqual({
      filename,
      content_wo: null,
      content_wo_version: 1,
      file_permission: "0600",
    });
    const applied = await kit.apply(TYPE, plan);
    expect(applied.diagnostics).toEqual([]);
    expect(applied.state).toEqual({
      filename,
      content_wo: null,
      content_wo_version: 1,
      file_permission: "0600",
    });
    expect(await readFile(filename, "utf8")).toBe("hunter22");
    expect((await stat(filename)).mode & 0o777).toBe(0o600);
  });

  it("writes the content again only when content_wo_version changes", async () => {
    const kit = testProvider(provider);
    const filename = join(dir, "secret.txt");
    const first = { filename, content_wo: "one", content_wo_version: 1 };
    const created = await kit.apply(TYPE, await kit.plan(TYPE, { prior: null, config: first }));
    // A new value alone: nothing to do, since nothing remembers the old one.
    const same = await kit.plan(TYPE, { prior: created.state, config: { ...first, content_wo: "two" } });
    expect(same.planned).toEqual(created.state);
    // A new version: an update that writes it.
    const bumped = { filename, content_wo: "two", content_wo_version: 2 };
    const plan = await kit.plan(TYPE, { prior: created.state, config: bumped });
    expect(plan.requiresReplace).toEqual([]);
    const updated = await kit.apply(TYPE, plan);
    expect(updated.diagnostics).toEqual([]);
    expect(await readFile(filename, "utf8")).toBe("two");
    // A mode change alone keeps the content.
    const chmodded = await kit.apply(
      TYPE,
      await kit.plan(TYPE, {
        prior: updated.state,
        config: { ...bumped, content_wo: "three", file_permission: "0640" },
      }),
    );
    expect(chmodded.state).toMatchObject({ file_permission: "0640" });
    expect(await readFile(filename, "utf8")).toBe("two");
    expect((await stat(filename)).mode & 0o777).toBe(0o640);
  });

  it("reads the mode from disk, and a deleted file as gone", async () => {
    const kit = testProvider(provider);
    const filename = join(dir, "secret.txt");
    const created = await kit.apply(
      TYPE,
      await kit.plan(TYPE, { prior: null, config: { filename, content_wo: "x", content_wo_version: null } }),
    );
    expect((await kit.read(TYPE, created.state!)).state).toEqual(created.state);
    await rm(filename);
    expect((await kit.read(TYPE, created.state!)).state).toBeNull();
  });

  it("takes over a tsvider_file_content object, leaving its content out of state", async () => {
    const kit = testProvider(provider);
    const filename = join(dir, "plain.txt");
    const moved = await kit.move(TYPE, {
      sourceTypeName: "tsvider_file_content",
      sourceSchemaVersion: 1,
      state: { filename, content: "hunter22", file_permission: "0644", content_hash: "abc" },
    });
    expect(moved.diagnostics).toEqual([]);
    expect(moved.state).toEqual({
      filename,
      content_wo: null,
      content_wo_version: null,
      file_permission: "0644",
    });
    // Version 0 had no file_permission: null until read fills it in.
    const old = await kit.move(TYPE, {
      sourceTypeName: "tsvider_file_content",
      state: { filename, content: "x" },
    });
    expect(old.state).toMatchObject({ file_permission: null });
    const other = await kit.move(TYPE, { sourceTypeName: "tsvider_directory", state: { path: dir } });
    expect(other.state).toBeUndefined();
    expect(other.diagnostics[0]?.summary).toBe(
      "tsvider_secret_file cannot take over tsvider_directory objects",
    );
  });

  it("plans content_wo unknown as null (an ephemeral value not known yet)", async () => {
    const kit = testProvider(provider);
    const plan = await kit.plan(TYPE, {
      prior: null,
      config: { filename: join(dir, "u.txt"), content_wo: Unknown, content_wo_version: 1 },
    });
    expect(plan.diagnostics).toEqual([]);
    expect(plan.planned).toMatchObject({ content_wo: null });
  });
});
