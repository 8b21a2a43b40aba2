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
  tofu = await setUpTofu("tsvider-functions-");
});
afterAll(() => tofu.cleanup());

const project = (name: string, body: string) => initAttachedProject(tofu, name, body);

describe("provider functions on the real tofu", () => {
  it("computes outputs on an unconfigured provider, variadic arguments included", async () => {
    const work = await project(
      "outputs",
      `output "hash" {
  value = provider::tsvider::sha256_hex("x")
}
output "none" {
  value = provider::tsvider::join_path()
}
output "path" {
  value = provider::tsvider::join_path("a", "b", "c")
}
`,
    );
    await work.run(["apply", "-auto-approve", "-no-color"]);
    const res = await work.run(["output", "-json"]);
    const outputs = JSON.parse(res.stdout) as Record<string, { value: unknown }>;
    expect(outputs.hash?.value).toBe("2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881");
    expect(outputs.none?.value).toBe(".");
    expect(outputs.path?.value).toBe("a/b/c");
  });

  it("shows a function's error with the argument it blames", async () => {
    const work = await project(
      "error",
      `output "mode" {
  value = provider::tsvider::parse_mode("rwx")
}
`,
    );
    const res = await work.run(["plan", "-no-color"], { okCodes: [1] });
    // tofu names the parameter the error blames, and adds the final period itself.
    expect(res.stderr).toContain("Error: Invalid function argument");
    expect(res.stderr).toContain("while calling provider::tsvider::parse_mode(mode)");
    expect(res.stderr.replace(/\s+/g, " ")).toContain(
      'Invalid value for "mode" parameter: "rwx" is not an octal file mode: give three or four digits from 0 to 7, such as "0644".',
    );
    expect(res.stderr).not.toContain("..");
  });

  it("shows the error for a variadic argument", async () => {
    const work = await project(
      "variadic-error",
      `output "p" {
  value = provider::tsvider::join_path("a", "")
}
`,
    );
    const res = await work.run(["plan", "-no-color"], { okCodes: [1] });
    expect(res.stderr.replace(/\s+/g, " ")).toContain(
      'Invalid value for "segments" parameter: segment 2 is empty; give each segment at least one character.',
    );
  });
});
