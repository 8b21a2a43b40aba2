import { fileURLToPath } from "node:url";
import { defineProvider, Unknown } from "@tsvider/framework";
import { testProvider } from "@tsvider/framework/testing";
import { describe, expect, it } from "vitest";
import { warningExampleResource } from "./warning-example.js";

const TYPE = "tsvider_warning_example";
const kit = testProvider(
  defineProvider({ name: "tsvider", version: "0.0.0", resources: [warningExampleResource()] }),
);

describe("warningExampleResource", () => {
  it("plans the name config gives, with no warning", async () => {
    const plan = await kit.plan(TYPE, { prior: null, config: { name: "n" } });
    expect(plan.diagnostics).toEqual([]);
    expect(plan.planned).toEqual({ name: "n", old_name: null, source_file: null });
  });

  it("warns at old_name that it is deprecated (the framework does), and takes the name from it", async () => {
    const validated = await kit.validate(TYPE, { old_name: "legacy" });
    expect(validated.diagnostics).toEqual([
      {
        severity: "warning",
        summary: "Attribute deprecated",
        detail:
          'The attribute "old_name" is deprecated: Use name instead; old_name will be removed in a future version.',
        path: [{ attribute: "old_name" }],
      },
    ]);
    const plan = await kit.plan(TYPE, { prior: null, config: { old_name: "legacy" } });
    expect(plan.planned).toEqual({ name: "legacy", old_name: "legacy", source_file: null });
    const applied = await kit.apply(TYPE, plan);
    expect(applied.diagnostics).toEqual([]);
    expect(applied.state?.name).toBe("legacy");
  });

  it("takes the name from source_file, warning at it while planning when the file is not there", async () => {
    const missing = await kit.plan(TYPE, { prior: null, config: { source_file: "/nonexistent/a.txt" } });
    expect(missing.planned).toMatchObject({ name: "from_file:/nonexistent/a.txt" });
    expect(missing.diagnostics).toEqual([
      expect.objectContaining({
        severity: "warning",
        summary: "source_file does not exist",
        path: [{ attribute: "source_file" }],
      }),
    ]);
    const present = await kit.plan(TYPE, {
      prior: null,
      config: { source_file: fileURLToPath(import.meta.url) },
    });
    expect(present.diagnostics).toEqual([]);
  });

  it("leaves the name unknown while what it follows from is", async () => {
    const plan = await kit.plan(TYPE, { prior: null, config: { old_name: Unknown } });
    expect(plan.planned).toMatchObject({ name: Unknown });
  });

  it("refuses name with source_file, and config with none of the three, naming the attribute", async () => {
    const both = await kit.validate(TYPE, { name: "n", source_file: "f" });
    expect(both.diagnostics).toEqual([
      expect.objectContaining({ severity: "error", path: [{ attribute: "name" }] }),
    ]);
    const none = await kit.validate(TYPE, {});
    expect(none.diagnostics).toEqual([
      expect.objectContaining({
        severity: "error",
        detail: expect.stringContaining("At least one of"),
        path: [{ attribute: "name" }],
      }),
    ]);
  });

  it("lives through create, update and destroy as tofu drives it, warnings aside", async () => {
    const life = await kit.lifecycle(TYPE, {
      create: { source_file: "/nonexistent" },
      update: { name: "b" },
    });
    expect(life.updated[0]?.name).toBe("b");
    expect(life.warnings).toEqual(
      expect.arrayContaining([expect.objectContaining({ summary: "source_file does not exist" })]),
    );
  });

  it("takes another provider's prefix", () => {
    expect(warningExampleResource({ typeName: "mycloud_warning" }).typeName).toBe("mycloud_warning");
  });
});
