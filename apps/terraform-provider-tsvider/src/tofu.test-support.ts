// What the tests that drive the real tofu (or terraform, for the RPCs only Terraform calls)
// share: the bundled provider installed in a filesystem mirror under a fresh directory, and a
// CLI configuration that points the binary there.
import { spawn } from "node:child_process";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  type DebugProvider,
  installedProviderExecutable,
  installProviderMirror,
  mirrorCliConfig,
  resolveTerraform,
  resolveTofu,
  startDebugProvider,
  Workdir,
} from "@tsvider/conformance";
import { terraformMagicCookie } from "@tsvider/rpcplugin";
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
  const dir = await writeProject(tofu, name, body);
  const work = new Workdir({ dir, binary: tofu.binary, cliConfigFile: tofu.cliConfigFile, extraEnv });
  await work.run(["init", "-no-color"]);
  return work;
}

/** A directory under the setup's root with a main.tf that requires this provider and holds `body`. */
export async function writeProject(setup: TofuSetup, name: string, body: string): Promise<string> {
  const dir = join(setup.root, name);
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
  return dir;
}

/**
 * Runs the binary in `dir` with `args` as a practitioner would at a terminal, and presses
 * Ctrl-C (SIGINT) once its output shows `waitFor`; resolves with the exit code and both
 * outputs. The machine's TF_* settings are left out, as Workdir leaves them out.
 */
export async function interruptWhen(
  setup: { readonly binary: string },
  cliConfigFile: string,
  dir: string,
  args: readonly string[],
  waitFor: string,
): Promise<{ code: number; out: string; err: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env)) if (key.startsWith("TF_")) delete env[key];
  const run = spawn(setup.binary, args, {
    cwd: dir,
    env: { ...env, TF_CLI_CONFIG_FILE: cliConfigFile, TF_IN_AUTOMATION: "1", CHECKPOINT_DISABLE: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  run.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    err += chunk;
  });
  const exited = new Promise<number>((resolve) => run.on("close", (code) => resolve(code ?? -1)));
  await new Promise<void>((resolve, reject) => {
    run.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      out += chunk;
      if (out.includes(waitFor)) resolve();
    });
    run.on("close", () =>
      reject(new Error(`${args.join(" ")} ended before printing "${waitFor}":\n${out}\n${err}`)),
    );
  });
  run.kill("SIGINT");
  const code = await exited;
  return { code, out, err };
}

/**
 * initProject, then the provider started once for the project's commands (attachedWorkdir):
 * for the tests of what a component does, where how the host starts the provider is not the
 * subject. Stop it with stopAttachedProviders, after each test.
 */
export async function initAttachedProject(
  setup: TofuSetup,
  name: string,
  body: string,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<AttachedWorkdir> {
  const work = await initProject(setup, name, body, extraEnv);
  return attachedWorkdir(setup, work.dir, extraEnv);
}

/**
 * A Workdir whose commands attach to a provider started in debug mode, with the
 * TF_REATTACH_PROVIDERS value it sets: for a test that starts the binary another way too (a
 * second Workdir with more settings, or a process of its own) and attaches it to the same
 * provider.
 */
export type AttachedWorkdir = Workdir & { readonly reattach: string };

const attached = new Set<DebugProvider>();

/**
 * The provider `init` installed in `setup`'s working directory `dir`, started once in debug
 * mode: a Workdir whose commands attach to that process (TF_REATTACH_PROVIDERS) instead of each
 * starting the provider three to five times. For the tests of what the provider does, not of
 * how the host starts it (those keep a provider per command). `extraEnv` reaches the binary and
 * the provider; `version` is the installed version, when a test built a provider of its own
 * (installTestProvider). `executable` starts that file instead, in a directory init has not
 * run in yet: Terraform records whether a state store's provider was installed or attached,
 * so a directory whose store is served attached runs init attached too. Stop it with
 * stopAttachedProviders, after each test.
 */
export async function attachedWorkdir(
  setup: { readonly binary: string; readonly cliConfigFile: string },
  dir: string,
  extraEnv: NodeJS.ProcessEnv = {},
  { version = VERSION, executable }: { readonly version?: string; readonly executable?: string } = {},
): Promise<AttachedWorkdir> {
  const provider = await startDebugProvider({
    executable: executable ?? (await installedExecutable(dir, version)),
    cwd: dir,
    // The plugin cookie as a host sets it: debug mode does not need it, but the entries of the
    // providers tests build serve only where it is set (so that importing them serves nothing).
    env: { ...process.env, [terraformMagicCookie.key]: terraformMagicCookie.value, ...extraEnv },
  });
  attached.add(provider);
  const work = new Workdir({
    dir,
    binary: setup.binary,
    cliConfigFile: setup.cliConfigFile,
    extraEnv: { ...extraEnv, TF_REATTACH_PROVIDERS: provider.reattach },
  });
  return Object.assign(work, { reattach: provider.reattach });
}

/** The provider executable init installed in `dir`, at `version`. */
async function installedExecutable(dir: string, version: string): Promise<string> {
  // The one registry directory init made: registry.opentofu.org or registry.terraform.io.
  const [registry] = await readdir(join(dir, ".terraform", "providers"));
  if (registry === undefined) throw new Error(`init installed no provider under ${dir}/.terraform/providers`);
  return installedProviderExecutable(dir, `${registry}/tsvider/tsvider`, version);
}

/** Stops every provider attachedWorkdir started; throws when one did not stop cleanly. */
export async function stopAttachedProviders(): Promise<void> {
  const stopping = [...attached];
  attached.clear();
  const exits = await Promise.all(stopping.map((p) => p.stop()));
  const problems = exits.filter((e) => e.problem !== undefined);
  if (problems.length > 0)
    throw new Error(
      problems.map((e) => `${e.problem}; its standard error:\n${e.stderr.slice(-2000)}`).join("\n\n"),
    );
}
