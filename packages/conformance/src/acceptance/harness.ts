// acceptanceTest: a provider driven through steps on the real tofu (or terraform), as Go
// providers are by terraform-plugin-testing. The provider is served from this process and
// attached through TF_REATTACH_PROVIDERS, or a built executable is installed from a
// filesystem mirror. Each apply step is followed by a plan that must be empty (the provider
// converges), and the last step by a destroy that must leave the state empty.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, unlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Provider, serve } from "@tsvider/framework";
import { BinaryNotFoundError, resolveTofu } from "../binary.js";
import { installProviderMirror, mirrorCliConfig } from "../mirror.js";
import { CommandFailedError, type CommandResult, Workdir } from "../workdir.js";
import type { PlanCheck, StateCheck } from "./checks.js";
import {
  AcceptanceTestError,
  commandOutput,
  crashIn,
  ProviderCrashedError,
  panicFromHostLog,
  type StepKind,
  type StepLabel,
} from "./errors.js";
import { ExactNumber, exactEqual, exactJsonText, parseExactJson } from "./exact-json.js";
import { allResources, findResource, type ShownPlan, type ShownResource, type ShownState } from "./json.js";
import { type AcceptanceRequirements, unmetRequirements } from "./requirements.js";

/** What `check` and `preConfig` get: the working directory, its state, and the binary. */
export interface StepContext {
  /** The working directory the binary runs in (relative paths in config resolve here for an executable provider). */
  readonly dir: string;
  readonly binary: string;
  /** `show -json` of the state after the step (before it, in preConfig). */
  readonly state: ShownState;
  /** The root module's outputs, by name. */
  readonly outputs: Record<string, unknown>;
  /** Runs the binary in the working directory with the harness's environment; throws CommandFailedError unless the exit code is in okCodes (default [0]). */
  run(args: readonly string[], options?: { okCodes?: readonly number[] }): Promise<CommandResult>;
}

/**
 * A step's `importState`: import an existing object into the state (by ID or by identity), and
 * compare what was imported with the state.
 */
export interface ImportStateStep {
  /** The resource address to import into, such as `tsvider_file_content.f`. */
  readonly resourceName: string;
  /** Import by ID: the `import` command (or an `import` block with `importBlock: true`). */
  readonly id?: string;
  /** Import by identity: an `import { identity = ... }` block, planned and applied. */
  readonly identity?: Record<string, unknown>;
  /** Compare the imported object with what the previous step left in state. */
  readonly verify?: boolean;
  /** Attributes verify skips: a name skips everything under it (`"timeouts"`, `"tags.env"`). */
  readonly verifyIgnore?: readonly string[];
  /** Import by ID through an `import` block instead of the `import` command. */
  readonly importBlock?: boolean;
  /**
   * Keep the imported state for the next steps. Default: false, the state is put back as the
   * previous step left it, so importing checks import without changing what the test manages.
   */
  readonly persist?: boolean;
}

/**
 * One step of an acceptance test: a configuration to apply (or plan only, refresh or destroy), an
 * import, and the checks to run on the plan and the state it leads to.
 */
export interface AcceptanceStep {
  /**
   * The configuration (main.tf). `terraform { required_providers }` for the provider is added
   * in a file of its own when the configuration has no `required_providers`. A function gets
   * the working directory, for absolute paths. Steps without one reuse the previous step's.
   */
  readonly config?: string | ((ctx: { readonly dir: string }) => string);
  /** Runs before the step's commands: change something outside the binary (drift) and so on. */
  readonly preConfig?: (ctx: StepContext) => void | Promise<void>;
  /** Checks on `show -json` of the state after the step. */
  readonly stateChecks?: readonly StateCheck[];
  /**
   * Checks on `show -json` of saved plans: `preApply`, the plan the step applies (or, with
   * planOnly, the plan it makes); `postApply`, the plan made after apply to check convergence.
   */
  readonly planChecks?: {
    readonly preApply?: readonly PlanCheck[];
    readonly postApply?: readonly PlanCheck[];
  };
  /** Any other check, after the state checks. */
  readonly check?: (ctx: StepContext) => void | Promise<void>;
  /**
   * The step must fail, with output (raw or with whitespace runs made single spaces) matching
   * this; its stateChecks and check then see the state the failure left.
   */
  readonly expectError?: RegExp;
  /** Plan only, and require the plan to be empty (unless expectNonEmptyPlan). */
  readonly planOnly?: boolean;
  /** The plan after apply (or the planOnly plan) must show changes instead of none. */
  readonly expectNonEmptyPlan?: boolean;
  /** `apply -refresh-only` instead of an apply of the config. */
  readonly refreshState?: boolean;
  readonly importState?: ImportStateStep;
  /** `destroy` with the config. */
  readonly destroy?: boolean;
}

/** What preCheck gets. */
export interface PreCheckContext {
  /** The binary the steps will run. */
  readonly binary: string;
  /** The provider's environment: this process's with acceptanceTest's `env` over it. */
  readonly env: NodeJS.ProcessEnv;
  /** Skips the test with this reason (through acceptanceTest's `skip` when given). */
  skip(reason: string): never;
}

/** What checkDestroy gets. */
export interface CheckDestroyContext {
  /**
   * The managed resources of the state just before the final destroy (`show -json`), with their
   * values: look each one up remotely and throw if it is still there.
   */
  readonly resources: readonly ShownResource[];
  readonly dir: string;
  readonly binary: string;
  /** The provider's environment: this process's with acceptanceTest's `env` over it. */
  readonly env: NodeJS.ProcessEnv;
}

export interface AcceptanceTestOptions extends AcceptanceRequirements {
  /** A framework provider, served from this process and attached with TF_REATTACH_PROVIDERS. */
  readonly provider?: Provider;
  /**
   * The framework's `serve` for an in-process provider. Default: that of the @tsvider/framework
   * this package depends on; pass your own (`import { serve } from "@tsvider/framework"`) when
   * the provider was defined with another copy of the framework, whose error classes the
   * default would not recognise.
   */
  readonly serve?: typeof serve;
  /** Or a built provider executable, installed through a filesystem mirror. */
  readonly executable?: string;
  /** The provider's source address: `namespace/type`, or `host/namespace/type`. */
  readonly address: string;
  /** The version an executable is installed as. Default: 0.0.1. */
  readonly version?: string;
  /** The provider's environment: serve's env in-process (over this process's), else the binary's environment, which the executable inherits. */
  readonly env?: NodeJS.ProcessEnv;
  /** Default: TSVIDER_ACC_BINARY, else the pinned tofu (resolveTofu). */
  readonly binary?: string;
  /** The plugin protocol to serve (5 or 6). Default: the newest in-process, negotiated for an executable. */
  readonly protocol?: 5 | 6;
  /** Keep the working directory (its path is printed). Default: TSVIDER_ACC_KEEP=1 or true. */
  readonly keep?: boolean;
  readonly steps: readonly AcceptanceStep[];
  /**
   * How to skip the test in your runner when a requirement (requireEnv, optIn) is unmet or
   * preCheck skips it: vitest's `ctx.skip` (`it("...", async (ctx) => acceptanceTest({ skip:
   * ctx.skip, ... }))`), which shows the reason in vitest's output. Without it, a skipped test
   * prints the reason on stderr and returns with `skipped` set.
   */
  readonly skip?: (reason: string) => unknown;
  /**
   * Runs before anything else (after the requirements, once the binary is found): check what the
   * test needs (the service answers, the account has quota), call `ctx.skip(reason)` to skip, or
   * throw to fail with your message.
   */
  readonly preCheck?: (ctx: PreCheckContext) => void | Promise<void>;
  /**
   * Runs after the final destroy succeeded (also when a step failed), with the resources the
   * last state held: throw if any still exists remotely. Its message is the failure's reason.
   */
  readonly checkDestroy?: (ctx: CheckDestroyContext) => void | Promise<void>;
}

/**
 * What `acceptanceTest` ran: the binary, the working directory, and why the test was skipped, if it
 * was.
 */
export interface AcceptanceTestResult {
  /** The binary the steps ran on ("" when the test was skipped before it was looked for). */
  readonly binary: string;
  /** The working directory; gone unless kept ("" when the test was skipped). */
  readonly dir: string;
  /** Why the test was skipped (see `skip`), when it was. */
  readonly skipped?: string;
}

const CONFIG_FILE = "main.tf";
const PROVIDERS_FILE = "tsvider_acceptance_providers.tf";
const IMPORT_FILE = "tsvider_acceptance_import.tf";
const STEP_PLAN = "tsvider-step.tfplan";
const CHECK_PLAN = "tsvider-check.tfplan";
const IMPORT_PLAN = "tsvider-import.tfplan";
const STATE_FILE = "terraform.tfstate";

/** Thrown by preCheck's ctx.skip, caught by acceptanceTest. */
class SkipSignal extends Error {
  constructor(readonly reason: string) {
    super(`acceptance test skipped: ${reason}`);
  }
}

/** A step went wrong; `result` when the binary said so (expectError looks at those). */
class StepFailed extends Error {
  constructor(
    readonly reason: string,
    readonly result?: CommandResult,
  ) {
    super(reason);
  }
}

/**
 * Runs acceptance steps against a real `tofu` or `terraform` binary, as terraform-plugin-testing's
 * `resource.Test` does: each step's configuration is planned and applied in one working
 * directory, the checks run, and everything is destroyed at the end.
 *
 * @param options the provider (served in process, or a built executable), the steps, and what the
 *   test needs
 * @returns what was run; the test was skipped when `skipped` is set
 * @throws AcceptanceTestError when a step fails, naming the step and quoting the command's output
 */
export async function acceptanceTest(options: AcceptanceTestOptions): Promise<AcceptanceTestResult> {
  if ((options.provider === undefined) === (options.executable === undefined)) {
    throw new TypeError(
      "acceptanceTest needs exactly one of provider (served in-process) or executable (a built provider)",
    );
  }
  if (options.steps.length === 0) throw new TypeError("acceptanceTest needs at least one step");
  const addressParts = options.address.split("/");
  if (!(addressParts.length === 2 || addressParts.length === 3) || addressParts.some((p) => p === "")) {
    throw new TypeError(
      `acceptanceTest's address "${options.address}" is not a provider source address; give "<namespace>/<type>" or "<host>/<namespace>/<type>"`,
    );
  }
  const skipped = (reason: string, binary: string): AcceptanceTestResult => {
    // vitest's ctx.skip throws here, which ends the test as skipped with the reason.
    if (options.skip) options.skip(reason);
    else process.stderr.write(`tsvider acceptance test skipped: ${reason}\n`);
    return { binary, dir: "", skipped: reason };
  };
  const unmet = unmetRequirements(options);
  if (unmet !== undefined) return skipped(unmet, "");
  const binary = options.binary !== undefined ? checkBinary(options.binary) : resolveTofu(process.env);
  if (options.preCheck) {
    try {
      await options.preCheck({
        binary,
        env: { ...process.env, ...options.env },
        skip: (reason) => {
          throw new SkipSignal(reason);
        },
      });
    } catch (err) {
      if (err instanceof SkipSignal) return skipped(err.reason, binary);
      // The runner's own skip called inside preCheck (vitest's ctx.skip throws this): let it through.
      if ((err as { code?: unknown } | null)?.code === "VITEST_PENDING") throw err;
      throw new AcceptanceTestError({
        step: { index: 0, count: options.steps.length, kind: "pre-check" },
        binary,
        reason: `preCheck failed: ${messageOf(err)}`,
        cause: err,
      });
    }
  }
  const keep = options.keep ?? /^(1|true)$/i.test(process.env.TSVIDER_ACC_KEEP ?? "");
  const root = await mkdtemp(join(tmpdir(), "tsvider-acc-"));
  const dir = join(root, "work");
  await mkdir(dir);
  const harness = new Harness(options, binary, root, dir);
  let failure: unknown;
  try {
    await harness.setUp();
    await harness.runSteps();
  } catch (err) {
    failure = err;
  }
  try {
    if (harness.crashed) {
      failure ??= harness.crashError([]);
      if (failure instanceof Error) failure.message += "\n(no final destroy: the provider crashed)";
    } else {
      await harness.finalDestroy();
    }
  } catch (err) {
    // The first failure is the one to read; a destroy that fails after it is noted on it.
    if (failure === undefined) failure = err;
    else if (failure instanceof Error) failure.message += `\n\nThe final destroy failed too:\n${String(err)}`;
  }
  await harness.stop();
  if (keep) {
    process.stderr.write(`tsvider acceptance test: kept the working directory ${dir}\n`);
    if (failure instanceof Error) failure.message += `\nworking directory kept at ${dir}`;
  } else {
    await rm(root, { recursive: true, force: true });
  }
  if (failure !== undefined) throw failure;
  return { binary, dir };
}

/** Checks that `binary version` runs, as resolveTofu does for the default. */
function checkBinary(binary: string): string {
  const probe = spawnSync(binary, ["version"], {
    encoding: "utf8",
    env: { ...process.env, TF_CLI_CONFIG_FILE: "/dev/null", CHECKPOINT_DISABLE: "1" },
  });
  if (probe.error || probe.status !== 0) {
    throw new BinaryNotFoundError(
      `cannot run "${binary} version"${probe.error ? `: ${probe.error.message}` : ""}. ` +
        "Give acceptanceTest's binary as the path of a tofu or terraform binary (or leave it out for TSVIDER_ACC_BINARY, else the pinned tofu: tooling/opentofu/install).",
    );
  }
  return binary;
}

class Harness {
  #work: Workdir | undefined;
  #stop: (() => Promise<void>) | undefined;
  #unwatch: (() => void) | undefined;
  readonly #abort = new AbortController();
  readonly #stray: unknown[] = [];
  #config: string | undefined;
  /** The config of the last step that succeeded as it should, for the final destroy. */
  #lastGoodConfig: string | undefined;
  #initialized: string | undefined;
  #step: StepLabel;
  readonly #count: number;

  constructor(
    readonly options: AcceptanceTestOptions,
    readonly binary: string,
    readonly root: string,
    readonly dir: string,
  ) {
    this.#count = options.steps.length;
    this.#step = { index: 0, count: this.#count, kind: "setup" };
  }

  get #hostLog(): string {
    return join(this.root, "host.log");
  }

  get #providerName(): string {
    return this.options.address.split("/").at(-1)!;
  }

  async setUp(): Promise<void> {
    const cliConfigFile = join(this.root, "cli.tfrc");
    let extraEnv: NodeJS.ProcessEnv;
    if (this.options.provider) {
      // Loaded only here: executable mode never loads the framework.
      const serveProvider = this.options.serve ?? (await import("@tsvider/framework")).serve;
      const running = await serveProvider(this.options.provider, {
        debug: true,
        address: this.options.address,
        env: { ...process.env, ...this.options.env },
        ...(this.options.protocol ? { protocols: [this.options.protocol] } : {}),
        // The reattach value comes back in `running`; nothing is printed, and the server is
        // stopped below rather than ending this process.
        writeHandshake: () => {},
        exit: () => {},
      });
      this.#stop = () => running.stop();
      this.#watchForStrayErrors();
      if (running.reattach === undefined) throw new Error("serve() in debug mode returned no reattach value");
      // No provider_installation: the reattached provider needs none, and any other provider
      // the config names comes from its registry as usual.
      await writeFile(cliConfigFile, "");
      extraEnv = { TF_REATTACH_PROVIDERS: running.reattach };
    } else {
      const executable = this.options.executable!;
      if (!existsSync(executable)) {
        throw new AcceptanceTestError({
          step: this.#step,
          binary: this.binary,
          reason: `the provider executable ${executable} does not exist; build the provider first`,
        });
      }
      const [namespace, type] = this.options.address.split("/").slice(-2) as [string, string];
      const mirrorDir = join(this.root, "mirror");
      const hosts =
        this.options.address.split("/").length === 3 ? [this.options.address.split("/")[0]!] : undefined;
      await installProviderMirror({
        mirrorDir,
        namespace,
        type,
        version: this.options.version ?? "0.0.1",
        executable,
        ...(hosts ? { hosts } : {}),
      });
      await writeFile(cliConfigFile, mirrorCliConfig(mirrorDir));
      extraEnv = {
        // The host files the provider's stderr in its log, and only there: with a log of our
        // own, a provider that crashes is reported with its panic (see #command).
        ...(process.env.TF_LOG ? {} : { TF_LOG: "ERROR", TF_LOG_PATH: this.#hostLog }),
        ...this.options.env,
        ...(this.options.protocol ? { TSVIDER_PROTOCOLS: String(this.options.protocol) } : {}),
      };
    }
    this.#work = new Workdir({ dir: this.dir, binary: this.binary, cliConfigFile, extraEnv });
  }

  /**
   * An in-process provider that throws outside any handler (a timer's callback, a promise
   * nobody awaits) leaves the host waiting for an answer that never comes. While the provider
   * is served from this process, such an error stops the running command at once and fails
   * the step as a crash.
   */
  #watchForStrayErrors(): void {
    const onStray = (err: unknown) => {
      this.#stray.push(err);
      this.#abort.abort(err);
    };
    process.on("uncaughtException", onStray);
    process.on("unhandledRejection", onStray);
    this.#unwatch = () => {
      process.off("uncaughtException", onStray);
      process.off("unhandledRejection", onStray);
    };
  }

  crashError(command: readonly string[]): ProviderCrashedError {
    const first = this.#stray[0];
    const text = first instanceof Error ? (first.stack ?? first.message) : String(first);
    return new ProviderCrashedError({
      step: this.#step,
      binary: this.binary,
      reason:
        "the provider crashed: an error nothing caught was thrown in this process while serving it in-process, so the command was stopped",
      ...(command.length ? { command } : {}),
      output: text,
      cause: first,
    });
  }

  /** After a stray error the provider may never answer again: no final destroy then. */
  get crashed(): boolean {
    return this.#stray.length > 0;
  }

  async stop(): Promise<void> {
    this.#unwatch?.();
    await this.#stop?.();
  }

  get #w(): Workdir {
    if (!this.#work) throw new Error("the harness is not set up");
    return this.#work;
  }

  async runSteps(): Promise<void> {
    for (const [i, step] of this.options.steps.entries()) {
      this.#step = { index: i + 1, count: this.#count, kind: kindOf(step) };
      try {
        await this.#runStep(step);
        if (step.expectError) {
          throw this.#error(`expected an error matching ${step.expectError}, but the step succeeded`);
        }
        this.#lastGoodConfig = this.#config;
      } catch (err) {
        if (!(err instanceof StepFailed)) throw err;
        if (step.expectError && err.result) {
          const output = commandOutput(err.result);
          if (step.expectError.test(output) || step.expectError.test(output.replace(/\s+/g, " "))) {
            // The state checks and check see what the failure left behind.
            await this.#afterStep(step);
            continue;
          }
          throw this.#error(
            `expected an error matching ${step.expectError}; ${err.reason}, with other output`,
            err.result,
          );
        }
        throw this.#error(err.reason, err.result);
      }
    }
  }

  async #runStep(step: AcceptanceStep): Promise<void> {
    if (step.config !== undefined) {
      const text = typeof step.config === "function" ? step.config({ dir: this.dir }) : step.config;
      await this.#writeConfig(text);
    } else if (this.#config === undefined) {
      throw this.#error("the first step needs a config");
    }
    await this.#init();
    if (step.preConfig) {
      const ctx = await this.#context();
      try {
        await step.preConfig(ctx);
      } catch (err) {
        throw this.#error(`preConfig failed: ${messageOf(err)}`, undefined, err);
      }
    }
    if (step.importState) return this.#importStep(step, step.importState);
    if (step.destroy) {
      await this.#command(["destroy", "-auto-approve"], "destroy failed");
      return this.#afterStep(step);
    }
    if (step.refreshState) {
      await this.#command(["apply", "-refresh-only", "-auto-approve"], "apply -refresh-only failed");
      await this.#afterStep(step);
      return this.#checkConvergence(step);
    }
    if (step.planOnly) {
      const plan = await this.#command(
        ["plan", "-detailed-exitcode", `-out=${STEP_PLAN}`],
        "plan failed",
        [0, 2],
      );
      await this.#planChecks(step.planChecks?.preApply, STEP_PLAN, "preApply");
      if (plan.code === 2 && !step.expectNonEmptyPlan) {
        throw this.#error(
          "the plan is not empty (planOnly expects no changes; set expectNonEmptyPlan if it should have some)",
          plan,
        );
      }
      if (plan.code === 0 && step.expectNonEmptyPlan)
        throw this.#error("expected a non-empty plan, but the plan is empty", plan);
      return this.#afterStep(step);
    }
    await this.#command(["plan", `-out=${STEP_PLAN}`], "plan failed");
    await this.#planChecks(step.planChecks?.preApply, STEP_PLAN, "preApply");
    await this.#command(["apply", "-auto-approve", STEP_PLAN], "apply failed");
    await this.#afterStep(step);
    await this.#checkConvergence(step);
  }

  /** After apply the same config must plan nothing: anything else is a provider that does not converge. */
  async #checkConvergence(step: AcceptanceStep): Promise<void> {
    const plan = await this.#command(
      ["plan", "-detailed-exitcode", `-out=${CHECK_PLAN}`],
      "the plan after the step failed",
      [0, 2],
    );
    await this.#planChecks(step.planChecks?.postApply, CHECK_PLAN, "postApply");
    if (plan.code === 2 && !step.expectNonEmptyPlan) {
      throw this.#error(
        "after the step the plan is not empty: the provider does not converge (its result differs from the config, or read changes it); set expectNonEmptyPlan if that is intended",
        plan,
      );
    }
    if (plan.code === 0 && step.expectNonEmptyPlan) {
      throw this.#error(
        "expected a non-empty plan after the step (expectNonEmptyPlan), but the plan is empty",
        plan,
      );
    }
  }

  async #afterStep(step: AcceptanceStep, state?: ShownState): Promise<void> {
    if (!step.stateChecks?.length && !step.check) return;
    const ctx = await this.#context(state);
    for (const check of step.stateChecks ?? []) {
      try {
        check.check(ctx.state);
      } catch (err) {
        throw this.#error(`state check "${check.description}" failed: ${messageOf(err)}`);
      }
    }
    if (step.check) {
      try {
        await step.check(ctx);
      } catch (err) {
        throw this.#error(`check failed: ${messageOf(err)}`, undefined, err);
      }
    }
  }

  async #importStep(step: AcceptanceStep, importState: ImportStateStep): Promise<void> {
    const { resourceName, id, identity } = importState;
    if ((id === undefined) === (identity === undefined)) {
      throw this.#error(`importState needs exactly one of id or identity (for ${resourceName})`);
    }
    const statePath = join(this.dir, STATE_FILE);
    const before = await this.#showState();
    const previous = findResource(before, resourceName);
    if (importState.verify && !previous) {
      throw this.#error(
        `importState.verify compares with the previous step's state, which holds no ${resourceName}`,
      );
    }
    const savedState = existsSync(statePath) ? await readFile(statePath) : undefined;
    try {
      if (previous) await this.#command(["state", "rm", resourceName], `state rm ${resourceName} failed`);
      let imported: ShownState;
      if (identity !== undefined || importState.importBlock) {
        const target =
          identity !== undefined
            ? `identity = ${JSON.stringify(identity)}`
            : `id       = ${JSON.stringify(id)}`;
        await writeFile(
          join(this.dir, IMPORT_FILE),
          `import {\n  to       = ${resourceName}\n  ${target}\n}\n`,
        );
        const planned = await this.#command(["plan", `-out=${IMPORT_PLAN}`], "the import plan failed");
        const plan = await this.#showPlan(IMPORT_PLAN);
        const change = plan.resource_changes?.find((c) => c.address === resourceName);
        if (!change?.change.importing) {
          throw this.#error(`the plan does not import ${resourceName}`, planned);
        }
        await this.#planChecks(step.planChecks?.preApply, IMPORT_PLAN, "preApply");
        if (importState.verify && change.change.actions.join() !== "no-op") {
          throw this.#error(
            `importState.verify: after importing, ${resourceName} plans ${change.change.actions.join("-")} instead of no change`,
            planned,
          );
        }
        await this.#command(["apply", "-auto-approve", IMPORT_PLAN], "applying the import failed");
        imported = await this.#showState();
      } else {
        await this.#command(["import", resourceName, id!], `import ${resourceName} ${id} failed`);
        imported = await this.#showState();
      }
      const got = findResource(imported, resourceName);
      if (!got) throw this.#error(`after the import, ${resourceName} is not in state`);
      if (importState.verify && previous) {
        const differences = compareValues(previous.values, got.values, importState.verifyIgnore ?? []);
        if (differences.length) {
          throw this.#error(
            `importState.verify: the imported ${resourceName} differs from the state the previous step left (add attributes the import cannot know to verifyIgnore):\n${differences.join("\n")}`,
          );
        }
      }
      await this.#afterStep(step, imported);
    } finally {
      await unlink(join(this.dir, IMPORT_FILE)).catch(() => {});
      if (!importState.persist) {
        if (savedState) await writeFile(statePath, savedState);
        else await rm(statePath, { force: true });
      }
    }
  }

  /** After the last step (or a failure): destroy, and the state must be empty. */
  async finalDestroy(): Promise<void> {
    if (!this.#work || this.#config === undefined) return;
    const statePath = join(this.dir, STATE_FILE);
    this.#step = { index: this.#count + 1, count: this.#count, kind: "final destroy" };
    let last: ShownState = {};
    if (this.options.checkDestroy && existsSync(statePath)) {
      try {
        last = await this.#showState();
      } catch (err) {
        if (err instanceof StepFailed) throw this.#error(err.reason, err.result);
        throw err;
      }
    }
    // Nothing to destroy: skip it, as the config may not even plan (a step expected to fail).
    if (resourcesIn(await readState(statePath)).length > 0) await this.#destroyAll(statePath);
    if (this.options.checkDestroy) {
      const resources = allResources(last).filter((r) => r.mode === "managed");
      try {
        await this.options.checkDestroy({
          resources,
          dir: this.dir,
          binary: this.binary,
          env: { ...process.env, ...this.options.env },
        });
      } catch (err) {
        throw this.#error(`checkDestroy failed: ${messageOf(err)}`, undefined, err);
      }
    }
  }

  async #destroyAll(statePath: string): Promise<void> {
    // A last step that expected an error may have left a config that does not even plan: the
    // destroy uses the last one a step succeeded with.
    if (this.#lastGoodConfig !== undefined && this.#lastGoodConfig !== this.#config) {
      await this.#writeConfig(this.#lastGoodConfig);
    }
    try {
      await this.#init();
      await this.#command(["destroy", "-auto-approve"], "destroy failed");
    } catch (err) {
      if (err instanceof StepFailed) throw this.#error(err.reason, err.result);
      throw err;
    }
    const left = resourcesIn(await readState(statePath));
    if (left.length) throw this.#error(`destroy left ${left.join(", ")} in state`);
  }

  async #writeConfig(text: string): Promise<void> {
    this.#config = text;
    await writeFile(join(this.dir, CONFIG_FILE), text);
    const providers = join(this.dir, PROVIDERS_FILE);
    if (/\brequired_providers\b/.test(text)) {
      await rm(providers, { force: true });
    } else {
      const version =
        this.options.executable !== undefined
          ? `, version = ${JSON.stringify(this.options.version ?? "0.0.1")}`
          : "";
      await writeFile(
        providers,
        `terraform {\n  required_providers {\n    ${this.#providerName} = { source = ${JSON.stringify(this.options.address)}${version} }\n  }\n}\n`,
      );
    }
  }

  /** `init` again whenever the config changed since the last one: it may name new providers or modules. */
  async #init(): Promise<void> {
    if (this.#initialized === this.#config) return;
    await this.#command(["init"], "init failed");
    this.#initialized = this.#config;
  }

  async #command(
    args: readonly string[],
    reason: string,
    okCodes: readonly number[] = [0],
  ): Promise<CommandResult> {
    // Flags go right after the subcommand: the CLI stops reading flags at the first argument.
    // `show` takes no -input, and `state rm` neither.
    const [sub, ...rest] = args as [string, ...string[]];
    const flags = sub === "state" ? [] : sub === "show" ? ["-no-color"] : ["-no-color", "-input=false"];
    let result: CommandResult;
    try {
      result = await this.#w.run([sub, ...flags, ...rest], {
        okCodes: [0, 1, 2, 3],
        signal: this.#abort.signal,
      });
    } catch (err) {
      if (this.#stray.length > 0) throw this.crashError([this.binary, sub, ...flags, ...rest]);
      // Killed, or some other exit code: the binary's own failure all the same.
      if (err instanceof CommandFailedError)
        throw new StepFailed(`${reason} (exit code ${err.result.code})`, err.result);
      throw err;
    }
    if (okCodes.includes(result.code)) return result;
    const panic =
      crashIn(commandOutput(result)) && existsSync(this.#hostLog)
        ? panicFromHostLog(await readFile(this.#hostLog, "utf8"))
        : undefined;
    const panicText = `\n\nThe provider's panic, from the host's log:\n${panic}\n`;
    const shown = panic
      ? {
          ...result,
          stderr: `${result.stderr.trimEnd()}${panicText}`,
          // Last in the output too: the host's log is read after the command ended.
          ...(result.output !== undefined ? { output: `${result.output.trimEnd()}${panicText}` } : {}),
        }
      : result;
    throw new StepFailed(`${reason} (exit code ${result.code})`, shown);
  }

  async #showState(): Promise<ShownState> {
    const result = await this.#command(["show", "-json"], "show -json failed");
    return parseExactJson(result.stdout) as ShownState;
  }

  async #showPlan(file: string): Promise<ShownPlan> {
    const result = await this.#command(["show", "-json", file], "show -json of the plan failed");
    return parseExactJson(result.stdout) as ShownPlan;
  }

  async #planChecks(checks: readonly PlanCheck[] | undefined, file: string, phase: string): Promise<void> {
    if (!checks?.length) return;
    const plan = await this.#showPlan(file);
    for (const check of checks) {
      try {
        check.check(plan);
      } catch (err) {
        throw this.#error(`${phase} plan check "${check.description}" failed: ${messageOf(err)}`);
      }
    }
  }

  async #context(state?: ShownState): Promise<StepContext> {
    const shown = state ?? (existsSync(join(this.dir, STATE_FILE)) ? await this.#showState() : {});
    const outputs = Object.fromEntries(
      Object.entries(shown.values?.outputs ?? {}).map(([name, output]) => [name, output.value]),
    );
    const work = this.#w;
    return {
      dir: this.dir,
      binary: this.binary,
      state: shown,
      outputs,
      run: (args, options) => work.run(args, options),
    };
  }

  #error(reason: string, result?: CommandResult, cause?: unknown): AcceptanceTestError {
    const output = result ? commandOutput(result) : undefined;
    const crash = output !== undefined ? crashIn(output) : undefined;
    const failure = {
      step: this.#step,
      binary: this.binary,
      reason: crash ? `${reason}: ${crash}` : reason,
      ...(result ? { command: result.args } : {}),
      ...(output !== undefined ? { output } : {}),
      ...(cause !== undefined ? { cause } : {}),
    };
    return crash ? new ProviderCrashedError(failure) : new AcceptanceTestError(failure);
  }
}

function kindOf(step: AcceptanceStep): StepKind {
  if (step.importState) return "import";
  if (step.destroy) return "destroy";
  if (step.refreshState) return "refresh";
  if (step.planOnly) return "plan-only";
  return "config";
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

interface StateFile {
  readonly resources?: readonly {
    mode: string;
    type: string;
    name: string;
    module?: string;
    instances?: readonly unknown[];
  }[];
}

async function readState(path: string): Promise<StateFile> {
  if (!existsSync(path)) return {};
  return JSON.parse(await readFile(path, "utf8")) as StateFile;
}

/** Addresses of resources with instances in a state file. */
function resourcesIn(state: StateFile): string[] {
  return (state.resources ?? [])
    .filter((r) => (r.instances?.length ?? 0) > 0)
    .map((r) => `${r.module ? `${r.module}.` : ""}${r.mode === "data" ? "data." : ""}${r.type}.${r.name}`);
}

/** Leaf-by-leaf differences between two `values` objects, skipping ignored paths and what is under them. */
export function compareValues(
  expected: Record<string, unknown>,
  actual: Record<string, unknown>,
  ignore: readonly string[],
): string[] {
  const left = flatten(expected);
  const right = flatten(actual);
  const ignored = (key: string) => ignore.some((i) => key === i || key.startsWith(`${i}.`));
  const keys = [...new Set([...left.keys(), ...right.keys()])].filter((k) => !ignored(k)).sort();
  const differences: string[] = [];
  for (const key of keys) {
    const a = left.get(key);
    const b = right.get(key);
    if (!exactEqual(a, b)) {
      differences.push(
        `  ${key}: state ${exactJsonText(a) ?? "(none)"}, imported ${exactJsonText(b) ?? "(none)"}`,
      );
    }
  }
  return differences;
}

function flatten(value: Record<string, unknown>): Map<string, unknown> {
  const out = new Map<string, unknown>();
  const walk = (v: unknown, prefix: string) => {
    if (
      v !== null &&
      typeof v === "object" &&
      !(v instanceof ExactNumber) &&
      (Array.isArray(v) ? v.length > 0 : Object.keys(v).length > 0)
    ) {
      for (const [k, child] of Object.entries(v)) walk(child, prefix ? `${prefix}.${k}` : k);
    } else {
      out.set(prefix, v);
    }
  };
  walk(value, "");
  return out;
}
