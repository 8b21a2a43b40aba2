// Running many examples that only evaluate as one configuration per binary (`--batch`).
//
// An example that manages, reads and opens nothing (a provider function's example: locals and
// outputs) proves its point in `plan` and `apply`, and a cell of its own spends an `init`, a
// provider start and five commands of the binary on a few function calls: over half of the
// reference provider's cells, and most of the fast run's CPU. Batched, such examples become
// child modules of one configuration on each binary, which goes through the same cycle (init,
// the lock file, plan, apply of the saved plan, a no-op plan), and each example's
// `afterApply` then checks its own module's outputs. Nothing is lost when the batch fails: its
// examples run again one cell each, so the failure is reported against the example that has
// it, in that example's own words.
//
// Only what runs the same way as a module is batched: top-level `terraform`
// (required_providers, required_version), `locals`, `output` (not ephemeral), `variable` with a
// default, and an empty `provider` block of the installed provider (removed: a child module
// inherits the root's default configuration, which is the same empty one, and a provider
// block of its own would start a provider process per module). No other file than the .tf
// files, checks.mjs and requirements.json (a file beside the example is read relative to the
// working directory, which a module does not change); no hook but `afterApply`; neither test
// mode nor a provider per command.
import assert from "node:assert/strict";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import {
  type DebugProvider,
  installedProviderExecutable,
  startDebugProvider,
  Workdir,
} from "@tsvider/conformance";
import { parseConfig } from "@tsvider/hcl/native";
import { checkConfiguration } from "./configuration.js";
import {
  baseEnv,
  checkLockFile,
  type Environment,
  type ExampleChecks,
  type ExampleResult,
  loadChecks,
  NOTHING_TO_DESTROY,
  noOpPlan,
  outputsOf,
  PROVIDER_STARTED,
  PROVIDER_STOPPED,
  SAVED_PLAN,
} from "./examples.js";
import type { AvailableBinary } from "./matrix.js";
import { compareVersions, loadRequirements, type Requirements, skipReason } from "./requirements.js";

/** An example the batch can run: its .tf files, with an empty provider block taken out. */
export interface BatchableExample {
  readonly name: string;
  readonly requirements: Requirements;
  readonly checks: ExampleChecks;
  /** File name → text, as the module gets it. */
  readonly files: ReadonlyMap<string, string>;
}

const KEPT_FILES = new Set(["checks.mjs", "requirements.json"]);
const TOP_BLOCKS = new Set(["terraform", "provider", "locals", "output", "variable"]);
const TERRAFORM_ATTRIBUTES = new Set(["required_version"]);
const TERRAFORM_BLOCKS = new Set(["required_providers"]);

/**
 * The example `name` as the batch would run it, or undefined when it must run in a cell of its
 * own (see the head of this file for what is batched). `providerType` is the installed
 * provider's local name, whose empty provider block is removed.
 */
export async function batchableExample(
  examplesRoot: string,
  name: string,
  providerType: string,
): Promise<BatchableExample | undefined> {
  const dir = join(examplesRoot, name);
  let requirements: Requirements;
  let checks: ExampleChecks;
  try {
    requirements = await loadRequirements(dir);
    checks = await loadChecks(dir);
  } catch {
    // Its own cell reports what is wrong with either file.
    return undefined;
  }
  if (requirements.testMode || requirements.providerPerCommand !== undefined) return undefined;
  if (Object.keys(checks).some((k) => k !== "afterApply")) return undefined;

  const files = new Map<string, string>();
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (KEPT_FILES.has(entry.name)) continue;
    if (!entry.isFile() || !entry.name.endsWith(".tf")) return undefined;
    const text = await readFile(join(dir, entry.name), "utf8");
    const kept = moduleText(text, `${name}/${entry.name}`, providerType);
    if (kept === undefined) return undefined;
    files.set(entry.name, kept);
  }
  return files.size === 0 ? undefined : { name, requirements, checks, files };
}

/** The file's text as a module of the batch, or undefined when it holds anything else. */
function moduleText(text: string, fileName: string, providerType: string): string | undefined {
  const { file, diagnostics } = parseConfig(Buffer.from(text), fileName);
  if (diagnostics.some((d) => d.severity === "error")) return undefined;
  const body = file.body;
  if (body.attributes.size > 0) return undefined;
  const cuts: { start: number; end: number }[] = [];
  for (const block of body.blocks) {
    if (!TOP_BLOCKS.has(block.type)) return undefined;
    const inner = block.body;
    if (block.type === "terraform") {
      if ([...inner.attributes.keys()].some((k) => !TERRAFORM_ATTRIBUTES.has(k))) return undefined;
      if (inner.blocks.some((b) => !TERRAFORM_BLOCKS.has(b.type))) return undefined;
    } else if (block.type === "provider") {
      if (block.labels[0] !== providerType || inner.attributes.size > 0 || inner.blocks.length > 0)
        return undefined;
      cuts.push({ start: block.range.start.byte, end: block.range.end.byte });
    } else if (block.type === "output") {
      if (inner.attributes.has("ephemeral")) return undefined;
    } else if (block.type === "variable") {
      if (!inner.attributes.has("default")) return undefined;
    }
  }
  // Byte offsets: cut from the end so earlier offsets stay valid.
  let bytes = Buffer.from(text);
  for (const cut of cuts.sort((a, b) => b.start - a.start))
    bytes = Buffer.concat([bytes.subarray(0, cut.start), bytes.subarray(cut.end)]);
  return bytes.toString("utf8");
}

/** The examples of `examples` that can run on `binary` (its kind and version), in order. */
export function batchFor(examples: readonly BatchableExample[], binary: AvailableBinary): BatchableExample[] {
  return examples.filter((e) => skipReason(e.requirements, binary) === undefined);
}

/** Why a batch failed before its examples' checks: they then run one cell each. */
export class BatchFailure extends Error {
  /** The binary's first `Error:` line, when it printed one. */
  readonly error: string | undefined;
  constructor(
    /** The step that failed, such as "plan". */
    readonly step: string,
    detail: string,
  ) {
    super(`${step}: ${detail}`);
    this.name = "BatchFailure";
    this.error = /^Error: .*$/m.exec(detail)?.[0];
  }
}

/**
 * Runs `examples` on `binary` as child modules of one configuration and returns one result per
 * example, in order; throws BatchFailure (with the step and the binary's words) when the
 * configuration fails as a whole, so the caller can run each example in a cell of its own.
 */
export async function runBatch(options: {
  readonly examples: readonly BatchableExample[];
  readonly env: Environment;
  readonly version: string;
  readonly binary: AvailableBinary;
}): Promise<ExampleResult[]> {
  const { examples, env, binary } = options;
  const started = Date.now();
  const dir = join(env.workRoot, "work", `batch__${binary.label}`);
  await mkdir(dir, { recursive: true });
  const modules = examples.map((e, i) => ({
    example: e,
    key: `example_${i}`,
    dir: join(dir, `example_${i}`),
  }));
  for (const m of modules) {
    await mkdir(m.dir, { recursive: true });
    for (const [file, text] of m.example.files) await writeFile(join(m.dir, file), text);
  }
  await writeFile(join(dir, "main.tf"), rootModule(env, options.version, modules));

  const steps: string[] = [];
  let current = "";
  const step = async <T>(label: string, fn: () => Promise<T>): Promise<T> => {
    current = label;
    const result = await fn();
    steps.push(label);
    return result;
  };
  let provider: DebugProvider | undefined;
  let outputs: Record<string, unknown>;
  const workdir = (extraEnv: Record<string, string>) =>
    new Workdir({ dir, binary: binary.path, cliConfigFile: env.cliConfigFile, env: baseEnv(), extraEnv });
  try {
    let work = workdir({});
    await step(`init (one configuration for ${examples.length} examples)`, () =>
      work.run(["init", "-no-color", "-input=false"]),
    );
    await step("lock file", () => checkLockFile(dir, env, options.version, binary.kind));
    if (env.reattach) {
      provider = await step(PROVIDER_STARTED, () =>
        startDebugProvider({
          executable: installedProviderExecutable(dir, env.providerAddress(binary.kind), options.version),
          cwd: dir,
          env: baseEnv(),
        }),
      );
      work = workdir({ TF_REATTACH_PROVIDERS: provider.reattach });
    }
    await step("plan", () => work.run(["plan", "-no-color", "-input=false", `-out=${SAVED_PLAN}`]));
    await step("apply", () => work.run(["apply", "-no-color", "-input=false", SAVED_PLAN]));
    outputs = await step("outputs", () => outputsOf(work));
    await step("no-op plan", () => noOpPlan(work));
  } catch (err) {
    await provider?.stop();
    throw new BatchFailure(current, err instanceof Error ? err.message : String(err));
  }
  steps.push(NOTHING_TO_DESTROY);
  if (provider !== undefined) {
    const exit = await provider.stop();
    if (exit.problem !== undefined) throw new BatchFailure(PROVIDER_STOPPED, exit.problem);
    steps.push(PROVIDER_STOPPED);
  }

  // Each example's checks see its own module's outputs, as its own cell's would see the root's;
  // they run after the whole cycle, so a batched example's steps list them last.
  const durationMs = Math.round((Date.now() - started) / examples.length);
  const results: ExampleResult[] = [];
  for (const m of modules) {
    const cell = {
      name: m.example.name,
      binary: binary.label,
      kind: binary.kind,
      version: binary.version,
      batched: examples.length,
      ...(env.reattach ? { reattached: true as const } : {}),
      dir: m.dir,
      durationMs,
    };
    try {
      const own = (outputs[m.key] ?? {}) as Record<string, unknown>;
      await m.example.checks.afterApply?.({
        dir: m.dir,
        binary: binary.kind,
        binaryVersion: binary.version,
        atLeast: (v) => compareVersions(binary.version, v) >= 0,
        outputs: own,
        env: {},
        assert,
      });
      results.push({ ...cell, status: "pass", steps: [...steps, "checks after apply"] });
    } catch (err) {
      results.push({
        ...cell,
        status: "fail",
        steps,
        failure: { step: "checks after apply", message: err instanceof Error ? err.message : String(err) },
      });
    }
  }
  return results;
}

/**
 * The root module: the provider required as the runner installed it, one module per example,
 * and one output per module holding all of that module's outputs (marked sensitive: a module
 * output that is sensitive makes the object sensitive, which a root output must say; `output
 * -json` shows the values either way).
 */
function rootModule(
  env: Environment,
  version: string,
  modules: readonly { readonly key: string; readonly example: BatchableExample }[],
): string {
  const lines = [
    "# Written by the conformance runner (--batch): each module is one example.",
    "terraform {",
    "  required_providers {",
    `    ${env.type} = {`,
    `      source  = "${env.namespace}/${env.type}"`,
    `      version = "${version}"`,
    "    }",
    "  }",
    "}",
  ];
  for (const m of modules) {
    lines.push(
      "",
      `# ${m.example.name}`,
      `module "${m.key}" {`,
      `  source = "./${m.key}"`,
      "}",
      `output "${m.key}" {`,
      `  value     = module.${m.key}`,
      "  sensitive = true",
      "}",
    );
  }
  return `${lines.join("\n")}\n`;
}

/**
 * The examples of `names` the batch can run, with the static check of each configuration
 * passed (one that fails it is refused in a cell of its own, with the file and line).
 */
export async function batchableExamples(
  examplesRoot: string,
  names: readonly string[],
  env: Pick<Environment, "namespace" | "type">,
): Promise<BatchableExample[]> {
  const found: BatchableExample[] = [];
  for (const name of names) {
    const example = await batchableExample(examplesRoot, name, env.type);
    if (example === undefined) continue;
    const problems = await checkConfiguration(examplesRoot, name, {
      namespace: env.namespace,
      type: env.type,
    });
    if (problems.length === 0) found.push(example);
  }
  return found;
}
