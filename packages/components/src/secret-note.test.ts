import { defineProvider, Unknown } from "@tsvider/framework";
import { testProvider } from "@tsvider/framework/testing";
import { describe, expect, it } from "vitest";
import { noteDigest, secretNoteResource } from "./secret-note.js";

const TYPE = "tsvider_secret_note";
const kit = testProvider(
  defineProvider({ name: "tsvider", version: "0.0.0", resources: [secretNoteResource()] }),
);

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

  it("takes another provider's prefix", () => {
    expect(secretNoteResource({ typeName: "mycloud_note" }).typeName).toBe("mycloud_note");
  });
});
