// The reference provider's test-only components through the real OpenTofu: absent from its
// schema unless the provider runs with TSVIDER_TESTMODE=true, and then served like any other
// (here tsvider_test_failing, which fails on demand and keeps the prior state when it does).
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
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
  tofu = await setUpTofu("tsvider-test-mode-");
});
afterAll(() => tofu?.cleanup());

const testTypes = ["tsvider_test_deferred", "tsvider_test_failing"];

const failing = (fail: boolean) => `
resource "tsvider_test_failing" "f" {
  fail    = ${fail}
  message = "failed as asked"
}
`;

interface SchemaJson {
  readonly provider_schemas: Record<string, { readonly resource_schemas?: Record<string, unknown> }>;
}

const resourceTypes = (json: SchemaJson) =>
  Object.keys(Object.values(json.provider_schemas)[0]?.resource_schemas ?? {});

describe("test-only components", () => {
  it("are not in the schema, and cannot be used, without TSVIDER_TESTMODE", async () => {
    // Set to something other than true, so a TSVIDER_TESTMODE of the test run itself cannot leak in.
    const work = await initAttachedProject(tofu, "without", failing(false), { TSVIDER_TESTMODE: "false" });
    const schema = JSON.parse((await work.run(["providers", "schema", "-json"])).stdout) as SchemaJson;
    expect(resourceTypes(schema)).toContain("tsvider_file_content");
    for (const type of testTypes) expect(resourceTypes(schema)).not.toContain(type);

    const plan = await work.run(["plan", "-no-color"], { okCodes: [1] });
    expect(plan.stderr).toContain("Invalid resource type");
    expect(plan.stderr.replace(/\s+/g, " ")).toContain(
      'does not support resource type "tsvider_test_failing"',
    );
  });

  it("are served with TSVIDER_TESTMODE=true: a failure on demand keeps the prior state", async () => {
    const work = await initAttachedProject(tofu, "with", failing(true), { TSVIDER_TESTMODE: "true" });
    const schema = JSON.parse((await work.run(["providers", "schema", "-json"])).stdout) as SchemaJson;
    for (const type of testTypes) expect(resourceTypes(schema)).toContain(type);

    const failed = await work.run(["apply", "-auto-approve", "-no-color"], { okCodes: [1] });
    expect(failed.stderr).toContain("Error: failed as asked");
    expect(failed.stderr.replace(/\s+/g, " ")).toContain("fail is true in its configuration");
    expect((await work.run(["state", "list"])).stdout.trim()).toBe("");

    const mainTf = join(work.dir, "main.tf");
    const setFail = async (fail: boolean) =>
      writeFile(mainTf, (await readFile(mainTf, "utf8")).replace(/fail {4}= \w+/, `fail    = ${fail}`));
    await setFail(false);
    await work.run(["apply", "-auto-approve", "-no-color"]);
    await setFail(true);
    const update = await work.run(["apply", "-auto-approve", "-no-color"], { okCodes: [1] });
    expect(update.stderr).toContain("Error: failed as asked");
    const shown = await work.run(["state", "show", "-no-color", "tsvider_test_failing.f"]);
    expect(shown.stdout).toMatch(/fail\s+= false/);
  });
});
