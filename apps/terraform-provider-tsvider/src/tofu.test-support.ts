// What the tests that drive the real tofu share: the bundled provider installed in a
// filesystem mirror under a fresh directory, and a CLI configuration that points tofu there.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { installProviderMirror, mirrorCliConfig, resolveTofu } from "@tsvider/conformance";
import { VERSION } from "./provider.js";

export const executable = fileURLToPath(new URL("../dist/terraform-provider-tsvider.cjs", import.meta.url));

export interface TofuSetup {
  readonly root: string;
  readonly binary: string;
  readonly cliConfigFile: string;
  cleanup(): Promise<void>;
}

export async function setUpTofu(prefix: string): Promise<TofuSetup> {
  const binary = resolveTofu();
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
