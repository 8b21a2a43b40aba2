// What the benches that run providers under the pinned OpenTofu share: where the reference
// provider and its peers come from (the Go terraform-plugin-framework provider of
// tooling/oracles/goprovider, the pyvider one of tooling/pyvider), one filesystem mirror that
// installs them all, the steps of a small project, and a working directory initialised on a
// configuration.
import { execFileSync } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { installProviderMirror, mirrorCliConfig, Workdir } from "@tsvider/conformance";

export const repo = fileURLToPath(new URL("../../../", import.meta.url));
const referenceRoot = `${repo}apps/terraform-provider-tsvider/`;

/** The reference provider as the examples run it: the bundled script (`pnpm build` makes it). */
export const referenceScript = `${referenceRoot}dist/terraform-provider-tsvider.cjs`;

/** The reference provider as a project for `tsvider build` (buildExecutable), at `version`. */
export function referenceProject(version: string) {
  return {
    root: referenceRoot,
    packageName: "terraform-provider-tsvider",
    namespace: "tsvider",
    type: "tsvider",
    version,
    entry: join(referenceRoot, "src/main.ts"),
  };
}

/** The Go peer's executable (tooling/oracles/goprovider), built and cached on the first call. */
export function goProvider(): string {
  return execFileSync(`${repo}tooling/oracles/build`, ["goprovider"], { encoding: "utf8" }).trim();
}

/**
 * The pyvider peer's executable (tooling/pyvider): installs pyvider from PyPI on the first run
 * (about ten seconds), then only checks the venv.
 */
export function pyviderProvider(): string {
  return execFileSync(`${repo}tooling/pyvider/install`, [], { encoding: "utf8" }).trim();
}

export interface MirrorEntry {
  /** The provider's type, its name in required_providers; the namespace is always tsvider. */
  readonly type: string;
  readonly version: string;
  readonly executable: string;
}

/**
 * Installs every entry into one filesystem mirror under `root` and returns the path of a CLI
 * configuration that installs from that mirror only.
 */
export async function installMirror(root: string, entries: readonly MirrorEntry[]): Promise<string> {
  const mirrorDir = join(root, "mirror");
  for (const { type, version, executable } of entries) {
    await installProviderMirror({ mirrorDir, namespace: "tsvider", type, version, executable });
  }
  const cliConfigFile = join(root, "cli.tfrc");
  await writeFile(cliConfigFile, mirrorCliConfig(mirrorDir));
  return cliConfigFile;
}

/** A small project's life: apply, a no-op plan, destroy. */
export const FILE_STEPS = [
  { name: "apply", args: ["apply", "-auto-approve", "-no-color"] },
  { name: "no-op plan", args: ["plan", "-no-color"] },
  { name: "destroy", args: ["destroy", "-auto-approve", "-no-color"] },
] as const;

/** `dir` with `config` as its main.tf and an empty out/ (for file resources), after `init`. */
export async function initWorkdir(options: {
  readonly dir: string;
  readonly config: string;
  readonly tofu: string;
  readonly cliConfigFile: string;
  readonly extraEnv?: NodeJS.ProcessEnv;
}): Promise<Workdir> {
  await mkdir(join(options.dir, "out"), { recursive: true });
  await writeFile(join(options.dir, "main.tf"), options.config);
  const work = new Workdir({
    dir: options.dir,
    binary: options.tofu,
    cliConfigFile: options.cliConfigFile,
    ...(options.extraEnv === undefined ? {} : { extraEnv: options.extraEnv }),
  });
  await work.run(["init", "-no-color"]);
  return work;
}
