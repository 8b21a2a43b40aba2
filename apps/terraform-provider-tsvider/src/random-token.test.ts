// The tsvider_random_token ephemeral resource through the real tofu: a bad length fails
// validation at its line; a plan and an apply open the token and close it again (the metrics
// each provider process writes count the calls), and nothing of it reaches the state.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { initProject, setUpTofu, type TofuSetup } from "./tofu.test-support.js";

let tofu: TofuSetup;
beforeAll(async () => {
  tofu = await setUpTofu("tsvider-random-token-");
});
afterAll(() => tofu.cleanup());

const project = (name: string, body: string, extraEnv: NodeJS.ProcessEnv = {}) =>
  initProject(tofu, name, body, extraEnv);

describe("tsvider_random_token on the real tofu", () => {
  it("refuses a bad length at its line in validate", async () => {
    const work = await project(
      "invalid",
      `ephemeral "tsvider_random_token" "t" {
  length = 0
}
`,
    );
    const res = await work.run(["validate", "-no-color"], { okCodes: [1] });
    expect(res.stderr).toContain("Error: length must be between 1 and 1024");
    expect(res.stderr).toMatch(
      /on main\.tf line 7, in ephemeral "tsvider_random_token" "t":\s+7:\s+length = 0/,
    );
  });

  it("is opened and closed in plan and apply, and never stored", async () => {
    const metricsDir = join(tofu.root, "metrics");
    const work = await project(
      "lifecycle",
      `ephemeral "tsvider_random_token" "t" {
  length = 16
}
resource "terraform_data" "use" {
  provisioner "local-exec" {
    command = "printf '%s' '\${ephemeral.tsvider_random_token.t.value}' > token.txt"
  }
}
`,
      { TSVIDER_METRICS_FILE: join(metricsDir, "tsvider-{pid}.prom") },
    );
    await work.run(["apply", "-auto-approve", "-no-color"]);
    const token = await readFile(join(work.dir, "token.txt"), "utf8");
    expect(token).toMatch(/^[A-Za-z0-9]{16}$/);
    const state = await readFile(join(work.dir, "terraform.tfstate"), "utf8");
    expect(state).not.toContain(token);
    const files = (await readdir(metricsDir)).filter((f) => /^tsvider-\d+\.prom$/.test(f));
    const all = await Promise.all(files.map((f) => readFile(join(metricsDir, f), "utf8")));
    const sum = (operation: string) =>
      all.reduce(
        (n, text) =>
          n +
          Number(
            new RegExp(
              `^tsvider_ephemeral_operations_total\\{type="tsvider_random_token",operation="${operation}"\\} (\\d+)$`,
              "m",
            ).exec(text)?.[1] ?? 0,
          ),
        0,
      );
    // One open and one close in the plan walk, again in the apply walk; never renewed.
    expect({ open: sum("open"), renew: sum("renew"), close: sum("close") }).toEqual({
      open: 2,
      renew: 0,
      close: 2,
    });
    expect(all.join("\n")).not.toMatch(/^tsvider_ephemeral_operation_errors_total\{.*\} [1-9]/m);
  });
});
