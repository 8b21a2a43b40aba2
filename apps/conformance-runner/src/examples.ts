// Running example directories through the real binaries, the way a practitioner would:
// init, plan (saved), apply of the saved plan, a re-plan that must be empty, destroy, with the example's own checks of
// the effect after apply and after destroy. An example's requirements.json picks the binaries
// it is written for (Terraform for the kinds OpenTofu never calls), their oldest versions and
// test mode; its checks.mjs may set something up beforehand (a loopback server, say) and
// replace the cycle with steps of its own (`terraform query`, `apply -invoke`). Every example
// runs on every binary of the matrix, in parallel up to a bound, each in a copy of its own.
import assert from "node:assert/strict";
import { cp, mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import {
  BinaryNotFoundError,
  type CommandResult,
  type DebugProvider,
  installedProviderExecutable,
  installProviderMirror,
  type MirrorInstall,
  mirrorCliConfig,
  parseLockFile,
  startDebugProvider,
  Workdir,
} from "@tsvider/conformance";
import { CONFIGURATION_STEP, checkConfiguration } from "./configuration.js";
import { type AvailableBinary, type MatrixBinary, resolveMatrix } from "./matrix.js";
import { mapLimit } from "./pool.js";
import {
  BINARIES,
  type BinaryName,
  compareVersions,
  kindSkipReason,
  loadRequirements,
  REQUIREMENTS_FILE,
  type Requirements,
  skipReason,
  testModeEnv,
} from "./requirements.js";

export { BINARIES, type BinaryName };

/** What an example's `checks.mjs` may export (README.md describes each). */
export interface ExampleChecks {
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

/** The plan file the default cycle's `plan` writes and its `apply` applies, in the work dir. */
export const SAVED_PLAN = "tsvider.tfplan";

const KNOWN_EXPORTS = new Set(["initArgs", "env", "before", "after", "steps", "afterApply", "afterDestroy"]);

export interface HookContext {
  /** The working directory the example runs in (a copy of the example). */
  readonly dir: string;
  readonly binary: BinaryName;
  /** The binary's version, such as "1.6.3", for a check that differs by host version. */
  readonly binaryVersion: string;
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
  /** The binary's version, such as "1.6.3", for a check that differs by host version. */
  readonly binaryVersion: string;
  /** Whether the binary is `version` or newer, compared as `minVersions` are. */
  readonly atLeast: (version: string) => boolean;
  /** `output -json`, as name → value (empty after destroy). */
  readonly outputs: Record<string, unknown>;
  /** The variables the example's commands get, `before`'s included. */
  readonly env: Readonly<Record<string, string>>;
  readonly assert: typeof assert;
}

export interface StepsContext {
  readonly dir: string;
  readonly binary: BinaryName;
  /** The binary's version, such as "1.6.3", for a check that differs by host version. */
  readonly binaryVersion: string;
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

/** One cell of the matrix: an example on a binary. */
export interface ExampleResult {
  /** The example's directory relative to the examples root. */
  readonly name: string;
  /** The binary's label in the matrix: "tofu", "terraform", or "<kind>-<version>" for extras. */
  readonly binary: string;
  readonly kind: BinaryName;
  /** The binary's version (absent when the binary is missing). */
  readonly version?: string;
  /** "skip": the example's requirements.json rules this binary out (`skipReason` says why). */
  readonly status: "pass" | "fail" | "skip";
  /** The step that failed, and why. */
  readonly failure?: { readonly step: string; readonly message: string };
  readonly skipReason?: string;
  readonly steps: readonly string[];
  /**
   * The commands after `init` attached to one provider process started for the cell
   * (TF_REATTACH_PROVIDERS) instead of each starting the provider; see Environment.reattach.
   */
  readonly reattached?: true;
  /**
   * How many examples ran as modules of one configuration with this one (`--batch`, see
   * batch.ts); absent for a cell of its own.
   */
  readonly batched?: number;
  /** Where it ran (kept when it failed). */
  readonly dir?: string;
  /** Wall-clock time of the cell, for the reports (not asserted anywhere). */
  readonly durationMs: number;
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
  /** The binaries every example is tried on, in column order. */
  readonly matrix: readonly MatrixBinary[];
  /**
   * Each cell starts the provider once, in debug mode, after `init` has installed it from the
   * mirror, and attaches every later command to that process; otherwise each command starts
   * the provider, as a practitioner's run does. Attaching proves the same behaviour for a
   * fraction of the provider starts (OpenTofu starts the provider three to five times per
   * command), but not the host's own start and handshake of the provider: the fast run
   * (`./dev test`) attaches, the full one (`./dev conformance`) does not. An example whose
   * requirements.json names `providerPerCommand` always runs the practitioner's way.
   */
  readonly reattach: boolean;
  /** The pinned binary of that kind; throws BinaryNotFoundError (saying why) when it is missing. */
  binary(this: Environment, name: BinaryName): AvailableBinary;
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
 * writes the CLI config, before any example starts: the mirror is only read afterwards, so
 * parallel `init`s share it without racing (each copies the package into its own
 * `.terraform/`; no plugin cache is shared). The matrix defaults to resolveMatrix(): the
 * pinned tofu and terraform and TSVIDER_EXTRA_BINARIES.
 */
export async function prepareEnvironment(options: {
  workRoot: string;
  namespace: string;
  type: string;
  version: string;
  executable: string;
  matrix?: readonly MatrixBinary[];
  /** See Environment.reattach (default: false). */
  reattach?: boolean;
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
  const matrix = options.matrix ?? resolveMatrix();
  return {
    workRoot: options.workRoot,
    mirror,
    cliConfigFile,
    namespace: options.namespace,
    type: options.type,
    matrix,
    reattach: options.reattach ?? false,
    // Reads this.matrix, not the closure's, so `{ ...env, matrix }` changes what it finds.
    binary(this: Environment, name) {
      const found = this.matrix.find((m) => m.label === name) ?? this.matrix.find((m) => m.kind === name);
      if (!found) throw new BinaryNotFoundError(`the matrix has no ${name}`);
      if (found.missing !== undefined) throw new BinaryNotFoundError(found.missing);
      return found;
    },
    providerAddress: (name) => `${REGISTRY_HOST[name]}/${options.namespace}/${options.type}`,
  };
}

/**
 * Copies the example to a fresh directory of its own for `binary` (named by the example and
 * the binary's label, so parallel cells never share one).
 */
export async function copyExample(
  examplesRoot: string,
  name: string,
  env: Environment,
  binary: AvailableBinary | BinaryName = "tofu",
): Promise<Workdir> {
  const bin = typeof binary === "string" ? env.binary(binary) : binary;
  const dir = join(env.workRoot, "work", `${name.replace(/[\\/]/g, "__")}__${bin.label}`);
  await mkdir(dir, { recursive: true });
  await cp(join(examplesRoot, name), dir, { recursive: true });
  return new Workdir({ dir, binary: bin.path, cliConfigFile: env.cliConfigFile });
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

/** An example's checks.mjs (none: the default cycle), with its exports checked. */
export async function loadChecks(dir: string): Promise<ExampleChecks> {
  const file = join(dir, "checks.mjs");
  try {
    await stat(file);
  } catch {
    return {};
  }
  const checks = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  // A misspelt export would otherwise be ignored, and the example would pass without its checks.
  const moved = Object.keys(checks).filter((k) => k === "binary" || k === "testMode");
  if (moved.length > 0) {
    throw new Error(
      `${file} exports ${moved.join(", ")}, which moved to ${REQUIREMENTS_FILE} beside it: { "binaries": ["terraform"], "testMode": true }`,
    );
  }
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

/** The steps that start and stop the provider of a cell whose commands reattach to it. */
export const PROVIDER_STARTED = "provider started in debug mode";
export const PROVIDER_STOPPED = "provider stopped";

/** The step recorded in place of `destroy` when the state holds no managed resource. */
export const NOTHING_TO_DESTROY = "destroy (nothing managed, skipped)";

/**
 * How many managed resources the local state in `dir` holds, or undefined when there is no
 * local state to read (a state store, a backend): then `destroy` runs.
 */
async function managedResourceCount(dir: string): Promise<number | undefined> {
  try {
    const state = JSON.parse(await readFile(join(dir, "terraform.tfstate"), "utf8")) as {
      resources?: { mode?: string }[];
    };
    return (state.resources ?? []).filter((r) => r.mode === "managed").length;
  } catch {
    return undefined;
  }
}

/** The convergence check: a plan after apply must have nothing to change. */
export async function noOpPlan(work: Workdir): Promise<void> {
  const res = await work.run(["plan", "-no-color", "-input=false", "-detailed-exitcode"], {
    okCodes: [0, 2],
  });
  assert.equal(
    res.code,
    0,
    `the plan after apply is not empty: the provider does not converge.\n${res.stdout}`,
  );
}

/** `output -json` in the work dir, as name → value. */
export async function outputsOf(work: Workdir): Promise<Record<string, unknown>> {
  const res = await work.run(["output", "-json", "-no-color"]);
  const parsed = JSON.parse(res.stdout || "{}") as Record<string, { value: unknown }>;
  return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, v.value]));
}

/** The machine's environment without TSVIDER_TESTMODE, which only test-mode examples get. */
export function baseEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.TSVIDER_TESTMODE;
  return env;
}

/** Runs the example on every binary of the matrix, one after the other. */
export async function runExample(
  examplesRoot: string,
  name: string,
  env: Environment,
  version: string,
): Promise<ExampleResult[]> {
  const results: ExampleResult[] = [];
  for (const b of env.matrix) results.push(await runExampleOn(examplesRoot, name, env, version, b));
  return results;
}

/**
 * Runs every example on every binary of the matrix, at most `jobs` cells at a time, and
 * resolves to the results in example × matrix order. `onResult` sees each as it finishes.
 */
export async function runExamples(options: {
  examplesRoot: string;
  names: readonly string[];
  env: Environment;
  version: string;
  jobs: number;
  onResult?: (result: ExampleResult) => void;
  /** Runs only the cells this says yes to (a shard's); the others are neither run nor reported. */
  only?: (name: string, binaryLabel: string) => boolean;
  /**
   * The cells of one example run one after the other (`--one-cell-per-example`): examples that
   * make fixed names on a shared server would collide with themselves on another binary. The
   * `jobs` bound then counts examples in flight, each running one cell.
   */
  oneCellPerExample?: boolean;
}): Promise<ExampleResult[]> {
  const groups = options.names
    .map((name) =>
      options.env.matrix
        .filter((binary) => options.only?.(name, binary.label) ?? true)
        .map((binary) => ({ name, binary })),
    )
    .filter((cells) => cells.length > 0);
  const run = async ({ name, binary }: { name: string; binary: MatrixBinary }) => {
    const result = await runExampleOn(options.examplesRoot, name, options.env, options.version, binary);
    options.onResult?.(result);
    return result;
  };
  if (!options.oneCellPerExample) return mapLimit(groups.flat(), options.jobs, run);
  const results = await mapLimit(groups, options.jobs, async (cells) => {
    const mine: ExampleResult[] = [];
    for (const cell of cells) mine.push(await run(cell));
    return mine;
  });
  return results.flat();
}

/**
 * Runs the example on one binary of the matrix (or the pinned one of a kind): skipped with the
 * reason when its requirements.json rules the binary out, failed at "binary" when the binary
 * is missing.
 */
export async function runExampleOn(
  examplesRoot: string,
  name: string,
  env: Environment,
  version: string,
  binaryOrKind: MatrixBinary | BinaryName,
): Promise<ExampleResult> {
  const started = Date.now();
  const binaryEntry =
    typeof binaryOrKind === "string"
      ? (env.matrix.find((m) => m.label === binaryOrKind) ?? env.matrix.find((m) => m.kind === binaryOrKind))
      : binaryOrKind;
  if (!binaryEntry) throw new Error(`the matrix has no ${binaryOrKind}`);
  const cell = {
    name,
    binary: binaryEntry.label,
    kind: binaryEntry.kind,
    ...(binaryEntry.missing === undefined ? { version: binaryEntry.version } : {}),
  };
  const done = (rest: Omit<ExampleResult, keyof typeof cell | "durationMs">): ExampleResult => ({
    ...cell,
    ...rest,
    durationMs: Date.now() - started,
  });

  let requirements: Requirements;
  try {
    requirements = await loadRequirements(join(examplesRoot, name));
  } catch (err) {
    return done({ status: "fail", steps: [], failure: { step: REQUIREMENTS_FILE, message: message(err) } });
  }
  // An example not written for this kind is skipped even when the binary is missing: a
  // machine without Terraform can still run the OpenTofu examples.
  const otherKind = kindSkipReason(requirements, binaryEntry.kind);
  if (otherKind !== undefined) return done({ status: "skip", steps: [], skipReason: otherKind });
  // Read before the binary is looked at: a broken configuration is broken on every binary it is
  // written for, and no `init` is spent on it.
  let problems: string[];
  try {
    problems = await checkConfiguration(examplesRoot, name, { namespace: env.namespace, type: env.type });
  } catch (err) {
    problems = [message(err)];
  }
  if (problems.length > 0)
    return done({
      status: "fail",
      steps: [],
      failure: { step: CONFIGURATION_STEP, message: problems.join("\n") },
    });
  if (binaryEntry.missing !== undefined)
    return done({ status: "fail", steps: [], failure: { step: "binary", message: binaryEntry.missing } });
  const bin: AvailableBinary = binaryEntry;
  const tooOld = skipReason(requirements, bin);
  if (tooOld !== undefined) return done({ status: "skip", steps: [], skipReason: tooOld });
  const binary = bin.kind;
  const reattaching = env.reattach && requirements.providerPerCommand === undefined;

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
  let provider: DebugProvider | undefined;
  try {
    const copied = await copyExample(examplesRoot, name, env, bin);
    dir = copied.dir;
    const workDir = copied.dir;
    current = "checks.mjs";
    checks = await loadChecks(workDir);
    staticEnv = { ...checks.env, ...testModeEnv(requirements) };
    let commandEnv: Record<string, string> = staticEnv;
    if (checks.before) {
      const before = checks.before;
      const prepared = await step("before", () =>
        before({ dir: workDir, binary, binaryVersion: bin.version, env: staticEnv, assert }),
      );
      beforeRan = true;
      if (prepared) {
        cleanup = prepared.cleanup?.bind(prepared);
        commandEnv = { ...staticEnv, ...prepared.env };
      }
    } else beforeRan = true;

    const workdirWith = (extra: Readonly<Record<string, string>> = {}) =>
      new Workdir({
        dir: workDir,
        binary: bin.path,
        cliConfigFile: env.cliConfigFile,
        env: baseEnv(),
        extraEnv: { ...commandEnv, ...extra },
      });
    let work = workdirWith();
    const checkContext = async (): Promise<CheckContext> => ({
      dir: workDir,
      binary,
      binaryVersion: bin.version,
      atLeast: (v) => compareVersions(bin.version, v) >= 0,
      outputs: await outputsOf(work),
      env: commandEnv,
      assert,
    });

    await step("init", () => work.run(["init", "-no-color", "-input=false", ...(checks.initArgs ?? [])]));
    await step("lock file", () => checkLockFile(workDir, env, version, binary));
    if (reattaching) {
      const started = await step(PROVIDER_STARTED, () =>
        startDebugProvider({
          executable: installedProviderExecutable(workDir, env.providerAddress(binary), version),
          cwd: workDir,
          env: { ...baseEnv(), ...commandEnv },
        }),
      );
      provider = started;
      commandEnv = { ...commandEnv, TF_REATTACH_PROVIDERS: started.reattach };
      work = workdirWith();
    }

    const apply = async () => {
      // The plan is saved and applied as saved, as a CI pipeline does: `apply` without a plan
      // file would plan a second time, one more round of provider starts for nothing new.
      await step("plan", () => work.run(["plan", "-no-color", "-input=false", `-out=${SAVED_PLAN}`]));
      await step("apply", () => work.run(["apply", "-no-color", "-input=false", SAVED_PLAN]));
      await step("checks after apply", async () => checks.afterApply?.(await checkContext()));
      await step("no-op plan", () => noOpPlan(work));
    };
    const destroy = async () => {
      // A configuration that manages nothing (functions, data sources, outputs) has nothing to
      // destroy, and `destroy` would only start the provider five more times to say so.
      if (checks.afterDestroy === undefined && (await managedResourceCount(workDir)) === 0) {
        steps.push(NOTHING_TO_DESTROY);
        return;
      }
      await step("destroy", () => work.run(["destroy", "-no-color", "-input=false", "-auto-approve"]));
      await step("checks after destroy", async () => checks.afterDestroy?.(await checkContext()));
    };

    if (checks.steps) {
      await checks.steps({
        dir: workDir,
        binary,
        binaryVersion: bin.version,
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

  if (provider !== undefined) {
    current = PROVIDER_STOPPED;
    const exit = await provider.stop();
    if (exit.problem !== undefined)
      fail(
        new Error(`${exit.problem}; its standard error:\n${exit.stderr.trim().slice(-4000) || "(empty)"}`),
      );
    else steps.push(PROVIDER_STOPPED);
  }

  if (checks.after && beforeRan && dir !== undefined) {
    const after = checks.after;
    const workDir = dir;
    try {
      await step("after", () =>
        after({
          dir: workDir,
          binary,
          binaryVersion: bin.version,
          env: staticEnv,
          assert,
          passed: failure === undefined,
        }),
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
  const how = reattaching ? { reattached: true as const } : {};
  return failure === undefined
    ? done({ status: "pass", steps, ...how, ...(dir ? { dir } : {}) })
    : done({ status: "fail", steps, failure, ...how, ...(dir ? { dir } : {}) });
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

// The package's API in one place (package.json exports this module).
export {
  COMPONENT_KINDS,
  CONFIGURATION_STEP,
  checkConfiguration,
  type InstalledProvider,
} from "./configuration.js";
export * from "./expected-failures.js";
export * from "./hosts.js";
export * from "./matrix.js";
export { toHtml, toMarkdown } from "./matrix-report.js";
export * from "./pool.js";
export * from "./provider-app.js";
export * from "./report.js";
export {
  compareVersions,
  DEFAULT_REQUIREMENTS,
  kindSkipReason,
  loadRequirements,
  parseRequirements,
  REQUIREMENTS_FILE,
  type Requirements,
  skipReason,
} from "./requirements.js";
export * from "./shard.js";
