// Running one example directory through the real binary, the way a practitioner would:
// init, plan, apply, a re-plan that must be empty, destroy, with the example's own checks of
// the effect after apply and after destroy. An example's checks.mjs may pick the binary
// (Terraform for the kinds OpenTofu never calls), run the provider in test mode, set up
// something beforehand (a loopback server, say) and replace the cycle with steps of its own
// (`terraform query`, `apply -invoke`).
import assert from "node:assert/strict";
import { cp, mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import {
  type CommandResult,
  installProviderMirror,
  type MirrorInstall,
  mirrorCliConfig,
  parseLockFile,
  resolveTerraform,
  resolveTofu,
  Workdir,
} from "@tsvider/conformance";

/** The binaries an example can run under. */
export const BINARIES = ["tofu", "terraform"] as const;
export type BinaryName = (typeof BINARIES)[number];

/** What an example's `checks.mjs` may export (README.md describes each). */
export interface ExampleChecks {
  /** Run the provider with TSVIDER_TESTMODE=true, for test-only components. */
  readonly testMode?: boolean;
  /** The binary (or binaries, one run each) to run the example under; default "tofu". */
  readonly binary?: BinaryName | readonly BinaryName[];
  /** Extra arguments for `init`, such as `-enable-pluggable-state-storage-experiment`. */
  readonly initArgs?: readonly string[];
  /** Environment variables for every command of the example (TF_VAR_x and the like). */
  readonly env?: Readonly<Record<string, string>>;
  /** Runs after the example is copied and before `init`; may add env and a cleanup. */
  before?(ctx: HookContext): BeforeResult | undefined | Promise<BeforeResult | undefined>;
  /** Runs once the steps are over, passed or failed, before the cleanup `before` returned. */
  after?(ctx: AfterContext): void | Promise<void>;
  /** Replaces plan / apply / no-op plan / destroy with the example's own steps (after init). */
  steps?(ctx: StepsContext): Promise<void>;
  afterApply?(ctx: CheckContext): void | Promise<void>;
  afterDestroy?(ctx: CheckContext): void | Promise<void>;
}

const KNOWN_EXPORTS = new Set([
  "testMode",
  "binary",
  "initArgs",
  "env",
  "before",
  "after",
  "steps",
  "afterApply",
  "afterDestroy",
]);

export interface HookContext {
  /** The working directory the example runs in (a copy of the example). */
  readonly dir: string;
  readonly binary: BinaryName;
  /** The variables the example's commands get on top of the machine's (without `before`'s). */
  readonly env: Readonly<Record<string, string>>;
  readonly assert: typeof assert;
}

export interface BeforeResult {
  /** Variables for every command of the example, over `env` from checks.mjs. */
  readonly env?: Readonly<Record<string, string>>;
  /** Runs last, whatever happened: stop the server, remove what `before` made. */
  cleanup?(): void | Promise<void>;
}

export interface AfterContext extends HookContext {
  /** Whether every step passed. */
  readonly passed: boolean;
}

export interface CheckContext {
  /** The working directory the example runs in (a copy of the example). */
  readonly dir: string;
  readonly binary: BinaryName;
  /** `output -json`, as name → value (empty after destroy). */
  readonly outputs: Record<string, unknown>;
  /** The variables the example's commands get, `before`'s included. */
  readonly env: Readonly<Record<string, string>>;
  readonly assert: typeof assert;
}

export interface StepsContext {
  readonly dir: string;
  readonly binary: BinaryName;
  readonly env: Readonly<Record<string, string>>;
  readonly assert: typeof assert;
  /**
   * Runs the binary with `args` in the example's directory (add `-no-color` yourself).
   * Exit codes outside `okCodes` (default [0]) throw with the command's output; `env` adds
   * variables for this command only.
   */
  run(
    args: readonly string[],
    options?: { readonly okCodes?: readonly number[]; readonly env?: Readonly<Record<string, string>> },
  ): Promise<CommandResult>;
  /** A named step: shown in the result, and named when it fails. */
  step<T>(label: string, fn: () => T | Promise<T>): Promise<T>;
  /** `output -json`, as name → value. */
  outputs(): Promise<Record<string, unknown>>;
  /** The default cycle's first half: plan, apply, `afterApply`, the no-op plan. */
  apply(): Promise<void>;
  /** The default cycle's second half: destroy, `afterDestroy`. */
  destroy(): Promise<void>;
}

export interface ExampleResult {
  /** The example's directory relative to the examples root. */
  readonly name: string;
  readonly binary: BinaryName;
  readonly passed: boolean;
  /** The step that failed, and why. */
  readonly failure?: { readonly step: string; readonly message: string };
  readonly steps: readonly string[];
  /** Where it ran (kept when it failed). */
  readonly dir?: string;
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

/** The examples whose names contain any of `filters` (all of them when there is none). */
export function filterExamples(names: readonly string[], filters: readonly string[]): string[] {
  if (filters.length === 0) return [...names];
  return names.filter((n) => filters.some((f) => n.includes(f)));
}

export interface Environment {
  readonly workRoot: string;
  readonly mirror: MirrorInstall;
  readonly cliConfigFile: string;
  readonly namespace: string;
  readonly type: string;
  /** The path of `name`'s binary; throws BinaryNotFoundError when it cannot be run. */
  binary(name: BinaryName): string;
  /** The address `name` records in the lock file for the provider. */
  providerAddress(name: BinaryName): string;
}

// Each binary resolves a short source address to its own registry host.
const REGISTRY_HOST: Record<BinaryName, string> = {
  tofu: "registry.opentofu.org",
  terraform: "registry.terraform.io",
};

/**
 * Installs the provider into a fresh mirror under workRoot (for both registry hosts) and
 * writes the CLI config. Binaries not given are found when first asked for: tofu through
 * resolveTofu (TSVIDER_TOFU), terraform through resolveTerraform (TSVIDER_TERRAFORM).
 */
export async function prepareEnvironment(options: {
  workRoot: string;
  namespace: string;
  type: string;
  version: string;
  executable: string;
  binaries?: Partial<Record<BinaryName, string>>;
}): Promise<Environment> {
  const mirrorDir = join(options.workRoot, "mirror");
  const mirror = await installProviderMirror({
    mirrorDir,
    namespace: options.namespace,
    type: options.type,
    version: options.version,
    executable: options.executable,
  });
  const cliConfigFile = join(options.workRoot, "cli.tfrc");
  await writeFile(cliConfigFile, mirrorCliConfig(mirrorDir));
  const resolved: Partial<Record<BinaryName, string>> = { ...options.binaries };
  return {
    workRoot: options.workRoot,
    mirror,
    cliConfigFile,
    namespace: options.namespace,
    type: options.type,
    binary(name) {
      resolved[name] ??= name === "tofu" ? resolveTofu() : resolveTerraform();
      return resolved[name];
    },
    providerAddress: (name) => `${REGISTRY_HOST[name]}/${options.namespace}/${options.type}`,
  };
}

/** Copies the example to a fresh directory of its own for `binary`. */
export async function copyExample(
  examplesRoot: string,
  name: string,
  env: Environment,
  binary: BinaryName = "tofu",
): Promise<Workdir> {
  const dir = join(env.workRoot, "work", `${name.replace(/[\\/]/g, "__")}__${binary}`);
  await mkdir(dir, { recursive: true });
  await cp(join(examplesRoot, name), dir, { recursive: true });
  return new Workdir({ dir, binary: env.binary(binary), cliConfigFile: env.cliConfigFile });
}

/** Checks the lock file `init` wrote: our provider, at our version, with our h1 hash. */
export async function checkLockFile(
  dir: string,
  env: Environment,
  version: string,
  binary: BinaryName = "tofu",
): Promise<void> {
  const text = await readFile(join(dir, ".terraform.lock.hcl"), "utf8");
  const address = env.providerAddress(binary);
  const entry = parseLockFile(text).find((p) => p.address === address);
  assert.ok(entry, `.terraform.lock.hcl has no entry for ${address}:\n${text}`);
  assert.equal(entry.version, version, "locked version");
  assert.ok(
    entry.hashes.includes(env.mirror.h1),
    `the lock file's hashes ${JSON.stringify(entry.hashes)} do not include the package's ${env.mirror.h1}`,
  );
}

/** An example's checks.mjs (none: the default cycle under tofu), with its exports checked. */
export async function loadChecks(dir: string): Promise<ExampleChecks> {
  const file = join(dir, "checks.mjs");
  try {
    await stat(file);
  } catch {
    return {};
  }
  const checks = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  // A misspelt export would otherwise be ignored, and the example would pass without its checks.
  const unknown = Object.keys(checks).filter((k) => !KNOWN_EXPORTS.has(k));
  if (unknown.length > 0) {
    throw new Error(
      `${file} exports ${unknown.join(", ")}, which the runner does not know; it reads ${[...KNOWN_EXPORTS].join(", ")}`,
    );
  }
  const fns = ["before", "after", "steps", "afterApply", "afterDestroy"] as const;
  for (const f of fns) {
    if (checks[f] !== undefined && typeof checks[f] !== "function")
      throw new Error(`${file}: "${f}" must be a function`);
  }
  if (checks.testMode !== undefined && typeof checks.testMode !== "boolean")
    throw new Error(`${file}: "testMode" must be true or false`);
  binariesOf(checks as ExampleChecks, file);
  const isStrings = (v: unknown) => Array.isArray(v) && v.every((s) => typeof s === "string");
  if (checks.initArgs !== undefined && !isStrings(checks.initArgs))
    throw new Error(`${file}: "initArgs" must be an array of strings`);
  if (
    checks.env !== undefined &&
    (typeof checks.env !== "object" ||
      checks.env === null ||
      !Object.values(checks.env).every((v) => typeof v === "string"))
  )
    throw new Error(`${file}: "env" must be an object of strings`);
  return checks as ExampleChecks;
}

/** The binaries an example runs under, in order; default tofu. */
export function binariesOf(checks: ExampleChecks, where = "checks.mjs"): BinaryName[] {
  const declared = checks.binary ?? "tofu";
  const list: readonly unknown[] = typeof declared === "string" ? [declared] : declared;
  if (!Array.isArray(list) && typeof declared !== "string")
    throw new Error(`${where}: "binary" must be "tofu", "terraform" or an array of them`);
  if (list.length === 0) throw new Error(`${where}: "binary" names no binary`);
  for (const b of list) {
    if (!BINARIES.includes(b as BinaryName))
      throw new Error(`${where}: "binary" holds ${JSON.stringify(b)}; use "tofu" or "terraform"`);
  }
  return [...new Set(list as BinaryName[])];
}

/** The binaries the example at `examplesRoot/name` runs under, read from its checks.mjs. */
export async function exampleBinaries(examplesRoot: string, name: string): Promise<BinaryName[]> {
  return binariesOf(await loadChecks(join(examplesRoot, name)), join(name, "checks.mjs"));
}

async function outputsOf(work: Workdir): Promise<Record<string, unknown>> {
  const res = await work.run(["output", "-json", "-no-color"]);
  const parsed = JSON.parse(res.stdout || "{}") as Record<string, { value: unknown }>;
  return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, v.value]));
}

/** The machine's environment without TSVIDER_TESTMODE, which only test-mode examples get. */
function baseEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.TSVIDER_TESTMODE;
  return env;
}

/** Runs the example under each binary it declares, one after the other. */
export async function runExample(
  examplesRoot: string,
  name: string,
  env: Environment,
  version: string,
): Promise<ExampleResult[]> {
  let binaries: BinaryName[];
  try {
    binaries = await exampleBinaries(examplesRoot, name);
  } catch (err) {
    return [
      {
        name,
        binary: "tofu",
        passed: false,
        steps: [],
        failure: { step: "checks.mjs", message: message(err) },
      },
    ];
  }
  const results: ExampleResult[] = [];
  for (const b of binaries) results.push(await runExampleOn(examplesRoot, name, env, version, b));
  return results;
}

/** Runs the example under one binary. */
export async function runExampleOn(
  examplesRoot: string,
  name: string,
  env: Environment,
  version: string,
  binary: BinaryName,
): Promise<ExampleResult> {
  const steps: string[] = [];
  let current = "copy";
  let dir: string | undefined;
  let failure: { step: string; message: string } | undefined;
  const step = async <T>(label: string, fn: () => T | Promise<T>): Promise<T> => {
    current = label;
    const result = await fn();
    steps.push(label);
    return result;
  };
  const fail = (err: unknown) => {
    failure ??= { step: current, message: message(err) };
  };

  let checks: ExampleChecks = {};
  let staticEnv: Record<string, string> = {};
  let cleanup: (() => void | Promise<void>) | undefined;
  let beforeRan = false;
  try {
    const copied = await copyExample(examplesRoot, name, env, binary);
    dir = copied.dir;
    const workDir = copied.dir;
    current = "checks.mjs";
    checks = await loadChecks(workDir);
    staticEnv = { ...checks.env, ...(checks.testMode ? { TSVIDER_TESTMODE: "true" } : {}) };
    let commandEnv: Record<string, string> = staticEnv;
    if (checks.before) {
      const before = checks.before;
      const prepared = await step("before", () => before({ dir: workDir, binary, env: staticEnv, assert }));
      beforeRan = true;
      if (prepared) {
        cleanup = prepared.cleanup?.bind(prepared);
        commandEnv = { ...staticEnv, ...prepared.env };
      }
    } else beforeRan = true;

    const workdirWith = (extra: Readonly<Record<string, string>> = {}) =>
      new Workdir({
        dir: workDir,
        binary: env.binary(binary),
        cliConfigFile: env.cliConfigFile,
        env: baseEnv(),
        extraEnv: { ...commandEnv, ...extra },
      });
    const work = workdirWith();
    const checkContext = async (): Promise<CheckContext> => ({
      dir: workDir,
      binary,
      outputs: await outputsOf(work),
      env: commandEnv,
      assert,
    });

    await step("init", () => work.run(["init", "-no-color", "-input=false", ...(checks.initArgs ?? [])]));
    await step("lock file", () => checkLockFile(workDir, env, version, binary));

    const apply = async () => {
      await step("plan", () => work.run(["plan", "-no-color", "-input=false"]));
      await step("apply", () => work.run(["apply", "-no-color", "-input=false", "-auto-approve"]));
      await step("checks after apply", async () => checks.afterApply?.(await checkContext()));
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
    };
    const destroy = async () => {
      await step("destroy", () => work.run(["destroy", "-no-color", "-input=false", "-auto-approve"]));
      await step("checks after destroy", async () => checks.afterDestroy?.(await checkContext()));
    };

    if (checks.steps) {
      await checks.steps({
        dir: workDir,
        binary,
        env: commandEnv,
        assert,
        run: (args, options = {}) =>
          (options.env ? workdirWith(options.env) : work).run(
            args,
            options.okCodes ? { okCodes: options.okCodes } : {},
          ),
        step,
        outputs: () => outputsOf(work),
        apply,
        destroy,
      });
    } else {
      await apply();
      await destroy();
    }
  } catch (err) {
    fail(err);
  }

  if (checks.after && beforeRan && dir !== undefined) {
    const after = checks.after;
    const workDir = dir;
    try {
      await step("after", () =>
        after({ dir: workDir, binary, env: staticEnv, assert, passed: failure === undefined }),
      );
    } catch (err) {
      fail(err);
    }
  }
  if (cleanup) {
    try {
      current = "cleanup";
      await cleanup();
    } catch (err) {
      fail(err);
    }
  }
  return failure === undefined
    ? { name, binary, passed: true, steps, ...(dir ? { dir } : {}) }
    : { name, binary, passed: false, steps, failure, ...(dir ? { dir } : {}) };
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** `tofu: 3 passed, 0 failed; terraform: 1 passed, 1 failed`. */
export function summarize(results: readonly ExampleResult[]): string {
  return BINARIES.map((b) => {
    const mine = results.filter((r) => r.binary === b);
    const passed = mine.filter((r) => r.passed).length;
    return `${b}: ${passed} passed, ${mine.length - passed} failed`;
  }).join("; ");
}
