// tsvider_write_marker through the real Terraform (OpenTofu has no actions): invoked on its own
// with `terraform apply -invoke`, and from a resource's action_trigger after it is created.
// Terraform prints each progress message as the action reports it, and a failing action fails
// the apply with the provider's diagnostic.
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Workdir } from "@tsvider/conformance";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ACTION_CANCEL_VERSION } from "./action-cancel.test-support.js";
import {
  initAttachedProject,
  installTestProvider,
  interruptWhen,
  setUpTerraform,
  stopAttachedProviders,
  type TofuSetup,
} from "./tofu.test-support.js";

// Each test's commands attach to one provider process (initAttachedProject).
afterEach(() => stopAttachedProviders());

let terraform: TofuSetup;
beforeAll(async () => {
  terraform = await setUpTerraform("tsvider-action-");
});
afterAll(() => terraform.cleanup());

describe("tsvider_write_marker on the real Terraform", () => {
  it("runs with -invoke, showing each progress message", async () => {
    const work = await initAttachedProject(
      terraform,
      "invoke",
      `action "tsvider_write_marker" "deployed" {
  config {
    path    = "markers/deployed.txt"
    content = "deployed\\n"
  }
}
`,
    );
    // Planning an invocation runs PlanAction but writes nothing.
    await work.run(["plan", "-invoke=action.tsvider_write_marker.deployed", "-no-color"]);
    expect(existsSync(join(work.dir, "markers", "deployed.txt"))).toBe(false);

    const applied = await work.run([
      "apply",
      "-invoke=action.tsvider_write_marker.deployed",
      "-auto-approve",
      "-no-color",
    ]);
    expect(await readFile(join(work.dir, "markers", "deployed.txt"), "utf8")).toBe("deployed\n");
    const lines = applied.stdout.split("\n");
    const progress = lines.filter((l) => l.startsWith("Action action.tsvider_write_marker.deployed"));
    expect(progress).toEqual([
      "Action action.tsvider_write_marker.deployed (triggered by CLI): creating the directory of markers/deployed.txt",
      "Action action.tsvider_write_marker.deployed (triggered by CLI): writing 9 bytes to markers/deployed.txt",
      "Action action.tsvider_write_marker.deployed (triggered by CLI): wrote markers/deployed.txt",
    ]);
    expect(applied.stdout).toContain("Action complete: action.tsvider_write_marker.deployed");
  });

  it("runs after a resource is created, from its action_trigger", async () => {
    const work = await initAttachedProject(
      terraform,
      "trigger",
      `resource "tsvider_file_content" "f" {
  filename = "out/hello.txt"
  content  = "hello\\n"
  lifecycle {
    action_trigger {
      events  = [after_create]
      actions = [action.tsvider_write_marker.created]
    }
  }
}
action "tsvider_write_marker" "created" {
  config {
    path    = "markers/created.txt"
    content = tsvider_file_content.f.content_hash
  }
}
`,
    );
    const plan = await work.run(["plan", "-no-color"]);
    expect(plan.stdout).toContain("action.tsvider_write_marker.created");
    const applied = await work.run(["apply", "-auto-approve", "-no-color"]);
    expect(await readFile(join(work.dir, "out", "hello.txt"), "utf8")).toBe("hello\n");
    // The action ran after the create, with the resource's computed hash in its config.
    const marker = await readFile(join(work.dir, "markers", "created.txt"), "utf8");
    expect(marker).toMatch(/^[0-9a-f]{64}$/);
    expect(applied.stdout).toContain("wrote markers/created.txt");
    expect(applied.stdout).toContain("Action complete: action.tsvider_write_marker.created");
    // Nothing changes, so the trigger does not fire again.
    const again = await work.run(["apply", "-auto-approve", "-no-color"]);
    expect(again.stdout).not.toContain("Action started");
  });

  it("fails the apply with the action's diagnostic, and refuses a bad path at plan", async () => {
    const work = await initAttachedProject(
      terraform,
      "failing",
      `action "tsvider_write_marker" "blocked" {
  config {
    path = "taken/marker.txt"
  }
}
action "tsvider_write_marker" "directory" {
  config {
    path = "taken"
  }
}
`,
    );
    // A file where the marker's directory should be: invoke fails at the path.
    await writeFile(join(work.dir, "taken"), "a file, not a directory\n");
    const failed = await work.run(
      ["apply", "-invoke=action.tsvider_write_marker.blocked", "-auto-approve", "-no-color"],
      { okCodes: [1] },
    );
    expect(failed.stderr).toContain("Cannot write the marker taken/marker.txt");
    expect(failed.stdout).toContain("creating the directory of taken/marker.txt");
    expect(failed.stdout).toContain("Action failed: action.tsvider_write_marker.blocked");

    await mkdir(join(work.dir, "dir"));
    await writeFile(
      join(work.dir, "main.tf"),
      (await readFile(join(work.dir, "main.tf"), "utf8")).replace('path = "taken"', 'path = "dir"'),
    );
    const refused = await work.run(["plan", "-invoke=action.tsvider_write_marker.directory", "-no-color"], {
      okCodes: [1],
    });
    expect(refused.stderr).toContain("dir is a directory");
  });
});

describe("tsvider_write_marker's validation on the real Terraform", () => {
  it("points at the attribute inside the action's config block", async () => {
    const work = await initAttachedProject(
      terraform,
      "invalid",
      `action "tsvider_write_marker" "m" {
  config {
    path = ""
  }
}
`,
    );
    const res = await work.run(["validate", "-no-color"], { okCodes: [1] });
    expect(res.stderr).toContain("Error: path is empty");
    expect(res.stderr).toContain('in action "tsvider_write_marker" "m":');
    expect(res.stderr).toContain('    path = ""');
  });
});

describe("an action interrupted on the real Terraform", () => {
  it("sees its signal fire when Terraform is interrupted, and fails as cancelled", async () => {
    const cliConfigFile = await installTestProvider(terraform.root, "cancel", {
      entry: fileURLToPath(new URL("./action-cancel.test-support.ts", import.meta.url)),
      version: ACTION_CANCEL_VERSION,
    });
    const dir = join(terraform.root, "cancel");
    await mkdir(dir);
    await writeFile(
      join(dir, "main.tf"),
      `terraform {
  required_providers {
    tsvider = { source = "tsvider/tsvider", version = "${ACTION_CANCEL_VERSION}" }
  }
}
action "tsvider_wait" "w" {
  config {
    record = "cancelled.txt"
  }
}
`,
    );
    await new Workdir({ dir, binary: terraform.binary, cliConfigFile }).run(["init", "-no-color"]);

    // Ctrl-C: Terraform asks the provider to stop, which fires the action's signal.
    const { code, out, err } = await interruptWhen(
      terraform,
      cliConfigFile,
      dir,
      ["apply", "-invoke=action.tsvider_wait.w", "-auto-approve", "-no-color"],
      "waiting until cancelled",
    );
    expect(code).toBe(1);
    expect(await readFile(join(dir, "cancelled.txt"), "utf8")).toBe(
      "cancelled: StopRequestedError: Terraform asked the provider to stop\n",
    );
    expect(out).toContain("Action failed: action.tsvider_wait.w");
    expect(err).toContain("Action tsvider_wait was cancelled");
    expect(`${out}${err}`).not.toContain("panic");
  });
});
