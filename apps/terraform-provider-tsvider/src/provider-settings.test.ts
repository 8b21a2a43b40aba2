// The provider block's settings that came from pyvider (tsvider_testmode, lens_enabled,
// lens_jq_path) and the test-only nested_data_processor, through the real OpenTofu: a block
// written for pyvider is accepted, its warnings point at the setting's line, lens_enabled =
// false refuses the jq data source while the function still runs, and the function returns
// pyvider's text.
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
  tofu = await setUpTofu("tsvider-settings-");
});
afterAll(() => tofu.cleanup());

const flat = (text: string) => text.replace(/\s+/g, " ");

describe("pyvider's provider settings on the real tofu", () => {
  it("warns at tsvider_testmode and lens_jq_path, and lens_enabled = false refuses only the data source", async () => {
    const work = await initAttachedProject(
      tofu,
      "lens-off",
      `provider "tsvider" {
  tsvider_testmode = true
  lens_enabled     = false
  lens_jq_path     = "/usr/bin/jq"
}

output "from_function" {
  value = provider::tsvider::lens_jq({ a = 1 }, ".a")
}

data "tsvider_lens_jq" "refused" {
  json_input = "{\\"a\\": 1}"
  query      = ".a"
}
`,
      { TSVIDER_TESTMODE: "false" },
    );
    const plan = await work.run(["plan", "-no-color"], { okCodes: [1] });
    const stderr = flat(plan.stdout + plan.stderr);
    expect(stderr).toContain("Warning: tsvider_testmode is true, but the provider is not in test mode");
    expect(stderr).toContain("Set TSVIDER_TESTMODE=true in the environment terraform or tofu runs in");
    expect(stderr).toContain("Warning: lens_jq_path is not used");
    expect(stderr).toContain('on main.tf line 9, in provider "tsvider": 9: lens_jq_path = "/usr/bin/jq"');
    expect(stderr).toContain("Error: tsvider_lens_jq is turned off by the provider's lens_enabled = false");
    expect(stderr).toContain("Set lens_enabled = true in the provider block, or leave it out");

    // Without the data source, the function runs: Terraform calls it without the provider's configuration.
    const mainTf = join(work.dir, "main.tf");
    const text = await readFile(mainTf, "utf8");
    await writeFile(mainTf, text.slice(0, text.indexOf('data "tsvider_lens_jq"')));
    await work.run(["apply", "-auto-approve", "-no-color"]);
    expect(JSON.parse((await work.run(["output", "-json", "from_function"])).stdout)).toBe(1);
  });

  it("serves nested_data_processor in test mode, with pyvider's text, and names input_json when it is not JSON", async () => {
    const work = await initAttachedProject(
      tofu,
      "nested",
      `provider "tsvider" {
  tsvider_testmode = true
}

output "analysed" {
  value = provider::tsvider::nested_data_processor(jsonencode({ region = "us-west-2", replicas = 3 }))
}

output "total_keys" {
  value = jsondecode(provider::tsvider::nested_data_processor(jsonencode({ a = 1, b = [1, 2] }), "analyze")).summary.total_keys
}
`,
      { TSVIDER_TESTMODE: "true" },
    );
    const apply = await work.run(["apply", "-auto-approve", "-no-color"]);
    // Settings and environment agree: no warning.
    expect(apply.stdout + apply.stderr).not.toContain("Warning");
    const out = JSON.parse((await work.run(["output", "-json"])).stdout) as Record<
      string,
      { value: unknown }
    >;
    expect(out.analysed?.value).toBe(
      '{"original_data": {"region": "us-west-2", "replicas": 3}, "summary": {"mode": "analyze", "total_keys": 2}}',
    );
    expect(out.total_keys?.value).toBe(2);

    const mainTf = join(work.dir, "main.tf");
    const text = await readFile(mainTf, "utf8");
    await writeFile(
      mainTf,
      `${text.slice(0, text.indexOf("output"))}output "bad" {
  value = provider::tsvider::nested_data_processor("{\\"a\\": }")
}
`,
    );
    const bad = await work.run(["plan", "-no-color"], { okCodes: [1] });
    expect(flat(bad.stderr)).toContain(
      'Invalid value for "input_json" parameter: input_json is not valid JSON: expected a value, found "}" at line 1, column 7.',
    );
  });

  it("does not serve nested_data_processor outside test mode", async () => {
    const work = await initAttachedProject(
      tofu,
      "nested-off",
      `output "x" {
  value = provider::tsvider::nested_data_processor("{}")
}
`,
      { TSVIDER_TESTMODE: "false" },
    );
    const plan = await work.run(["plan", "-no-color"], { okCodes: [1] });
    expect(flat(plan.stderr)).toContain(
      'Error: Function not found in provider on main.tf line 7, in output "x": 7: value = provider::tsvider::nested_data_processor("{}")',
    );
  });
});
