// Running one example directory through the real binary, the way a practitioner would:
// init, plan, apply, a re-plan that must be empty, destroy, with the example's own checks of
// the effect after apply and after destroy.
import assert from "node:assert/strict";
import { cp, mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import {
  installProviderMirror,
  type MirrorInstall,
  mirrorCliConfig,
  parseLockFile,
  Workdir,
} from "@tsvider/conformance";

/** What an example's `checks.mjs` may export. */
export interface ExampleChecks {
  afterApply?(ctx: CheckContext): void | Promise<void>;
  afterDestroy?(ctx: CheckContext): void | Promise<void>;
}

export interface CheckContext {
  /** The working directory the example runs in (a copy of the example). */
  readonly dir: string;
  /** `tofu output -json`, as name → value (empty after destroy). */
  readonly outputs: Record<string, unknown>;
  readonly assert: typeof assert;
}

export interface ExampleResult {
  readonly name: string;
  readonly passed: boolean;
  /** The step that failed, and why. */
  readonly failure?: { readonly step: string; readonly message: string };
  readonly steps: readonly string[];
}

/** Every directory under `root` holding a .tf file, as paths relative to root, sorted. */
export async function findExamples(root: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string) => {
    const entries = await readdir(dir, { withFileTypes: true });
    if (entries.some((e) => e.isFile() && e.name.endsWith(".tf"))) found.push(relative(root, dir));
    for (const e of entries) if (e.isDirectory() && !e.name.startsWith(".")) await walk(join(dir, e.name));
  };
  await walk(root);
  return found.sort();
}

export interface Environment {
  readonly binary: string;
  readonly workRoot: string;
  readonly mirror: MirrorInstall;
  readonly cliConfigFile: string;
  readonly providerAddress: string;
}

/** Installs the provider into a fresh mirror under workRoot and writes the CLI config. */
export async function prepareEnvironment(options: {
  binary: string;
  workRoot: string;
  namespace: string;
  type: string;
  version: string;
  executable: string;
}): Promise<Environment> {
  const mirrorDir = join(options.workRoot, "mirror");
  const mirror = await installProviderMirror({ mirrorDir, ...options });
  const cliConfigFile = join(options.workRoot, "cli.tfrc");
  await writeFile(cliConfigFile, mirrorCliConfig(mirrorDir));
  // tofu resolves a short source address to its own registry host.
  const providerAddress = `registry.opentofu.org/${options.namespace}/${options.type}`;
  return { binary: options.binary, workRoot: options.workRoot, mirror, cliConfigFile, providerAddress };
}

export async function copyExample(examplesRoot: string, name: string, env: Environment): Promise<Workdir> {
  const dir = join(env.workRoot, "work", name.replace(/[\\/]/g, "__"));
  await mkdir(dir, { recursive: true });
  await cp(join(examplesRoot, name), dir, { recursive: true });
  return new Workdir({ dir, binary: env.binary, cliConfigFile: env.cliConfigFile });
}

/** Checks the lock file `init` wrote: our provider, at our version, with our h1 hash. */
export async function checkLockFile(dir: string, env: Environment, version: string): Promise<void> {
  const text = await readFile(join(dir, ".terraform.lock.hcl"), "utf8");
  const entry = parseLockFile(text).find((p) => p.address === env.providerAddress);
  assert.ok(entry, `.terraform.lock.hcl has no entry for ${env.providerAddress}:\n${text}`);
  assert.equal(entry.version, version, "locked version");
  assert.ok(
    entry.hashes.includes(env.mirror.h1),
    `the lock file's hashes ${JSON.stringify(entry.hashes)} do not include the package's ${env.mirror.h1}`,
  );
}

async function loadChecks(dir: string): Promise<ExampleChecks> {
  const file = join(dir, "checks.mjs");
  try {
    await stat(file);
  } catch {
    return {};
  }
  return (await import(pathToFileURL(file).href)) as ExampleChecks;
}

async function outputs(work: Workdir): Promise<Record<string, unknown>> {
  const res = await work.run(["output", "-json", "-no-color"]);
  const parsed = JSON.parse(res.stdout || "{}") as Record<string, { value: unknown }>;
  return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, v.value]));
}

export async function runExample(
  examplesRoot: string,
  name: string,
  env: Environment,
  version: string,
): Promise<ExampleResult> {
  const steps: string[] = [];
  let current = "copy";
  try {
    const work = await copyExample(examplesRoot, name, env);
    const checks = await loadChecks(work.dir);
    const step = async (label: string, fn: () => Promise<unknown>) => {
      current = label;
      await fn();
      steps.push(label);
    };
    await step("init", () => work.run(["init", "-no-color"]));
    await step("lock file", () => checkLockFile(work.dir, env, version));
    await step("plan", () => work.run(["plan", "-no-color", "-input=false"]));
    await step("apply", () => work.run(["apply", "-no-color", "-input=false", "-auto-approve"]));
    await step("checks after apply", async () =>
      checks.afterApply?.({ dir: work.dir, outputs: await outputs(work), assert }),
    );
    await step("no-op plan", async () => {
      const res = await work.run(["plan", "-no-color", "-input=false", "-detailed-exitcode"], {
        okCodes: [0, 2],
      });
      assert.equal(
        res.code,
        0,
        `the plan after apply is not empty: the provider does not converge.\n${res.stdout}`,
      );
    });
    await step("destroy", () => work.run(["destroy", "-no-color", "-input=false", "-auto-approve"]));
    await step("checks after destroy", async () =>
      checks.afterDestroy?.({ dir: work.dir, outputs: await outputs(work), assert }),
    );
    return { name, passed: true, steps };
  } catch (err) {
    return { name, passed: false, steps, failure: { step: current, message: (err as Error).message } };
  }
}
