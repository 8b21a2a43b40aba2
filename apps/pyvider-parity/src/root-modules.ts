// The root-module pass: the configurations the batched tofu pass (suite.ts) cannot hold as
// child modules. Actions (run by an apply, from a resource's action_trigger, or by `terraform
// apply -invoke`), list resources (`terraform query` over *.tfquery.hcl files) and state stores
// (a `state_store` block, Terraform's pluggable state storage experiment) exist only in
// Terraform; an import block is allowed only in a root module; and an example whose variables its
// checks.mjs `before` hook sets (a loopback server's address for http_api) needs that hook run
// first. Each such configuration is a root module of its own, run on both providers through the
// real Terraform:
//
//   1. the example's `before` hook, if it has one (for each side: each gets its own server);
//   2. `init`, then an `apply` (which creates the configuration's resources and runs the
//      actions they trigger);
//   3. `apply -invoke` of every action no resource triggers (an invoked action cannot read a
//      resource: Terraform refuses the reference outside the apply that made it);
//   4. `query` when the configuration has *.tfquery.hcl files;
//   5. the state (through `show` when a state store holds it, else from terraform.tfstate), and
//      every file the run left in the module's directory.
//
// Each step's outcome becomes leaves, compared like the tofu pass's: whether it succeeded, its
// diagnostics, the actions' progress messages in order, what the query found, the state, and
// the files' contents. When one side failed a step the other passed, only the steps' results
// and error diagnostics are compared, as the tofu pass does for a failing configuration. A
// `wait_for_file` action with a timeout of more than five seconds finds its file already there
// (pyvider's example waits a minute for a file nothing writes); a shorter one is left to time
// out, which both must report.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { cp, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import type { ShownState, Workdir } from "@tsvider/conformance";
import {
  compareLeaves,
  type Difference,
  describeDiagnostic,
  flatten,
  type Leaf,
  renameNames,
  resourceLeaves,
  VOLATILE,
} from "./compare.js";
import {
  type Configuration,
  EXAMPLE_TOOLING,
  exampleDirs,
  localizeTmp,
  pyviderComponentsDir,
  type Skipped,
  sanitize,
  uses,
} from "./configurations.js";
import { readSchema, type Schema, splitByCoverage } from "./coverage.js";
import { loadRenameTable, Renamer, type Side } from "./renames.js";
import { type Diagnostic, Host, inRunDirectory, parseDiagnostics, requiredProviders } from "./run.js";

/** A configuration of the root-module pass: a root module, with what it needs beside main.tf. */
export interface RootConfiguration extends Configuration {
  /** Other configuration files (*.tfquery.hcl), in each side's naming. */
  readonly renamedFiles: ReadonlyMap<string, Readonly<Record<Side, string>>>;
  /** Directories the example ships (a list resource's inbox), copied as they are. */
  readonly directories: readonly string[];
  /**
   * The example's checks.mjs when it exports `before({ dir })`: run for each side before init,
   * as the conformance runner does, for what it prepares (a loopback server, the variables that
   * point at it); its `cleanup` after.
   */
  readonly hooks?: string;
}

export interface RootModulePassResult {
  /** Where every configuration of the pass came from, compared or not. */
  readonly origins: readonly string[];
  readonly configurations: number;
  /** Configurations that use a component one of the providers lacks, with what it lacks. */
  readonly uncovered: readonly Skipped[];
  readonly attributes: number;
  readonly differences: readonly Difference[];
}

/** Our examples' kinds that only Terraform runs; and, of the others, those with an import block. */
const TERRAFORM_KINDS = new Set(["actions", "list-resources", "state-stores"]);
/** pyvider-components' folders of the same kinds. */
const PYVIDER_KINDS = new Set(["actions", "list_resources", "state_stores"]);
/** What Terraform and the run itself leave in a module's directory, which is not the providers' doing. */
const NOT_THE_PROVIDERS =
  /^(\.terraform(\/|\.lock\.hcl$)|terraform\.tfstate|\.terraform\.tfstate\.lock\.info$)/;
/**
 * The secret notes' index: each provider's stand-in for the remote system its notes would live
 * in, in a format of its own (pyvider keeps a digest per name; ours a digest and a version). What
 * users see of it is what `terraform query` lists, which is compared.
 */
const NOTE_INDEX = "notes-index.json";
/** How long a wait_for_file action may wait for a file nothing writes before its file is written first. */
const LONGEST_WAIT_SECONDS = 5;

const SIDES: readonly Side[] = ["pyvider", "tsvider"];

/** Our examples that only a root module run by Terraform can hold. */
export function ourRootExamples(toPyvider: Renamer): RootConfiguration[] {
  const out: RootConfiguration[] = [];
  for (const { kind, name, variant, dir, main, origin } of exampleDirs()) {
    const source = readFileSync(main, "utf8");
    const checks = join(dir, "checks.mjs");
    const hooks =
      existsSync(checks) && /^export (async )?function before\b/m.test(readFileSync(checks, "utf8"))
        ? checks
        : undefined;
    // A variable without a default is one the example's `before` sets (the tofu pass,
    // which runs no hooks, leaves those out).
    const preparedByHooks = hooks !== undefined && undefinedVariable(source);
    if (!TERRAFORM_KINDS.has(kind) && !/^import\s*\{/m.test(source) && !preparedByHooks) continue;
    const renamedFiles = new Map<string, Record<Side, string>>();
    const files = new Map<string, Buffer>();
    const directories: string[] = [];
    let used = uses(source, toPyvider, origin);
    for (const file of readdirSync(dir).sort()) {
      if (file === "main.tf" || EXAMPLE_TOOLING.has(file)) continue;
      const path = join(dir, file);
      if (statSync(path).isDirectory()) directories.push(path);
      else if (file.endsWith(".tfquery.hcl")) {
        const text = readFileSync(path, "utf8");
        renamedFiles.set(file, { tsvider: text, pyvider: toPyvider.rename(text, `${origin}/${file}`) });
        used = new Set([...used, ...uses(text, toPyvider, `${origin}/${file}`)]);
      } else files.set(file, readFileSync(path));
    }
    out.push({
      id: sanitize(`ours_${kind.replace(/-.*/, "")}_${name}_${variant}`),
      origin,
      component: name,
      source: { tsvider: source, pyvider: toPyvider.rename(source, origin) },
      files,
      renamedFiles,
      directories,
      uses: used,
      ...(hooks === undefined ? {} : { hooks }),
    });
  }
  return out;
}

/** Whether `source` declares a variable without a default. */
function undefinedVariable(source: string): boolean {
  for (const match of source.matchAll(/variable\s+"[^"]+"\s*\{((?:[^{}]|\{[^{}]*\})*)\}/g))
    if (!/\bdefault\s*=/.test(match[1] ?? "")) return true;
  return false;
}

/**
 * pyvider's published examples of the same kinds: components/<kind>/<name>.plating/examples/,
 * a .tf file, or a .tfquery.hcl file alone (then main.tf holds only the provider's block).
 */
export function pyviderRootExamples(componentsDir: string, toTsvider: Renamer): RootConfiguration[] {
  const out: RootConfiguration[] = [];
  for (const kind of readdirSync(componentsDir).sort()) {
    if (!PYVIDER_KINDS.has(kind)) continue;
    for (const plating of readdirSync(join(componentsDir, kind)).sort()) {
      const examples = join(componentsDir, kind, plating, "examples");
      if (!plating.endsWith(".plating") || !existsSync(examples)) continue;
      const name = plating.replace(/\.plating$/, "");
      for (const file of readdirSync(examples).sort()) {
        const query = file.endsWith(".tfquery.hcl");
        if (!query && !file.endsWith(".tf")) continue;
        const origin = `pyvider-components ${relative(componentsDir, join(examples, file))}`;
        const text = localizeTmp(readFileSync(join(examples, file), "utf8"));
        const source = query ? `provider "${toTsvider.from.name}" {}\n` : text;
        const renamedFiles = new Map<string, Record<Side, string>>();
        if (query)
          renamedFiles.set(basename(file), { pyvider: text, tsvider: toTsvider.rename(text, origin) });
        const type = toTsvider.type(`${toTsvider.from.name}_${name}`) ?? name;
        out.push({
          id: sanitize(`py_${kind}_${name}_${file.replace(/\.(tf|tfquery\.hcl)$/, "")}`),
          origin,
          component: type,
          source: { pyvider: source, tsvider: toTsvider.rename(source, origin) },
          files: new Map(),
          renamedFiles,
          directories: [],
          uses: new Set([...uses(source, toTsvider, origin), ...uses(text, toTsvider, origin)]),
        });
      }
    }
  }
  return out;
}

/** `source` without its comment lines (pyvider's examples show an action_trigger in comments). */
const uncommented = (source: string) => source.replace(/^\s*(#|\/\/).*$/gm, "");

/** The actions a source declares that no resource's action_trigger names: those are invoked. */
export function standaloneActions(commented: string): string[] {
  const source = uncommented(commented);
  const declared = [...source.matchAll(/^action\s+"([^"]+)"\s+"([^"]+)"/gm)].map(
    (m) => `action.${m[1]}.${m[2]}`,
  );
  const triggered = new Set(
    [...source.matchAll(/actions\s*=\s*\[([^\]]*)\]/g)].flatMap((m) =>
      (m[1] as string).split(",").map((a) => a.trim()),
    ),
  );
  return declared.filter((address) => !triggered.has(address));
}

/**
 * Files wait_for_file actions wait for with a timeout above LONGEST_WAIT_SECONDS, relative to
 * the module: written before the run, as another process would.
 */
export function awaitedFiles(source: string): string[] {
  const out: string[] = [];
  for (const match of uncommented(source).matchAll(
    /^action\s+"[a-z0-9]+_wait_for_file"\s+"[^"]+"\s*\{([\s\S]*?)^\}/gm,
  )) {
    const body = match[1] as string;
    const path = /\bpath\s*=\s*"\$\{(?:abspath\()?path\.module\)?\}\/([^"]+)"/.exec(body)?.[1];
    const timeout = Number(/\btimeout_seconds\s*=\s*([0-9.]+)/.exec(body)?.[1] ?? 60);
    if (path !== undefined && timeout > LONGEST_WAIT_SECONDS) out.push(path);
  }
  return out;
}

interface Step {
  readonly ok: boolean;
  readonly diagnostics: readonly Diagnostic[];
  /** Each action's events in order: `start`, `progress: <message>`, `complete`, `errored: <error>`. */
  readonly actions: ReadonlyMap<string, readonly string[]>;
  /** `terraform query`'s results, per list block address, in order. */
  readonly found: ReadonlyMap<string, readonly unknown[]>;
}

export function readStep(code: number, stdout: string): Step {
  const actions = new Map<string, string[]>();
  const found = new Map<string, unknown[]>();
  for (const line of stdout.split("\n")) {
    if (!line.startsWith("{")) continue;
    const message = JSON.parse(line) as {
      type?: string;
      hook?: { action?: { addr?: string }; message?: string; error?: string };
      list_resource_found?: { address: string; [key: string]: unknown };
    };
    const event = /^action_(start|progress|complete|errored)$/.exec(message.type ?? "")?.[1];
    const address = message.hook?.action?.addr;
    if (event !== undefined && address !== undefined) {
      const list = actions.get(address) ?? [];
      list.push(
        event === "progress"
          ? `progress: ${message.hook?.message ?? ""}`
          : event === "errored"
            ? `errored: ${message.hook?.error ?? ""}`
            : event,
      );
      actions.set(address, list);
    }
    const result = message.list_resource_found;
    if (message.type === "list_resource_found" && result !== undefined) {
      const { address: list, ...rest } = result;
      const results = found.get(list) ?? [];
      results.push(rest);
      found.set(list, results);
    }
  }
  return { ok: code === 0, diagnostics: parseDiagnostics(stdout), actions, found };
}

interface Outcome {
  readonly steps: ReadonlyMap<string, Step>;
  readonly state: ShownState | undefined;
  /** Files the run left in the module's directory, relative to it, with their text. */
  readonly files: ReadonlyMap<string, string>;
}

async function filesUnder(dir: string, inputs: ReadonlySet<string>): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const walk = async (at: string) => {
    for (const entry of await readdir(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      const rel = relative(dir, path);
      if (NOT_THE_PROVIDERS.test(rel) || rel === NOTE_INDEX || inputs.has(rel)) continue;
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile()) {
        const text = await readFile(path, "utf8");
        // A state store's files hold Terraform's own state (its lineage, serial and version):
        // the state is compared through `show`; here only that the file is there.
        out.set(rel, /^\s*\{[\s\S]*"lineage"/.test(text) ? "<a Terraform state>" : text);
      }
    }
  };
  await walk(dir);
  return out;
}

/** One side's root module of a configuration, written and ready to run. */
interface SideRun {
  readonly dir: string;
  readonly source: string;
  readonly workdir: Workdir;
  /** The files written before the run, which are not the run's doing. */
  readonly inputs: ReadonlySet<string>;
  readonly steps: Map<string, Step>;
  cleanup(): Promise<void>;
}

/** What an example's `before` hook returns: environment for the run, and what to undo after it. */
interface Prepared {
  readonly env?: NodeJS.ProcessEnv;
  readonly cleanup?: () => Promise<void> | void;
}

/** Writes one side's root module of `configuration` in `<side dir>/<id>` and runs its `before` hook. */
async function prepare(host: Host, configuration: RootConfiguration): Promise<SideRun> {
  const side = host.provider.side;
  const dir = join(host.dir, configuration.id);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const source = configuration.source[side];
  const inputs = new Set<string>(["main.tf"]);
  await writeFile(join(dir, "main.tf"), source);
  const all = [source, ...[...configuration.renamedFiles.values()].map((texts) => texts[side])].join("\n");
  if (!/\brequired_providers\b/.test(all)) {
    await writeFile(join(dir, "providers.tf"), requiredProviders(host.provider.naming));
    inputs.add("providers.tf");
  }
  for (const [file, texts] of configuration.renamedFiles) {
    await writeFile(join(dir, file), texts[side]);
    inputs.add(file);
  }
  for (const [file, bytes] of configuration.files) {
    await writeFile(join(dir, file), bytes);
    inputs.add(file);
  }
  for (const directory of configuration.directories) {
    await cp(directory, join(dir, basename(directory)), { recursive: true });
    for (const file of readdirSync(directory, { recursive: true, encoding: "utf8" }))
      inputs.add(join(basename(directory), file));
  }
  for (const file of awaitedFiles(source)) {
    await mkdir(dirname(join(dir, file)), { recursive: true });
    await writeFile(join(dir, file), "ready\n");
    inputs.add(file);
  }
  const prepared: Prepared = configuration.hooks
    ? ((await (
        (await import(pathToFileURL(configuration.hooks).href)) as {
          before(context: { dir: string }): Promise<Prepared | undefined> | Prepared | undefined;
        }
      ).before({ dir })) ?? {})
    : {};
  const index = join(dir, NOTE_INDEX);
  const workdir = host.workdir(dir, {
    TF_ENABLE_PLUGGABLE_STATE_STORAGE: "1",
    // Both keep their secret notes' index where the list resource reads it; each module its own.
    TSVIDER_SECRET_NOTE_INDEX: index,
    PYVIDER_SECRET_NOTE_INDEX: index,
    ...prepared.env,
  });
  return {
    dir,
    source,
    workdir,
    inputs,
    steps: new Map(),
    cleanup: async () => {
      await prepared.cleanup?.();
    },
  };
}

async function runStep(run: SideRun, name: string, args: readonly string[]): Promise<Step> {
  const result = await run.workdir.run([...args], { okCodes: [0, 1] });
  // init writes no JSON: its errors are taken from its text.
  const step: Step =
    name === "init"
      ? {
          ...readStep(result.code, ""),
          diagnostics:
            result.code === 0
              ? []
              : [
                  {
                    severity: "error",
                    summary: result.stderr.replace(/\s+/g, " ").trim(),
                    detail: "",
                    module: undefined,
                    where: "",
                  },
                ],
        }
      : readStep(result.code, result.stdout);
  run.steps.set(name, step);
  return step;
}

/** Whether a configuration has anything an apply would do besides running its actions. */
function appliesSomething(source: string): boolean {
  return /^\s*(resource|data|ephemeral|output|module|import|check)\b/m.test(uncommented(source));
}

/**
 * The steps of a configuration, named in tsvider's naming, with each side's arguments: init, an
 * apply (left out when there is nothing to apply: an invocation or a query plans and applies
 * the same by itself), the invocations, the query.
 */
function stepsOf(
  configuration: RootConfiguration,
  toPyvider: Renamer,
): { readonly name: string; readonly args: Readonly<Record<Side, readonly string[]>> }[] {
  const same = (args: readonly string[]) => ({ pyvider: args, tsvider: args });
  const steps = [{ name: "init", args: same(["init", "-input=false", "-no-color"]) }];
  if (appliesSomething(configuration.source.tsvider))
    steps.push({ name: "apply", args: same(["apply", "-input=false", "-auto-approve", "-json"]) });
  for (const action of standaloneActions(configuration.source.tsvider)) {
    const invoke = (address: string) => [
      "apply",
      "-input=false",
      "-auto-approve",
      "-json",
      `-invoke=${address}`,
    ];
    steps.push({
      name: `invoke ${action}`,
      args: { pyvider: invoke(toPyvider.address(action)), tsvider: invoke(action) },
    });
  }
  if (configuration.renamedFiles.size > 0) steps.push({ name: "query", args: same(["query", "-json"]) });
  return steps;
}

/** The state a run left, and the files. */
async function finish(run: SideRun): Promise<Outcome> {
  let state: ShownState | undefined;
  if (run.steps.get("init")?.ok && /^\s*state_store\s/m.test(uncommented(run.source))) {
    // The state lives in the store: `show` reads it through the provider.
    const shown = await run.workdir.run(["show", "-json"], { okCodes: [0, 1] });
    if (shown.code === 0 && shown.stdout.trim() !== "") state = JSON.parse(shown.stdout) as ShownState;
  } else if (existsSync(join(run.dir, "terraform.tfstate"))) {
    // Read from the file rather than through `show`, which would start the provider once more.
    state = shownFromStateFile(await readFile(join(run.dir, "terraform.tfstate"), "utf8"));
  }
  return { steps: run.steps, state, files: await filesUnder(run.dir, run.inputs) };
}

/**
 * Runs a configuration on both sides, step by step. Once a step succeeds on one side and fails
 * on the other, the two stop there: what would follow differs for that reason alone.
 */
async function runBoth(
  hosts: Readonly<Record<Side, Host>>,
  configuration: RootConfiguration,
  toPyvider: Renamer,
): Promise<Record<Side, Outcome>> {
  const runs = {} as Record<Side, SideRun>;
  try {
    for (const side of SIDES) runs[side] = await prepare(hosts[side], configuration);
    for (const step of stepsOf(configuration, toPyvider)) {
      const [py, ts] = await Promise.all(
        SIDES.map((side) => runStep(runs[side], step.name, step.args[side])),
      );
      if (!py?.ok || !ts?.ok) {
        if (py?.ok !== ts?.ok || step.name === "init") break;
      }
    }
    const [pyvider, tsvider] = await Promise.all(SIDES.map((side) => finish(runs[side])));
    return { pyvider: pyvider as Outcome, tsvider: tsvider as Outcome };
  } finally {
    await Promise.all(Object.values(runs).map((run) => run.cleanup()));
  }
}

/** A state file (format version 4) in the shape `show -json` prints it, the parts compared. */
export function shownFromStateFile(text: string): ShownState {
  const file = JSON.parse(text) as {
    outputs?: Record<string, { value: unknown; sensitive?: boolean }>;
    resources?: {
      mode: "managed" | "data";
      type: string;
      name: string;
      module?: string;
      instances: { index_key?: string | number; attributes?: Record<string, unknown> }[];
    }[];
  };
  const resources = (file.resources ?? []).flatMap((resource) =>
    resource.instances.map((instance) => {
      const key = instance.index_key === undefined ? "" : `[${JSON.stringify(instance.index_key)}]`;
      const address = `${resource.module ? `${resource.module}.` : ""}${resource.mode === "data" ? "data." : ""}${resource.type}.${resource.name}${key}`;
      return {
        address,
        mode: resource.mode,
        type: resource.type,
        name: resource.name,
        values: instance.attributes ?? {},
      };
    }),
  );
  const outputs = Object.fromEntries(
    Object.entries(file.outputs ?? {}).map(([name, output]) => [
      name,
      { value: output.value, sensitive: output.sensitive ?? false },
    ]),
  );
  return { values: { outputs, root_module: { resources } } };
}

/** RFC 3339 times anywhere in a text, read by their shape (every digit 0), as VOLATILE does for whole values. */
const TIMES = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)?/g;
const UUIDS = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/** HTTP dates (a loopback server's Date header), read by their shape. */
const HTTP_DATES = /\b[A-Z][a-z]{2}, \d\d [A-Z][a-z]{2} \d{4} \d\d:\d\d:\d\d GMT\b/g;
/** Each side calls a loopback server of its own (an example's `before`), on a port of its own. */
const LOOPBACK_PORTS = /\b127\.0\.0\.1:\d+/g;
/** Timings the providers measure, compared by their type: how long a call took differs every run. */
const TIMINGS = new Set(["response_time_ms"]);

/** An outcome as leaves named as tsvider names them (`toTsvider` for pyvider's). */
function outcomeLeaves(
  configuration: RootConfiguration,
  outcome: Outcome,
  runDir: string,
  toTsvider: Renamer | undefined,
  summaryOnly: boolean,
): Map<string, Leaf> {
  const out = new Map<string, Leaf>();
  const renameText = (text: string) => renameNames(text, toTsvider);
  const normalize = (value: unknown): unknown =>
    typeof value === "string"
      ? renameText(value.split(runDir).join("<run>"))
          .replace(TIMES, (time) => time.replace(/\d/g, "0"))
          .replace(HTTP_DATES, (date) => date.replace(/\d/g, "0"))
          .replace(LOOPBACK_PORTS, "127.0.0.1:<port>")
          .replace(UUIDS, "<uuid>")
      : value;
  const add = (component: string, attribute: string, where: string, value: unknown) => {
    const measured = TIMINGS.has(attribute) && typeof value === "number" ? "<a number>" : value;
    const leaf: Leaf = { component, attribute, where, value: normalize(measured) };
    const volatile = VOLATILE.find((v) => v.test(leaf));
    out.set(
      `${where} ${attribute}`,
      volatile?.shape && typeof leaf.value === "string"
        ? { ...leaf, value: volatile.shape(leaf.value) }
        : leaf,
    );
  };
  const typeOf = (address: string) => {
    const parts = address.split(".");
    const type = /^(action|list|data|ephemeral)$/.test(parts[0] ?? "") ? parts[1] : parts[0];
    return toTsvider?.type(type ?? "") ?? type ?? configuration.component;
  };
  for (const [stepName, step] of outcome.steps) {
    const name = renameText(stepName);
    add(configuration.component, `${name}.result`, "", step.ok ? "succeeded" : "failed");
    // When the two got equally far, every diagnostic in the order Terraform printed it (a plan
    // warning is part of what a provider says); otherwise the errors, sorted, as the tofu pass
    // compares a failing configuration.
    const diagnostics = summaryOnly
      ? step.diagnostics
          .filter((diagnostic) => diagnostic.severity === "error")
          .map((diagnostic) => describeDiagnostic(diagnostic, runDir, toTsvider))
          .sort()
      : step.diagnostics.map((diagnostic) => describeDiagnostic(diagnostic, runDir, toTsvider));
    diagnostics.forEach((text, i) => {
      add(configuration.component, `${name}.${summaryOnly ? "errors" : "diagnostics"}[${i}]`, "", text);
    });
    if (summaryOnly) continue;
    for (const [address, events] of step.actions) {
      const where = toTsvider ? toTsvider.address(address) : address;
      events.forEach((event, i) => {
        add(typeOf(address), `${name}.events[${i}]`, where, event);
      });
    }
    for (const [address, results] of step.found) {
      const where = toTsvider ? toTsvider.address(address) : address;
      const type = typeOf(address);
      const pairs: [string, unknown][] = [];
      flatten(results, "", pairs);
      for (const [path, value] of pairs) {
        // `[0].resource_object.<attribute>...`: the attribute in tsvider's naming.
        const renamed = toTsvider
          ? path.replace(
              /(\.resource_object\.)([^.[]+)/,
              (_, lead, attribute) => `${lead}${toTsvider.attribute(type, attribute)}`,
            )
          : path;
        add(type, `${name}.found${renamed}`, where, value);
      }
    }
  }
  if (summaryOnly) return out;
  const values = outcome.state?.values;
  if (values?.root_module)
    resourceLeaves(values.root_module, "", toTsvider, (leaf) =>
      add(leaf.component, leaf.attribute, leaf.where, leaf.value),
    );
  for (const [name, output] of Object.entries(values?.outputs ?? {})) {
    const pairs: [string, unknown][] = [];
    flatten(output.value, "", pairs);
    for (const [path, value] of pairs)
      add(configuration.component, `output.${name}${path === "" ? "" : `.${path}`}`, "", value);
  }
  for (const [file, text] of outcome.files) add(configuration.component, `file ${file}`, "", text);
  return out;
}

/** Whether both ran the same steps with the same results. */
function sameProgress(pyvider: Outcome, tsvider: Outcome, toTsvider: Renamer): boolean {
  const summary = (outcome: Outcome, renamer: Renamer | undefined) =>
    [...outcome.steps]
      .map(([name, step]) => `${renamer ? renamer.address(name) : name}=${step.ok}`)
      .sort()
      .join(" ");
  return summary(pyvider, toTsvider) === summary(tsvider, undefined);
}

/** The schema of `host`'s provider, from a root module that only requires it. */
async function schemaOf(host: Host): Promise<Schema> {
  const dir = join(host.dir, "schema");
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, "main.tf"), requiredProviders(host.provider.naming));
  const workdir = host.workdir(dir);
  await workdir.run(["init", "-input=false", "-no-color"]);
  return readSchema(workdir);
}

/**
 * Runs every root configuration on both sides (`hosts`, running Terraform) and compares what
 * each left; `toTsvider` renames pyvider's names into ours.
 */
export async function runRootModulePass(
  hosts: Readonly<Record<Side, Host>>,
  configurations: readonly RootConfiguration[],
  toTsvider: Renamer,
  log: (line: string) => void,
): Promise<RootModulePassResult> {
  const [pyvider, tsvider] = await Promise.all(SIDES.map((side) => schemaOf(hosts[side])));
  const toPyvider = toTsvider.inverse();
  const { covered, uncovered } = splitByCoverage(
    configurations,
    { pyvider: pyvider as Schema, tsvider: tsvider as Schema },
    toPyvider,
  );
  log(
    `root modules: ${configurations.length} configurations only a root module can hold; ${covered.length} use only components both providers have`,
  );
  const differences: Difference[] = [];
  let attributes = 0;
  for (const configuration of covered) {
    const { pyvider: py, tsvider: ts } = await runBoth(hosts, configuration, toPyvider);
    // When the two did not get equally far (a step failed on one side only), what each left
    // behind differs for that reason alone: only the steps' results and diagnostics are
    // compared, as the tofu pass compares a configuration that fails.
    const summaryOnly = !sameProgress(py, ts, toTsvider);
    const compared = compareLeaves(
      configuration,
      outcomeLeaves(configuration, py, join(hosts.pyvider.dir, configuration.id), toTsvider, summaryOnly),
      outcomeLeaves(configuration, ts, join(hosts.tsvider.dir, configuration.id), undefined, summaryOnly),
    );
    attributes += compared.compared;
    differences.push(...compared.differences);
  }
  log(
    `root modules: ${covered.length} configurations run on both through terraform, ${attributes} leaves compared`,
  );
  return {
    origins: configurations.map((configuration) => configuration.origin),
    configurations: covered.length,
    uncovered,
    attributes,
    differences,
  };
}

/**
 * The root-module pass as the suite runs it: every configuration of ours and of pyvider's that
 * only a root module can hold, on pyvider's provider (`pyviderExecutable`) and ours, through
 * `terraform`, in a temporary directory removed afterwards (kept when TSVIDER_PARITY_KEEP is
 * set).
 */
export async function runRootModules(
  terraform: string,
  pyviderExecutable: string,
  tsviderExecutable: string,
  log: (line: string) => void,
): Promise<RootModulePassResult> {
  const table = loadRenameTable();
  const toPyvider = new Renamer(table, { from: "tsvider", to: "pyvider" });
  const toTsvider = toPyvider.inverse();
  const configurations = [
    ...ourRootExamples(toPyvider),
    ...pyviderRootExamples(pyviderComponentsDir(pyviderExecutable), toTsvider),
  ];
  return inRunDirectory("pyvider-parity-roots-", log, async (base) => {
    const host = (side: Side, executable: string) =>
      Host.create(terraform, join(base, side), { side, naming: table.provider[side], executable });
    const hosts = {
      pyvider: await host("pyvider", pyviderExecutable),
      tsvider: await host("tsvider", tsviderExecutable),
    };
    return runRootModulePass(hosts, configurations, toTsvider, log);
  });
}
