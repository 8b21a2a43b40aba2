// What the tests that drive the real tofu (or terraform, for the RPCs only Terraform calls)
// share: the bundled provider installed in a filesystem mirror under a fresh directory, and a
// CLI configuration that points the binary there.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  installProviderMirror,
  mirrorCliConfig,
  resolveTerraform,
  resolveTofu,
  Workdir,
} from "@tsvider/conformance";
import { bundleProvider } from "tsvider";
import { VERSION } from "./provider.js";

export const executable = fileURLToPath(new URL("../dist/terraform-provider-tsvider.cjs", import.meta.url));

export interface TofuSetup {
  readonly root: string;
  readonly binary: string;
  readonly cliConfigFile: string;
  cleanup(): Promise<void>;
}

/** The pinned OpenTofu (TSVIDER_TOFU) with the provider in a fresh mirror. */
export function setUpTofu(prefix: string): Promise<TofuSetup> {
  return setUpHost(resolveTofu(), prefix);
}

/**
 * The pinned Terraform (TSVIDER_TERRAFORM, built with experiments allowed by
 * tooling/terraform/install) with the provider in a fresh mirror: for list resources, actions,
 * state stores, config generation and deferrals, which OpenTofu never asks for.
 */
export function setUpTerraform(prefix: string): Promise<TofuSetup> {
  return setUpHost(resolveTerraform(), prefix);
}

async function setUpHost(binary: string, prefix: string): Promise<TofuSetup> {
  const root = await mkdtemp(join(tmpdir(), prefix));
  await installProviderMirror({
    mirrorDir: join(root, "mirror"),
    namespace: "tsvider",
    type: "tsvider",
    version: VERSION,
    executable,
  });
  const cliConfigFile = join(root, "cli.tfrc");
  await writeFile(cliConfigFile, mirrorCliConfig(join(root, "mirror")));
  return { root, binary, cliConfigFile, cleanup: () => rm(root, { recursive: true, force: true }) };
}

/**
 * Installs another build of the provider for a test, in a mirror of its own under `root`,
 * and returns the CLI configuration that points tofu at it: `entry` is bundled as the shipped
 * provider is (without the compile cache, which tests do not need), or `executable` is
 * installed as it is.
 */
export async function installTestProvider(
  root: string,
  name: string,
  options: { readonly version: string } & ({ readonly entry: string } | { readonly executable: string }),
): Promise<string> {
  let built: string;
  if ("entry" in options) {
    built = join(root, `terraform-provider-tsvider-${name}.cjs`);
    await bundleProvider({ entry: options.entry, outfile: built, compileCache: false });
  } else {
    built = options.executable;
  }
  const mirrorDir = join(root, `mirror-${name}`);
  await installProviderMirror({
    mirrorDir,
    namespace: "tsvider",
    type: "tsvider",
    version: options.version,
    executable: built,
  });
  const cliConfigFile = join(root, `cli-${name}.tfrc`);
  await writeFile(cliConfigFile, mirrorCliConfig(mirrorDir));
  return cliConfigFile;
}

/**
 * A directory under the setup's root with a main.tf that requires this provider and holds
 * `body`, initialised: `tofu init` (or `terraform init`) has run. `extraEnv` is set for every later command.
 */
export async function initProject(
  tofu: TofuSetup,
  name: string,
  body: string,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<Workdir> {
  const dir = join(tofu.root, name);
  await mkdir(dir);
  await writeFile(
    join(dir, "main.tf"),
    `terraform {
  required_providers {
    tsvider = { source = "tsvider/tsvider", version = "${VERSION}" }
  }
}
${body}`,
  );
  const work = new Workdir({ dir, binary: tofu.binary, cliConfigFile: tofu.cliConfigFile, extraEnv });
  await work.run(["init", "-no-color"]);
  return work;
}
