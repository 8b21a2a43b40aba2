// Warnings through the real tofu: tsvider_warning_example's deprecated old_name and its plan-time
// warning at source_file reach the practitioner at the attribute's line, with validate, plan
// and apply, and neither stops the run.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  initAttachedProject,
  setUpTofu,
  stopAttachedProviders,
  type TofuSetup,
} from "./tofu.test-support.js";

// Each test's commands attach to one provider process (initAttachedProject).
afterEach(() => stopAttachedProviders());

let tofu: TofuSetup;
beforeAll(async () => {
  tofu = await setUpTofu("tsvider-warnings-");
});
afterAll(() => tofu?.cleanup());

// initProject writes five lines of terraform block before the body.
const BODY_START = 6;
const body = `resource "tsvider_warning_example" "legacy" {
  old_name = "legacy_name"
}

resource "tsvider_warning_example" "from_file" {
  source_file = "templates/missing.conf"
}
`;
const lineOf = (text: string) => BODY_START + body.split("\n").findIndex((l) => l.includes(text));
/** tofu wraps diagnostics to its terminal width. */
const flat = (text: string) => text.replace(/\s+/g, " ");

describe("tsvider_warning_example on the real tofu", () => {
  it("shows the deprecation of old_name at its line from validate on, without failing", async () => {
    const work = await initAttachedProject(tofu, "deprecated", body);
    const validated = flat((await work.run(["validate", "-no-color"])).stdout);
    expect(validated).toContain("Success! The configuration is valid");
    expect(validated).toContain("Warning: Attribute deprecated");
    expect(validated).toContain(
      `on main.tf line ${lineOf("old_name")}, in resource "tsvider_warning_example" "legacy": ${lineOf("old_name")}: old_name = "legacy_name"`,
    );
    expect(validated).toContain(
      'The attribute "old_name" is deprecated: Use name instead; old_name will be removed in a future version.',
    );
  });

  it("shows the plan-time warning at source_file, and applies all the same", async () => {
    const work = await initAttachedProject(tofu, "planned", body);
    const plan = flat((await work.run(["plan", "-no-color"])).stdout);
    expect(plan).toContain("Warning: source_file does not exist");
    expect(plan).toContain(
      `on main.tf line ${lineOf("source_file")}, in resource "tsvider_warning_example" "from_file":`,
    );
    expect(plan).toContain("Warning: Attribute deprecated");
    const apply = await work.run(["apply", "-auto-approve", "-no-color"]);
    expect(flat(apply.stdout)).toContain("Apply complete! Resources: 2 added");
    expect(flat(apply.stdout)).toContain("Warning: source_file does not exist");
    const names = JSON.parse((await work.run(["show", "-json"])).stdout) as {
      values: { root_module: { resources: { address: string; values: { name: string } }[] } };
    };
    expect(
      Object.fromEntries(names.values.root_module.resources.map((r) => [r.address, r.values.name])),
    ).toEqual({
      "tsvider_warning_example.from_file": "from_file:templates/missing.conf",
      "tsvider_warning_example.legacy": "legacy_name",
    });
    const again = await work.run(["plan", "-detailed-exitcode", "-no-color"], { okCodes: [0, 2] });
    expect(again.code).toBe(0);
  });

  it("still refuses what is an error: name together with source_file", async () => {
    const work = await initAttachedProject(
      tofu,
      "conflict",
      'resource "tsvider_warning_example" "both" {\n  name        = "a"\n  source_file = "b"\n}\n',
    );
    const failed = await work.run(["validate", "-no-color"], { okCodes: [1] });
    expect(flat(failed.stderr)).toContain('"name" cannot be set together with "source_file"');
  });
});
