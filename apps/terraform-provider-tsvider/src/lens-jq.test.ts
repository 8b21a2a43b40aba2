// jq through the single-file provider and the real tofu: the WebAssembly module inside the
// bundle loads and runs, results come back as values, and a program that does not compile is
// reported at `query` with jq's own message.
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
  tofu = await setUpTofu("tsvider-lens-jq-");
});
afterAll(() => tofu.cleanup());

const project = (name: string, body: string) => initAttachedProject(tofu, name, body);
const flat = (text: string) => text.replace(/\s+/g, " ");

/**
 * Plans each of `bodies` in turn as the project's configuration (after its header), each
 * expected to fail; resolves to each plan's standard error, flattened.
 */
async function planEach(work: Awaited<ReturnType<typeof project>>, bodies: readonly string[]) {
  const mainTf = join(work.dir, "main.tf");
  const header = await readFile(mainTf, "utf8");
  const errors: string[] = [];
  for (const body of bodies) {
    await writeFile(mainTf, header + body);
    errors.push(flat((await work.run(["plan", "-no-color"], { okCodes: [1] })).stderr));
  }
  return errors;
}

async function outputs(work: Awaited<ReturnType<typeof project>>): Promise<Record<string, unknown>> {
  await work.run(["apply", "-auto-approve", "-no-color"]);
  const res = await work.run(["output", "-json"]);
  const parsed = JSON.parse(res.stdout) as Record<string, { value: unknown }>;
  return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, v.value]));
}

describe("lens_jq on the real tofu", () => {
  it("runs jq in the function and the data source", async () => {
    const work = await project(
      "apply",
      `locals {
  data = { users = [{ name = "ann", admin = true }, { name = "bob", admin = false }] }
}
output "admins" {
  value = provider::tsvider::lens_jq(local.data, "[.users[] | select(.admin) | .name]")
}
output "each" {
  value = provider::tsvider::lens_jq(local.data, ".users[].name")
}
data "tsvider_lens_jq" "count" {
  json_input = jsonencode(local.data)
  query      = ".users | length"
}
output "count" {
  value = data.tsvider_lens_jq.count.result
}
output "count_json" {
  value = data.tsvider_lens_jq.count.result_json
}
`,
    );
    const out = await outputs(work);
    expect(out.admins).toEqual(["ann"]);
    expect(out.each).toEqual(["ann", "bob"]);
    expect(out.count).toBe(2);
    expect(out.count_json).toBe("2");
  });

  it("names query with jq's message when the function's program does not compile", async () => {
    const work = await project(
      "function-error",
      `output "bad" {
  value = provider::tsvider::lens_jq({ a = 1 }, ".a | [")
}
`,
    );
    const res = await work.run(["plan", "-no-color"], { okCodes: [1] });
    expect(flat(res.stderr)).toContain(
      'Invalid value for "query" parameter: the jq program does not compile: syntax error',
    );
  });

  it("stops a program that never ends at the time limit TSVIDER_LENS_JQ_TIME_LIMIT_MS sets, naming the limit", async () => {
    // jq runs in a worker thread the provider ends at the limit: the plan fails at query with
    // the limit's name instead of hanging. The limit is what is asserted, not how long the plan
    // took. It is the environment's 300 ms here, so that the looping worker spins for that long
    // rather than for the default 10 s (src/lens-jq-limits.test.ts checks in process that 10 s
    // is what the provider ships).
    const work = await initAttachedProject(tofu, "endless", "", { TSVIDER_LENS_JQ_TIME_LIMIT_MS: "300" });
    // tofu calls the function while it validates, so a failing call ends the plan before any
    // data source is read: the function and the data source are planned in turn.
    const planned = await planEach(work, [
      `output "never" {
  value = provider::tsvider::lens_jq(1, "def f: f; f")
}
`,
      `data "tsvider_lens_jq" "never" {
  json_input = "1"
  query      = "def f: f; f"
}
`,
    ]);
    expect(planned[0]).toContain(
      'Invalid value for "query" parameter: the jq program was stopped at its time limit of 300 ms',
    );
    expect(planned[0]).toContain("timeLimitMs option of createLensJqFunction");
    expect(planned[1]).toContain("Error: the jq program was stopped at its time limit of 300 ms");
    expect(planned[1]).toContain("timeLimitMs option of lensJqDataSource");
    expect(planned[1]).toContain("with data.tsvider_lens_jq.never");
  });

  it("refuses a TSVIDER_LENS_JQ_TIME_LIMIT_MS that is not a time limit, in the function and the provider's validation", async () => {
    const work = await initAttachedProject(tofu, "bad-limit", "", { TSVIDER_LENS_JQ_TIME_LIMIT_MS: "10s" });
    const planned = await planEach(work, [
      `output "x" {
  value = provider::tsvider::lens_jq(1, ".")
}
`,
      `data "tsvider_lens_jq" "x" {
  json_input = "1"
  query      = "."
}
`,
    ]);
    const problem =
      'TSVIDER_LENS_JQ_TIME_LIMIT_MS="10s" in the provider\'s environment is not a whole number of milliseconds from 1 to 2147483647. Set it in the environment of tofu or terraform to one, such as 30000 for 30 s, or unset it for the default of 10 s.';
    expect(planned[0]).toContain("while calling provider::tsvider::lens_jq(input_data, query)");
    expect(planned[0]).toContain(problem);
    expect(planned[1]).toContain("Error: TSVIDER_LENS_JQ_TIME_LIMIT_MS is not a time limit");
    expect(planned[1]).toContain(problem);
  });

  it("points at the data source's query when its program does not compile", async () => {
    const work = await project(
      "data-source-error",
      `data "tsvider_lens_jq" "bad" {
  json_input = "{}"
  query      = ".a | no_such_function"
}
`,
    );
    const res = await work.run(["validate", "-no-color"], { okCodes: [1] });
    expect(res.stderr).toContain("query is not a valid jq program");
    expect(res.stderr).toContain("no_such_function/0 is not defined");
    // tofu shows the attribute's line of configuration.
    expect(res.stderr).toContain('query      = ".a | no_such_function"');
  });

  it("points at json_input when it is not JSON", async () => {
    const work = await project(
      "json-error",
      `data "tsvider_lens_jq" "bad" {
  json_input = "{nope"
  query      = "."
}
`,
    );
    const res = await work.run(["validate", "-no-color"], { okCodes: [1] });
    expect(res.stderr).toContain("json_input is not valid JSON");
    expect(res.stderr).toContain('json_input = "{nope"');
  });
});

describe("pyvider's functions on the real tofu", () => {
  it("keep numbers exact and take their optional arguments", async () => {
    const work = await project(
      "numbers",
      `output "sum" {
  value = provider::tsvider::add(0.1, 0.2) == 0.3
}
output "rounded" {
  value = provider::tsvider::round(3.14159, 2)
}
output "size" {
  value = provider::tsvider::format_size(123456789, 2)
}
output "short" {
  value = provider::tsvider::truncate("Hello brave new world", 15)
}
output "found" {
  value = provider::tsvider::lookup({ a = 1 }, "b", "fallback")
}
`,
    );
    const out = await outputs(work);
    expect(out).toEqual({
      sum: true,
      rounded: 3.14,
      size: "117.74 MB",
      short: "Hello brave...",
      found: "fallback",
    });
  });

  it("refuse arguments of the wrong type, naming the parameter", async () => {
    const cases: [string, string][] = [
      ['provider::tsvider::add("five", 1)', 'Invalid value for "a" parameter: a number is required'],
      ["provider::tsvider::divide(1, 0)", 'Invalid value for "b" parameter: division by zero'],
      ["provider::tsvider::length(5)", 'Invalid value for "collection" parameter: a number has no length'],
      [
        'provider::tsvider::truncate("abc", "ten")',
        'Invalid value for "options" parameter: max_length must be a number',
      ],
      ["provider::tsvider::sum([])", 'Invalid value for "numbers" parameter: the list is empty'],
      ["provider::tsvider::sum([1, {}])", 'Invalid value for "numbers" parameter'],
    ];
    // One project, whose configuration is each call in turn, each planned on its own.
    const work = await project("wrong", "");
    const mainTf = join(work.dir, "main.tf");
    const header = await readFile(mainTf, "utf8");
    for (const [call, message] of cases) {
      await writeFile(mainTf, `${header}output "x" {\n  value = ${call}\n}\n`);
      const res = await work.run(["plan", "-no-color"], { okCodes: [1] });
      expect(flat(res.stderr), call).toContain(message);
    }
  });
});
