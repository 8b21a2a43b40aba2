// provider_meta with the real tofu: a module's `provider_meta "tsvider"` block reaches the
// provider's handlers, per module (a child module without one sends none).
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { resolveTofu, Workdir } from "@tsvider/conformance";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { META_VERSION } from "./provider-meta.test-support.js";
import { attachedWorkdir, installTestProvider, stopAttachedProviders } from "./tofu.test-support.js";

let root: string;
let cliConfigFile: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "tsvider-provider-meta-"));
  cliConfigFile = await installTestProvider(root, "meta", {
    entry: fileURLToPath(new URL("./provider-meta.test-support.ts", import.meta.url)),
    version: META_VERSION,
  });
}, 60_000);
afterAll(() => rm(root, { recursive: true, force: true }));

// Each test's commands attach to one provider process (attachedWorkdir).
afterEach(() => stopAttachedProviders());

const requiredProviders = `required_providers {
    tsvider = { source = "tsvider/tsvider", version = "${META_VERSION}" }
  }`;

describe("provider_meta", () => {
  it("reaches create and data source reads, from the module that sets it", async () => {
    const dir = join(root, "work");
    await mkdir(join(dir, "child"), { recursive: true });
    await writeFile(
      join(dir, "main.tf"),
      `terraform {
  ${requiredProviders}
  provider_meta "tsvider" {
    module_name = "root-module"
  }
}
resource "tsvider_meta_probe" "p" {}
data "tsvider_meta_probe" "d" {}
module "child" {
  source = "./child"
}
output "resource" { value = tsvider_meta_probe.p.seen }
output "data" { value = data.tsvider_meta_probe.d.seen }
output "child" { value = module.child.seen }
`,
    );
    await writeFile(
      join(dir, "child", "main.tf"),
      `terraform {
  ${requiredProviders}
}
resource "tsvider_meta_probe" "p" {}
output "seen" { value = tsvider_meta_probe.p.seen }
`,
    );
    await new Workdir({ dir, binary: resolveTofu(), cliConfigFile }).run(["init", "-no-color"]);
    const tofu = await attachedWorkdir(
      { binary: resolveTofu(), cliConfigFile },
      dir,
      {},
      { version: META_VERSION },
    );
    await tofu.run(["apply", "-auto-approve", "-no-color"]);
    const outputs = JSON.parse((await tofu.run(["output", "-json"])).stdout) as Record<
      string,
      { value: string }
    >;
    expect(outputs.resource?.value).toBe("root-module");
    expect(outputs.data?.value).toBe("root-module");
    expect(outputs.child?.value).toBe("(none)");
    await tofu.run(["destroy", "-auto-approve", "-no-color"]);
  });
});
