// modifyPlan on a destroy plan with the real tofu: tsvider advertises plan_destroy, so tofu
// plans each destroy through the provider; an error from modifyPlan stops `tofu destroy` and
// keeps the object, a warning is shown and the destroy goes ahead.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { CommandFailedError, resolveTofu, Workdir } from "@tsvider/conformance";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DESTROY_PLAN_VERSION } from "./destroy-plan.test-support.js";
import { attachedWorkdir, installTestProvider, stopAttachedProviders } from "./tofu.test-support.js";

let root: string;
let cliConfigFile: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "tsvider-destroy-plan-"));
  cliConfigFile = await installTestProvider(root, "destroy", {
    entry: fileURLToPath(new URL("./destroy-plan.test-support.ts", import.meta.url)),
    version: DESTROY_PLAN_VERSION,
  });
}, 60_000);
afterAll(() => rm(root, { recursive: true, force: true }));

// Each test's commands attach to one provider process (attachedWorkdir).
afterEach(() => stopAttachedProviders());

const config = (guarded: boolean) => `terraform {
  required_providers {
    tsvider = { source = "tsvider/tsvider", version = "${DESTROY_PLAN_VERSION}" }
  }
}
resource "tsvider_guarded" "g" {
  protected = ${guarded}
}
`;

describe("modifyPlan on a destroy plan", () => {
  it("stops tofu destroy with its error, and warns on a destroy it lets through", async () => {
    const dir = await mkdtemp(join(root, "work-"));
    await writeFile(join(dir, "main.tf"), config(true));
    await new Workdir({ dir, binary: resolveTofu(), cliConfigFile }).run(["init", "-no-color"]);
    const tofu = await attachedWorkdir(
      { binary: resolveTofu(), cliConfigFile },
      dir,
      {},
      { version: DESTROY_PLAN_VERSION },
    );
    await tofu.run(["apply", "-auto-approve", "-no-color"]);

    const refused = await tofu.run(["destroy", "-auto-approve", "-no-color"]).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CommandFailedError);
    expect((refused as CommandFailedError).result.stderr).toContain("guarded-1 is protected");
    expect((await tofu.run(["state", "list"])).stdout).toContain("tsvider_guarded.g");

    await writeFile(join(dir, "main.tf"), config(false));
    await tofu.run(["apply", "-auto-approve", "-no-color"]);
    const destroyed = await tofu.run(["destroy", "-auto-approve", "-no-color"]);
    expect(destroyed.stdout + destroyed.stderr).toContain("Destroying guarded-1");
    expect(destroyed.stdout).toContain("1 destroyed");
    expect((await tofu.run(["state", "list"])).stdout.trim()).toBe("");
  }, 120_000);
});
