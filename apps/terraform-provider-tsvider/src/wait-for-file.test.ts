// tsvider_wait_for_file and tsvider_echo on the real Terraform, where the examples cannot show
// it: a wait interrupted with Ctrl-C ends at once as cancelled, and bad input is refused at the
// attribute's line inside the action's config block.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { initProject, interruptWhen, setUpTerraform, type TofuSetup } from "./tofu.test-support.js";

let terraform: TofuSetup;
beforeAll(async () => {
  terraform = await setUpTerraform("tsvider-wait-for-file-");
});
afterAll(() => terraform.cleanup());

describe("tsvider_wait_for_file on the real Terraform", () => {
  it("stops waiting when Terraform is interrupted, and fails as cancelled", async () => {
    const work = await initProject(
      terraform,
      "interrupted",
      `action "tsvider_wait_for_file" "w" {
  config {
    path            = "never/appears.txt"
    timeout_seconds = 3600
  }
}
`,
    );
    // Ctrl-C: Terraform asks the provider to stop, which fires the action's signal; the wait
    // (an hour long) ends at once.
    const { code, out, err } = await interruptWhen(
      terraform,
      terraform.cliConfigFile,
      work.dir,
      ["apply", "-invoke=action.tsvider_wait_for_file.w", "-auto-approve", "-no-color"],
      "waiting for never/appears.txt",
    );
    expect(code).toBe(1);
    expect(out).toContain("Action failed: action.tsvider_wait_for_file.w");
    expect(err).toContain("Action tsvider_wait_for_file was cancelled");
    expect(`${out}${err}`).not.toContain("Unexpected error");
  });

  it("points at the attribute inside the config block", async () => {
    const work = await initProject(
      terraform,
      "invalid-wait",
      `action "tsvider_wait_for_file" "w" {
  config {
    path                  = "ready.txt"
    timeout_seconds       = 1
    poll_interval_seconds = 5
  }
}
`,
    );
    const res = await work.run(["validate", "-no-color"], { okCodes: [1] });
    expect(res.stderr).toContain("Error: poll_interval_seconds is longer than timeout_seconds");
    expect(res.stderr).toContain('in action "tsvider_wait_for_file" "w":');
    expect(res.stderr).toContain("    poll_interval_seconds = 5");
  });
});

describe("tsvider_echo on the real Terraform", () => {
  it("points at the attribute inside the config block", async () => {
    const work = await initProject(
      terraform,
      "invalid-echo",
      `action "tsvider_echo" "e" {
  config {
    message = "hello"
    repeat  = 0
  }
}
`,
    );
    const res = await work.run(["validate", "-no-color"], { okCodes: [1] });
    expect(res.stderr).toContain("Error: repeat must be between 1 and 100");
    expect(res.stderr).toContain('in action "tsvider_echo" "e":');
    expect(res.stderr).toContain("    repeat  = 0");
  });
});
