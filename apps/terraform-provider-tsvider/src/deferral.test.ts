// Deferred answers through the real hosts. Terraform (built with experiments allowed) plans
// with -allow-deferral: a provider configured from a value not known until apply defers its
// resources (provider_config_unknown), on create and on refresh, and a test-only resource
// defers itself (absent_prereq). Without -allow-deferral, and under OpenTofu (which never
// allows deferral), the same configurations fail with the provider's error saying what was
// deferred.
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Workdir } from "@tsvider/conformance";
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

let terraform: TofuSetup;
let tofu: TofuSetup;

beforeAll(async () => {
  [terraform, tofu] = await Promise.all([
    setUpTerraform("tsvider-deferral-tf-"),
    setUpTofu("tsvider-deferral-tofu-"),
  ]);
});
afterAll(async () => {
  await Promise.all([terraform?.cleanup(), tofu?.cleanup()]);
});

// terraform_data's id is known only once it is created: the provider's label is unknown at plan.
const unknownProviderConfig = `
resource "terraform_data" "seed" {
  input = "seed"
}
provider "tsvider" {
  label = terraform_data.seed.id
}
resource "tsvider_file_content" "f" {
  filename = "\${path.module}/out.txt"
  content  = "hello\\n"
}
`;

const testMode = { TSVIDER_TESTMODE: "true" };
const deferredResource = (ready: boolean) => `
resource "tsvider_test_deferred" "d" {
  ready = ${ready}
}
`;

interface PlanJson {
  readonly resource_changes?: readonly {
    readonly address: string;
    readonly change: { readonly actions: readonly string[] };
  }[];
  readonly deferred_changes?: readonly {
    readonly reason: string;
    readonly resource_change: {
      readonly address: string;
      readonly change: { readonly actions: readonly string[] };
    };
  }[];
}

/** `terraform plan -allow-deferral` saved and shown: what is planned, and what deferred and why. */
async function planWithDeferral(work: Workdir, file: string) {
  await work.run(["plan", "-allow-deferral", `-out=${file}`, "-no-color"]);
  const json = JSON.parse((await work.run(["show", "-json", file])).stdout) as PlanJson;
  return {
    planned: (json.resource_changes ?? []).map((c) => [c.address, c.change.actions.join(",")]),
    deferred: (json.deferred_changes ?? []).map((d) => [
      d.resource_change.address,
      d.reason,
      d.resource_change.change.actions.join(","),
    ]),
  };
}

const refusal = (what: string) =>
  new RegExp(
    `Error: ${what} was deferred, but this run does not allow deferral[\\s\\S]*-allow-deferral[\\s\\S]*OpenTofu does\\s+not accept them`,
  );

describe("a provider configured from a value not known until apply", () => {
  it("defers its resources under terraform plan -allow-deferral, on create and on refresh", async () => {
    const work = await initAttachedProject(terraform, "provider-unknown", unknownProviderConfig);
    // Round 1: only what the provider's configuration waits for is planned.
    expect(await planWithDeferral(work, "round1")).toEqual({
      planned: [["terraform_data.seed", "create"]],
      deferred: [["tsvider_file_content.f", "provider_config_unknown", "create"]],
    });
    await work.run(["apply", "-no-color", "round1"]);
    expect(existsSync(join(work.dir, "out.txt"))).toBe(false);

    // Round 2: the label is known; the file is planned and created.
    await work.run(["plan", "-allow-deferral", "-out=round2", "-no-color"]);
    await work.run(["apply", "-no-color", "round2"]);
    expect(await readFile(join(work.dir, "out.txt"), "utf8")).toBe("hello\n");

    // Replacing the seed makes the label unknown again: the file's refresh and plan are
    // deferred, and it stays in state as it was.
    const mainTf = join(work.dir, "main.tf");
    await writeFile(
      mainTf,
      (await readFile(mainTf, "utf8")).replace('input = "seed"', 'input = "seed"\n  triggers_replace = "2"'),
    );
    expect(await planWithDeferral(work, "round3")).toEqual({
      planned: [["terraform_data.seed", "delete,create"]],
      deferred: [["tsvider_file_content.f", "provider_config_unknown", "no-op"]],
    });
    const state = await work.run(["state", "list"]);
    expect(state.stdout.split("\n").filter(Boolean)).toEqual([
      "terraform_data.seed",
      "tsvider_file_content.f",
    ]);
  });

  it("fails under terraform plan without -allow-deferral, naming the unknown attribute", async () => {
    const work = await initAttachedProject(terraform, "provider-unknown-refused", unknownProviderConfig);
    const plan = await work.run(["plan", "-no-color"], { okCodes: [1] });
    expect(plan.stderr).toMatch(refusal("provider tsvider configuration"));
    expect(plan.stderr.replace(/\s+/g, " ")).toContain(
      '(provider_config_unknown: "label" in its configuration is not known until apply)',
    );
    expect(plan.stderr).toContain('on main.tf line 10, in provider "tsvider"');
  });

  it("fails under OpenTofu, which never allows deferral", async () => {
    const work = await initAttachedProject(tofu, "provider-unknown-tofu", unknownProviderConfig);
    const plan = await work.run(["plan", "-no-color"], { okCodes: [1] });
    expect(plan.stderr).toMatch(refusal("provider tsvider configuration"));
  });

  it("configures as usual once the label is known, under both hosts", async () => {
    for (const host of [terraform, tofu]) {
      const work = await initAttachedProject(
        host,
        "provider-known",
        `provider "tsvider" {\n  label = "known"\n}\nresource "tsvider_local_directory" "d" {\n  path = "\${path.module}/d"\n}\n`,
      );
      await work.run(["apply", "-auto-approve", "-no-color"]);
      expect(existsSync(join(work.dir, "d"))).toBe(true);
    }
  });
});

describe("a resource that defers its own plan (test-only tsvider_test_deferred)", () => {
  it("is deferred with absent_prereq under terraform plan -allow-deferral", async () => {
    const work = await initAttachedProject(terraform, "resource-defers", deferredResource(false), testMode);
    expect(await planWithDeferral(work, "plan")).toEqual({
      planned: [],
      deferred: [["tsvider_test_deferred.d", "absent_prereq", "create"]],
    });
  });

  it("is an error naming the resource without -allow-deferral, and under OpenTofu", async () => {
    for (const host of [terraform, tofu]) {
      const work = await initAttachedProject(
        host,
        "resource-defers-refused",
        deferredResource(false),
        testMode,
      );
      const plan = await work.run(["plan", "-no-color"], { okCodes: [1] });
      expect(plan.stderr).toMatch(refusal("tsvider_test_deferred plan"));
      expect(plan.stderr.replace(/\s+/g, " ")).toContain(
        "(absent_prereq: something it needs does not exist yet)",
      );
    }
  });

  it("plans as usual when it does not defer", async () => {
    const work = await initAttachedProject(terraform, "resource-ready", deferredResource(true), testMode);
    expect(await planWithDeferral(work, "plan")).toEqual({
      planned: [["tsvider_test_deferred.d", "create"]],
      deferred: [],
    });
  });
});
