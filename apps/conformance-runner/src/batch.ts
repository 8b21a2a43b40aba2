// Running many examples that only evaluate as one configuration per binary (`--batch`).
//
// An example that manages and opens nothing (a provider function's example: locals and
// outputs; a data source's: data blocks and outputs) proves its point in `plan` and `apply`,
// and a cell of its own spends an `init`, a provider start and five commands of the binary on
// a few calls: over half of the reference provider's cells, and most of the fast run's CPU.
// Batched, such examples become child modules of one configuration on each binary, which goes
// through the same cycle (init, the lock file, plan, apply of the saved plan, a no-op plan),
// and each example's `afterApply` then checks its own module's outputs. Nothing is lost when
// the batch fails: its examples run again one cell each, so the failure is reported against
// the example that has it, in that example's own words.
//
// Only what runs the same way as a module is batched: top-level `terraform`
// (required_providers, required_version), `locals`, `output` (not ephemeral), `variable` with a
// default, `data` blocks of the installed provider (read while planning, as in a cell of their
// own; nothing to destroy), and an empty `provider` block of the installed provider (removed: a
// child module inherits the root's default configuration, which is the same empty one, and a
// provider block of its own would start a provider process per module). Besides the .tf
// files, checks.mjs and requirements.json, only files the configuration names through
// `${path.module}/` (copied into the module's directory, where path.module points; a file
// named any other way would be read relative to the working directory, which a module does
// not change). No hook but `afterApply`; no provider per command. Test-mode examples make a
// configuration of their own, whose provider runs with TSVIDER_TESTMODE=true.
import assert from "node:assert/strict";
import { cp, mkdir, readdir, readFile, writeFile } from "node:fs/promises";
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
import {
  compareVersions,
  loadRequirements,
  type Requirements,
  skipReason,
  testModeEnv,
} from "./requirements.js";

/** An example the batch can run: its .tf files, with an empty provider block taken out. */
export interface BatchableExample {
  readonly name: string;
  readonly requirements: Requirements;
  readonly checks: ExampleChecks;
  /** File name → text, as the module gets it. */
  readonly files: ReadonlyMap<string, string>;
  /** The example's directory, which `dataFiles` are copied from. */
  readonly source: string;
  /** The other files beside it, each named in the configuration only as `${path.module}/<name>`. */
  readonly dataFiles: readonly string[];
}

const KEPT_FILES = new Set(["checks.mjs", "requirements.json"]);
const TOP_BLOCKS = new Set(["terraform", "provider", "locals", "output", "variable", "data"]);
// biome-ignore lint/suspicious/noTemplateCurlyInString: HCL interpolation text, not a JS template.
const PATH_MODULE = "${path.module}/";
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
  if (requirements.providerPerCommand !== undefined) return undefined;
  if (Object.keys(checks).some((k) => k !== "afterApply")) return undefined;

  const files = new Map<string, string>();
  const dataFiles: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (KEPT_FILES.has(entry.name)) continue;
    if (!entry.isFile()) return undefined;
    if (!entry.name.endsWith(".tf")) {
      dataFiles.push(entry.name);
      continue;
    }
    const text = await readFile(join(dir, entry.name), "utf8");
    const kept = moduleText(text, `${name}/${entry.name}`, providerType);
    if (kept === undefined) return undefined;
    files.set(entry.name, kept);
  }
  if (files.size === 0) return undefined;
  if (dataFiles.some((f) => !namedThroughPathModule(f, [...files.values()]))) return undefined;
  return { name, requirements, checks, files, source: dir, dataFiles: dataFiles.sort() };
}

/**
 * Whether every mention of `file` in the configuration is `${path.module}/<file>`, which
 * resolves to the module's own copy; any other mention (a bare relative path, path.cwd, a
 * comment) leaves the example to a cell of its own, where the working directory is its own.
 */
function namedThroughPathModule(file: string, texts: readonly string[]): boolean {
  for (const text of texts) {
    for (let at = text.indexOf(file); at !== -1; at = text.indexOf(file, at + 1)) {
      // Also refused: the name inside a longer one (`${path.module}/x/NOTES.md`, `data.json`
      // for `a.json`), which is a mention this check cannot place.
      if (!text.slice(0, at).endsWith(PATH_MODULE)) return false;
    }
  }
  return true;
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
    } else if (block.type === "data") {
      // The provider's own data sources, on its default configuration (no alias to point at).
      if (!block.labels[0]?.startsWith(`${providerType}_`) || inner.attributes.has("provider"))
        return undefined;
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

/**
 * The configurations `binary` runs of `examples`: those it can run (batchFor), the ordinary
 * ones in one and the test-mode ones in another, each only when it holds two examples or more
 * (one alone gains nothing over its own cell).
 */
export function batchesFor(
  examples: readonly BatchableExample[],
  binary: AvailableBinary,
): BatchableExample[][] {
  const runnable = batchFor(examples, binary);
  return [
    runnable.filter((e) => !e.requirements.testMode),
    runnable.filter((e) => e.requirements.testMode),
  ].filter((batch) => batch.length >= 2);
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
 * The examples are all test-mode ones or none (batchesFor): the provider then runs with
 * TSVIDER_TESTMODE=true, as each one's own cell would.
 */
export async function runBatch(options: {
  readonly examples: readonly BatchableExample[];
  readonly env: Environment;
  readonly version: string;
  readonly binary: AvailableBinary;
}): Promise<ExampleResult[]> {
  const { examples, env, binary } = options;
  const testMode = examples.some((e) => e.requirements.testMode);
  if (examples.some((e) => !e.requirements.testMode === testMode))
    throw new TypeError("runBatch takes test-mode examples or other ones, not both: see batchesFor");
  const modeEnv = testModeEnv({ testMode });
  const started = Date.now();
  const dir = join(env.workRoot, "work", `batch__${binary.label}${testMode ? "__testmode" : ""}`);
  await mkdir(dir, { recursive: true });
  const modules = examples.map((e, i) => ({
    example: e,
    key: `example_${i}`,
    dir: join(dir, `example_${i}`),
  }));
  for (const m of modules) {
    await mkdir(m.dir, { recursive: true });
    for (const [file, text] of m.example.files) await writeFile(join(m.dir, file), text);
    // Copied as a cell copies its example, modes included (a data source may report them).
    for (const file of m.example.dataFiles) await cp(join(m.example.source, file), join(m.dir, file));
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
    new Workdir({
      dir,
      binary: binary.path,
      cliConfigFile: env.cliConfigFile,
      env: baseEnv(),
      extraEnv: { ...modeEnv, ...extraEnv },
    });
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
          env: { ...baseEnv(), ...modeEnv },
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
        env: modeEnv,
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
