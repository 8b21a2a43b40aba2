import { mkdtempSync, rmSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineProvider, Unknown } from "@tsvider/framework";
import { testProvider } from "@tsvider/framework/testing";
import { afterAll, describe, expect, it } from "vitest";
import {
  noteDigest,
  noteIndexPath,
  noteIndexVariable,
  readNoteIndex,
  secretNoteList,
  secretNoteResource,
} from "./secret-note.js";

const TYPE = "tsvider_secret_note";
// Every note of this file is recorded here, never in the shared default index.
const scratch = mkdtempSync(join(tmpdir(), "tsvider-secret-note-test-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const indexFile = join(scratch, "notes.json");

function kitWith(file: string) {
  const resource = secretNoteResource({ indexFile: file });
  return testProvider(
    defineProvider({
      name: "tsvider",
      version: "0.0.0",
      resources: [resource],
      listResources: [secretNoteList(resource, { indexFile: file })],
    }),
  );
}
const kit = kitWith(indexFile);

describe("secretNoteResource", () => {
  it("computes the digest from the write-only secret, which stays out of plan and state", async () => {
    const config = { name: "db", secret_value: "hunter22", secret_version: "1" };
    const plan = await kit.plan(TYPE, { prior: null, config });
    expect(plan.diagnostics).toEqual([]);
    expect(plan.planned).toEqual({ name: "db", secret_value: null, secret_version: "1", digest: Unknown });
    const applied = await kit.apply(TYPE, plan);
    expect(applied.diagnostics).toEqual([]);
    expect(applied.state).toEqual({
      name: "db",
      secret_value: null,
      secret_version: "1",
      digest: noteDigest("hunter22"),
    });
    expect(applied.identity).toEqual({ name: "db" });
    expect(noteDigest("hunter22")).toMatch(/^[0-9a-f]{16}$/);
  });

  it("reads the secret again only when secret_version changes", async () => {
    const applied = await kit.apply(
      TYPE,
      await kit.plan(TYPE, { prior: null, config: { name: "n", secret_value: "one", secret_version: "1" } }),
    );
    const same = await kit.plan(TYPE, {
      prior: applied.state!,
      config: { name: "n", secret_value: "two", secret_version: "1" },
    });
    expect(same.planned).toEqual(applied.state);
    const bumped = await kit.plan(TYPE, {
      prior: applied.state!,
      config: { name: "n", secret_value: "two", secret_version: "2" },
    });
    expect(bumped.planned).toMatchObject({ digest: Unknown });
    const updated = await kit.apply(TYPE, bumped);
    expect(updated.diagnostics).toEqual([]);
    expect(updated.state?.digest).toBe(noteDigest("two"));
  });

  it("refuses an empty secret or name, naming the attribute", async () => {
    const result = await kit.validate(TYPE, { name: " ", secret_value: "" });
    expect(result.diagnostics.map((d) => d.path)).toEqual(
      expect.arrayContaining([[{ attribute: "name" }], [{ attribute: "secret_value" }]]),
    );
  });

  it("lives through create, update and destroy as tofu drives it", async () => {
    const life = await kit.lifecycle(TYPE, {
      create: { name: "n", secret_value: "a", secret_version: "1" },
      update: { name: "n", secret_value: "b", secret_version: "2" },
    });
    expect(life.updated[0]?.digest).toBe(noteDigest("b"));
  });

  it("records each note's digest and version (never its secret) in the index, and forgets it on destroy", async () => {
    const file = join(scratch, "lifecycle", "index.json");
    const own = kitWith(file);
    const config = { name: "kept", secret_value: "s3cret-value", secret_version: "v1" };
    const applied = await own.apply(TYPE, await own.plan(TYPE, { prior: null, config }));
    expect(applied.diagnostics).toEqual([]);
    const text = await readFile(file, "utf8");
    expect(JSON.parse(text)).toEqual({ kept: { digest: noteDigest("s3cret-value"), secret_version: "v1" } });
    expect(text).not.toContain("s3cret-value");
    const destroyed = await own.apply(TYPE, await own.plan(TYPE, { prior: applied.state!, config: null }));
    expect(destroyed.diagnostics).toEqual([]);
    expect(JSON.parse(await readFile(file, "utf8"))).toEqual({});
  });

  it("keeps every note when Terraform creates several at once", async () => {
    const file = join(scratch, "parallel.json");
    const own = kitWith(file);
    const names = Array.from({ length: 12 }, (_, i) => `note-${i}`);
    const results = await Promise.all(
      names.map(async (name) =>
        own.apply(
          TYPE,
          await own.plan(TYPE, { prior: null, config: { name, secret_value: name, secret_version: null } }),
        ),
      ),
    );
    expect(results.flatMap((r) => r.diagnostics)).toEqual([]);
    expect([...(await readNoteIndex(file)).keys()].sort()).toEqual([...names].sort());
  });

  it("imports a recorded note by name or identity, and refuses one the index does not hold", async () => {
    const file = join(scratch, "import.json");
    const own = kitWith(file);
    await own.apply(
      TYPE,
      await own.plan(TYPE, { prior: null, config: { name: "imp", secret_value: "x", secret_version: "7" } }),
    );
    const expected = { name: "imp", secret_value: null, secret_version: "7", digest: noteDigest("x") };
    const byId = await own.importState(TYPE, "imp");
    expect(byId.diagnostics).toEqual([]);
    expect(byId.state).toEqual(expected);
    expect(byId.identity).toEqual({ name: "imp" });
    const byIdentity = await own.importState(TYPE, { identity: { name: "imp" } });
    expect(byIdentity.state).toEqual(expected);
    const missing = await own.importState(TYPE, "nope");
    expect(missing.diagnostics).toMatchObject([
      {
        severity: "error",
        summary: 'No secret note named "nope" to import',
        detail: expect.stringContaining(file),
      },
    ]);
  });

  it("takes another provider's prefix", () => {
    expect(secretNoteResource({ typeName: "mycloud_note" }).typeName).toBe("mycloud_note");
  });
});

describe("secretNoteList", () => {
  it("lists the recorded notes in name order, filtered by name_prefix, with objects when asked", async () => {
    const file = join(scratch, "list.json");
    const own = kitWith(file);
    for (const [name, secret] of [
      ["deploy-b", "two"],
      ["deploy-a", "one"],
      ["other", "three"],
    ]) {
      await own.apply(
        TYPE,
        await own.plan(TYPE, { prior: null, config: { name, secret_value: secret, secret_version: "1" } }),
      );
    }
    const all = await own.lists.list(TYPE, {});
    expect(all.diagnostics).toEqual([]);
    expect(all.results.map((r) => [r.displayName, r.identity])).toEqual([
      ["deploy-a", { name: "deploy-a" }],
      ["deploy-b", { name: "deploy-b" }],
      ["other", { name: "other" }],
    ]);
    expect(all.results.every((r) => r.resource === undefined)).toBe(true);
    const deploy = await own.lists.list(
      TYPE,
      { name_prefix: "deploy-", include_archived: false },
      { includeResource: true, limit: 1 },
    );
    expect(deploy.results).toEqual([
      {
        displayName: "deploy-a",
        identity: { name: "deploy-a" },
        resource: { name: "deploy-a", secret_value: null, secret_version: "1", digest: noteDigest("one") },
      },
    ]);
  });

  it("lists nothing before any note exists, and refuses an empty name_prefix", async () => {
    const own = kitWith(join(scratch, "never-written.json"));
    expect(await own.lists.list(TYPE, {})).toEqual({ results: [], diagnostics: [] });
    const refused = await own.lists.validate(TYPE, { name_prefix: " " });
    expect(refused.diagnostics).toMatchObject([{ severity: "error", path: [{ attribute: "name_prefix" }] }]);
  });

  it("reports a damaged index by its path, saying how to rebuild it", async () => {
    const file = join(scratch, "damaged.json");
    await writeFile(file, "{ not json");
    const listed = await kitWith(file).lists.list(TYPE, {});
    expect(listed.diagnostics).toMatchObject([
      {
        severity: "error",
        summary: `The secret note index ${file} is damaged`,
        detail: expect.stringMatching(
          /^It is not JSON: .*delete it \(or point TSVIDER_SECRET_NOTE_INDEX at another file\)/,
        ),
      },
    ]);
    await writeFile(file, JSON.stringify({ a: { digest: 5 } }));
    await expect(readNoteIndex(file)).rejects.toMatchObject({
      detail: expect.stringMatching(/^The entry for "a" is not \{ "digest"/),
    });
  });

  it("finds the index through TSVIDER_SECRET_NOTE_INDEX, else in the temporary directory", () => {
    expect(noteIndexPath({ [noteIndexVariable]: "/somewhere/notes.json" })).toBe("/somewhere/notes.json");
    expect(noteIndexPath({})).toBe(join(tmpdir(), "tsvider-secret-notes.json"));
  });
});
