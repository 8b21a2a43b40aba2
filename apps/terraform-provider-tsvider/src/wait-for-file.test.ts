// tsvider_wait_for_file and tsvider_echo on the real Terraform, where the examples cannot show
// it: a wait interrupted with Ctrl-C ends at once as cancelled, and bad input is refused at the
// attribute's line inside the action's config block.
import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { initProject, setUpTerraform, type TofuSetup } from "./tofu.test-support.js";

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
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const key of Object.keys(env)) if (key.startsWith("TF_")) delete env[key];
    const apply = spawn(
      terraform.binary,
      ["apply", "-invoke=action.tsvider_wait_for_file.w", "-auto-approve", "-no-color"],
      {
        cwd: work.dir,
        env: {
          ...env,
          TF_CLI_CONFIG_FILE: terraform.cliConfigFile,
          TF_IN_AUTOMATION: "1",
          CHECKPOINT_DISABLE: "1",
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let out = "";
    let err = "";
    apply.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      err += chunk;
    });
    const exited = new Promise<number>((resolve) => apply.on("close", (code) => resolve(code ?? -1)));
    await new Promise<void>((resolve, reject) => {
      apply.stdout.setEncoding("utf8").on("data", (chunk: string) => {
        out += chunk;
        if (out.includes("waiting for never/appears.txt")) resolve();
      });
      apply.on("close", () => reject(new Error(`apply ended before the action waited:\n${out}\n${err}`)));
    });
    // Ctrl-C: Terraform asks the provider to stop, which fires the action's signal; the wait
    // (an hour long) ends at once.
    apply.kill("SIGINT");
    expect(await exited).toBe(1);
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
