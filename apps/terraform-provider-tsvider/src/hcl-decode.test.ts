// hcl_decode through the single-file provider and the real tofu: @tsvider/hcl loads inside the
// bundle on the first call, values (512-bit numbers included) reach tofu intact, and bad text
// is shown as an error on "text" with every problem's line and column.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  initAttachedProject,
  setUpTerraform,
  setUpTofu,
  stopAttachedProviders,
  type TofuSetup,
} from "./tofu.test-support.js";

// Each test's commands attach to one provider process (initAttachedProject).
afterEach(() => stopAttachedProviders());

let tofu: TofuSetup;
let terraform: TofuSetup;
beforeAll(async () => {
  [tofu, terraform] = await Promise.all([
    setUpTofu("tsvider-hcl-decode-"),
    setUpTerraform("tsvider-hcl-decode-tf-"),
  ]);
});
afterAll(() => Promise.all([tofu?.cleanup(), terraform?.cleanup()]));

const project = (name: string, body: string) => initAttachedProject(tofu, name, body);
const flat = (text: string) => text.replace(/\s+/g, " ");

describe("hcl_decode on the real tofu", () => {
  it("decodes arguments and blocks, keeping every digit", async () => {
    const work = await project(
      "apply",
      `locals {
  decoded = provider::tsvider::hcl_decode(<<-EOT
    name  = "web-$\${1 + 1}"
    big   = 12345678901234567890123 * 10
    ratio = 0.1 + 0.2
    none  = null
    empty = tolist([])
    rule {
      port = 80
    }
    rule {
      port = 443
    }
    service "api" "v2" {
      tags = [for t in ["a", "b"] : upper(t)]
    }
  EOT
  )
}
output "decoded" {
  value = local.decoded
}
output "ports" {
  value = local.decoded.rule[*].port
}
`,
    );
    await work.run(["apply", "-auto-approve", "-no-color"]);
    const res = await work.run(["output", "-json", "decoded"]);
    // The raw JSON text: JSON.parse would round the big number to a double.
    expect(res.stdout).toContain('"big":123456789012345678901230');
    const decoded = JSON.parse(res.stdout) as Record<string, unknown>;
    expect(decoded).toMatchObject({
      name: "web-2",
      ratio: 0.3,
      none: null,
      empty: [],
      rule: [{ port: 80 }, { port: 443 }],
      service: { api: { v2: { tags: ["A", "B"] } } },
    });
    const ports = await work.run(["output", "-json", "ports"]);
    expect(JSON.parse(ports.stdout)).toEqual([80, 443]);
  });

  it("is unknown while its text is, and decodes it once known", async () => {
    const work = await project(
      "unknown",
      `resource "terraform_data" "text" {
  input = "size = 3"
}
output "size" {
  value = provider::tsvider::hcl_decode(terraform_data.text.output).size
}
`,
    );
    const plan = await work.run(["plan", "-no-color"]);
    expect(flat(plan.stdout)).toContain("+ size = (known after apply)");
    await work.run(["apply", "-auto-approve", "-no-color"]);
    const res = await work.run(["output", "-json", "size"]);
    expect(JSON.parse(res.stdout)).toBe(3);
  });

  it("shows a syntax error on text with its line and column", async () => {
    const work = await project(
      "syntax-error",
      `output "bad" {
  value = provider::tsvider::hcl_decode("a = 1\\nb = 2 c = 3")
}
`,
    );
    const res = await work.run(["plan", "-no-color"], { okCodes: [1] });
    expect(res.stderr).toContain("while calling provider::tsvider::hcl_decode(text)");
    expect(flat(res.stderr)).toContain(
      'Invalid value for "text" parameter: hcl_decode: <text>:2,7-8: Missing newline after argument; An argument definition must end with a newline.',
    );
    expect(res.stderr).not.toContain("..");
  });

  it("names every reference to a variable", async () => {
    const work = await project(
      "variables",
      `output "bad" {
  value = provider::tsvider::hcl_decode("a = var.x\\nb = local.y")
}
`,
    );
    const res = await work.run(["plan", "-no-color"], { okCodes: [1] });
    const text = flat(res.stderr);
    expect(text).toContain('Invalid value for "text" parameter: hcl_decode: 2 errors in the text:');
    expect(text).toContain(
      '<text>:1,5-10: Variables not allowed; hcl_decode evaluates without variables, so "var.x" has no value',
    );
    expect(text).toContain(
      '<text>:2,5-12: Variables not allowed; hcl_decode evaluates without variables, so "local.y" has no value',
    );
  });
});

describe("hcl_decode on the real Terraform", () => {
  it("decodes the same value and shows the same error", async () => {
    const work = await initAttachedProject(
      terraform,
      "terraform",
      `output "decoded" {
  value = provider::tsvider::hcl_decode("x = 0.1 + 0.2\\nb \\"l\\" { big = 12345678901234567890123 }")
}
`,
    );
    await work.run(["apply", "-auto-approve", "-no-color"]);
    const res = await work.run(["output", "-json", "decoded"]);
    expect(flat(res.stdout)).toContain('"big":12345678901234567890123');
    expect(JSON.parse(res.stdout)).toMatchObject({ x: 0.3 });
    const bad = await initAttachedProject(
      terraform,
      "terraform-error",
      `output "bad" {
  value = provider::tsvider::hcl_decode("x = {")
}
`,
    );
    const plan = await bad.run(["plan", "-no-color"], { okCodes: [1] });
    expect(flat(plan.stderr)).toContain(
      'Invalid value for "text" parameter: hcl_decode: <text>:1,6-6: Missing expression; Expected the start of an expression, but found the end of the file.',
    );
  });
});
