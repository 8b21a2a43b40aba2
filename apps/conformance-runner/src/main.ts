// tsvider conformance runner.
//   examples [--provider DIR] [--jobs N] [--report-dir DIR] [--hosts SET] [--shard i/n]
//            [--record-durations] [--reattach] [--one-cell-per-example] [--batch] [filter...]
//             run the provider's examples (the app in DIR, default the reference provider;
//             those whose names contain a filter, when given) on every binary of the matrix
//             (pinned tofu, pinned terraform, TSVIDER_EXTRA_BINARIES, the host set's builds), as
//             each example's requirements.json allows, in parallel; a table on stdout, JSON,
//             JUnit XML, Markdown and HTML in the report directory
//   record-durations [--provider DIR] [--durations FILE] results.json...  update the durations
//             the shards are balanced by from runs' (or every shard's) results.json
//   demo      apply one reference example with tofu's own output, show what it did, then destroy it
//   install [--provider DIR] [dir]  put the provider into a filesystem mirror for your own tofu runs
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { availableParallelism, tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { BinaryNotFoundError, installProviderMirror, mirrorCliConfig } from "@tsvider/conformance";
import { parseExamplesArgs, UsageError } from "./args.js";
import { BatchFailure, batchableExamples, batchesFor, runBatch } from "./batch.js";
import {
  copyExample,
  type Environment,
  type ExampleResult,
  filterExamples,
  findExamples,
  prepareEnvironment,
  runExamples,
} from "./examples.js";
import { judge, loadExpectedFailures } from "./expected-failures.js";
import { type BuiltHost, installHosts, type UnavailableHost } from "./hosts.js";
import { addHosts, type MatrixBinary, resolveMatrix, type SkippedHost } from "./matrix.js";
import { mapLimit } from "./pool.js";
import {
  loadProviderApp,
  type ProviderApp,
  ProviderAppError,
  providerLists,
  REFERENCE_PROVIDER_DIR,
  readProviderApp,
} from "./provider-app.js";
import { summarize, table, writeReports } from "./report.js";
import {
  loadDurations,
  matrixCells,
  planShards,
  recordDurations,
  weighCells,
  writeDurations,
} from "./shard.js";

const APP_DIR = fileURLToPath(new URL("../", import.meta.url));
const DEFAULT_REPORT_DIR = join(APP_DIR, "reports");
const REPO_ROOT = resolve(APP_DIR, "..", "..");

const DEMO_EXAMPLE = "resources/tsvider_file_content/basic";

async function setUp(
  provider: ProviderApp,
  matrix?: readonly MatrixBinary[],
  reattach?: boolean,
): Promise<{ env: Environment; cleanup: () => Promise<void> }> {
  const workRoot = await mkdtemp(join(tmpdir(), "tsvider-conformance-"));
  const env = await prepareEnvironment({
    workRoot,
    namespace: provider.namespace,
    type: provider.type,
    version: provider.version,
    executable: provider.executable,
    ...(matrix ? { matrix } : {}),
    ...(reattach !== undefined ? { reattach } : {}),
  });
  return { env, cleanup: () => rm(workRoot, { recursive: true, force: true }) };
}

/** Runs the examples whose names contain any of the filters (every example without one). */
async function examples(args: readonly string[]): Promise<number> {
  const options = parseExamplesArgs(args, {
    provider: REFERENCE_PROVIDER_DIR,
    jobs: availableParallelism(),
    reportDir: DEFAULT_REPORT_DIR,
  });
  const provider = loadProviderApp(options.provider);
  const started = new Date();
  const all = await findExamples(provider.examplesDir);
  const names = filterExamples(all, options.filters);
  if (names.length === 0) {
    console.log(
      all.length === 0
        ? `no examples found under ${provider.examplesDir}: an example is a directory holding a .tf file`
        : `no example matches ${options.filters.map((f) => JSON.stringify(f)).join(" or ")}; there are:\n${indent(all.join("\n"))}`,
    );
    console.log(`\n${summarize([])}`);
    return 1;
  }
  // Read before anything runs: a malformed list is the first thing to hear about.
  const expected = await loadExpectedFailures(options.expectedFailures);
  const durations = await loadDurations(options.durations);
  let matrix = resolveMatrix();
  let unavailable: UnavailableHost[] = [];
  let notAdded: SkippedHost[] = [];
  if (options.hosts !== "pinned") {
    const lines = installHosts(REPO_ROOT, options.hosts);
    unavailable = lines.filter((h): h is UnavailableHost => h.unavailable !== undefined);
    const built = lines.filter((h): h is BuiltHost => h.unavailable === undefined);
    ({ matrix, skipped: notAdded } = addHosts(matrix, built, `tooling/hosts/install --set ${options.hosts}`));
  }
  // The shard's cells, computed before anything is installed: every job of a CI fan-out
  // computes the same partition from the same examples, matrix and durations.
  let only: ((name: string, label: string) => boolean) | undefined;
  let shardLine = "";
  if (options.shard) {
    const cells = weighCells(await matrixCells(provider.examplesDir, names, matrix), durations);
    const plan = planShards(cells, options.shard.count);
    const mine = plan[options.shard.index - 1]!;
    const keys = new Set(mine.cells.map((c) => `${c.example}\u0000${c.binary}`));
    only = (name, label) => keys.has(`${name}\u0000${label}`);
    shardLine = `\nshard ${options.shard.index}/${options.shard.count}: ${mine.cells.length} of ${cells.length} cells, about ${Math.round(mine.seconds)}s of ${Math.round(cells.reduce((t, c) => t + c.seconds, 0))}s recorded`;
  }
  const { env, cleanup } = await setUp(provider, matrix, options.reattach);
  console.log(
    `provider: ${provider.namespace}/${provider.type} ${provider.version} (${env.mirror.h1}) from ${provider.dir}\nexamples: ${names.length}${
      options.filters.length > 0 ? ` of ${all.length}` : ""
    }, ${options.jobs} at a time${shardLine}\nhosts: ${options.hosts}`,
  );
  for (const b of env.matrix)
    console.log(
      b.missing === undefined
        ? `${b.label}: ${b.path} (${b.kind} ${b.version})`
        : `${b.label}: missing: ${b.missing}`,
    );
  if (options.reattach)
    console.log(
      "reattach: each cell starts the provider once and attaches every command after init to it (but examples that need a process per command)",
    );
  if (options.oneCellPerExample)
    console.log("one cell per example: the cells of an example run one after the other");
  if (options.batch)
    console.log(
      "batch: the examples that only evaluate (functions, data sources, outputs) run on each binary as modules of one configuration (the test-mode ones in another)",
    );
  for (const h of notAdded) console.log(`${h.kind} ${h.version}: ${h.path}, no column: ${h.why}`);
  for (const h of unavailable) console.log(`${h.kind} ${h.version}: not built: ${h.unavailable}`);
  console.log("");
  // The batches first (one job per binary), then every other cell; a batch that fails as a
  // whole leaves its examples to cells of their own, which say which one fails and why.
  const batched = new Set<string>();
  const cellKey = (name: string, label: string) => `${name}\u0000${label}`;
  const batchResults: ExampleResult[] = [];
  if (options.batch) {
    const candidates = await batchableExamples(provider.examplesDir, names, env);
    const batches = env.matrix.flatMap((binary) => {
      if (binary.missing !== undefined) return [];
      const mine = candidates.filter((e) => only?.(e.name, binary.label) ?? true);
      return batchesFor(mine, binary).map((examples) => ({ binary, examples }));
    });
    await mapLimit(batches, options.jobs, async ({ binary, examples }) => {
      try {
        const results = await runBatch({ examples, env, version: provider.version, binary });
        for (const r of results) {
          batched.add(cellKey(r.name, r.binary));
          batchResults.push(r);
          console.log(progressLine(r));
        }
      } catch (err) {
        if (!(err instanceof BatchFailure)) throw err;
        console.log(
          `${binary.label}: the ${examples.length} examples run as one configuration failed at ${err.step}${err.error ? ` (${err.error})` : ""}; each runs in a cell of its own instead`,
        );
      }
    });
  }
  const cellResults = await runExamples({
    examplesRoot: provider.examplesDir,
    names,
    env,
    version: provider.version,
    jobs: options.jobs,
    onResult: (r) => console.log(progressLine(r)),
    only: (name, label) => !batched.has(cellKey(name, label)) && (only?.(name, label) ?? true),
    ...(options.oneCellPerExample ? { oneCellPerExample: true } : {}),
  });
  // Example × matrix order, as runExamples gives it, whichever way each cell ran.
  const order = (r: ExampleResult) =>
    names.indexOf(r.name) * env.matrix.length + env.matrix.findIndex((b) => b.label === r.binary);
  const results = [...batchResults, ...cellResults].sort((a, b) => order(a) - order(b));
  const judgement = judge(results, expected, all, listName(options.expectedFailures));
  const report = {
    provider: {
      source: `${provider.namespace}/${provider.type}`,
      version: provider.version,
      h1: env.mirror.h1,
    },
    startedAt: started.toISOString(),
    durationMs: Date.now() - started.getTime(),
    jobs: options.jobs,
    matrix: env.matrix,
    judgement,
    ...(options.hosts !== "pinned" ? { hosts: { set: options.hosts, unavailable, skipped: notAdded } } : {}),
    ...(options.shard ? { shard: options.shard } : {}),
  };
  console.log(`\n${table(judgement.outcomes, env.matrix)}\n`);
  for (const o of judgement.outcomes) {
    if (o.verdict === "fail")
      console.log(`FAIL ${o.name} [${o.binary}] at ${o.failure?.step}\n${indent(o.failure?.message ?? "")}`);
    if (o.verdict === "fixed")
      console.log(
        `FIXED ${o.name} [${o.binary}] passes now: remove it from ${options.expectedFailures} (it said: ${o.expectedReason})`,
      );
  }
  for (const s of judgement.stale) console.log(`STALE ${s}`);
  for (const h of unavailable) console.log(`NOT BUILT ${h.kind} ${h.version}: ${h.unavailable}`);
  const written = await writeReports(options.reportDir, report);
  console.log(`reports: ${written.json}, ${written.junit}, ${written.markdown}, ${written.html}`);
  if (options.recordDurations) {
    const json = JSON.parse(await readFile(written.json, "utf8")) as unknown;
    await writeDurations(options.durations, recordDurations(durations, [json], all));
    console.log(`durations: ${options.durations} updated from this run`);
  }
  if (results.some((r) => r.status === "fail"))
    console.log(`working directories kept for inspection under ${join(env.workRoot, "work")}`);
  else await cleanup();
  console.log(`\n${summarize(judgement.outcomes, env.matrix)}`);
  return judgement.ok ? 0 : 1;
}

/** The list's path as the user would type it: relative when under the current directory. */
function listName(file: string): string {
  const rel = relative(process.cwd(), file);
  return rel === "" || rel.startsWith("..") ? file : rel;
}

/** A line per cell as it finishes, so a long run shows progress. */
function progressLine(r: ExampleResult): string {
  const label = `${r.name} [${r.binary}]`;
  const time = `${(r.durationMs / 1000).toFixed(1)}s${r.batched ? ` (one of ${r.batched} in one configuration)` : ""}`;
  if (r.status === "pass") return `pass ${label} ${time}`;
  if (r.status === "skip") return `skip ${label}: ${r.skipReason}`;
  return `fail ${label} ${time} at ${r.failure?.step}`;
}

/** Runs one of the reference provider's examples with tofu's own output. */
async function demo(): Promise<number> {
  const reference = loadProviderApp(REFERENCE_PROVIDER_DIR);
  const { env, cleanup } = await setUp(reference);
  const work = await copyExample(reference.examplesDir, DEMO_EXAMPLE, env, "tofu");
  console.log(`Running examples/${DEMO_EXAMPLE} with ${work.binary} in ${work.dir}\n`);
  console.log("$ tofu init");
  await work.run(["init", "-no-color"]);
  const lock = await readFile(join(work.dir, ".terraform.lock.hcl"), "utf8");
  console.log(`  installed from a filesystem mirror; .terraform.lock.hcl records ${env.mirror.h1}\n`);
  console.log("$ tofu apply -auto-approve");
  await work.run(["apply", "-auto-approve", "-input=false"], { echo: true });
  const file = join(work.dir, "hello.txt");
  console.log(`\nWhat it did: wrote ${file}, which now holds:\n`);
  console.log(indent(await readFile(file, "utf8")));
  console.log("\n$ tofu plan -detailed-exitcode   (nothing left to change)");
  const replan = await work.run(["plan", "-detailed-exitcode", "-no-color", "-input=false"], {
    okCodes: [0, 2],
  });
  console.log(`  exit code ${replan.code}: ${replan.code === 0 ? "no changes" : "changes pending"}`);
  console.log("$ tofu destroy -auto-approve");
  await work.run(["destroy", "-auto-approve", "-no-color", "-input=false"]);
  console.log("  destroyed; the file is gone. Lock file used:\n");
  console.log(indent(lock));
  await cleanup();
  return replan.code === 0 ? 0 : 1;
}

function indent(text: string): string {
  return text
    .trimEnd()
    .split("\n")
    .map((l) => `    ${l}`)
    .join("\n");
}

/**
 * Installs the built provider (`--provider DIR`, default the reference provider) into
 * <dir>/mirror (default: .tsvider/ at the repository root) and writes <dir>/tofurc, a CLI
 * config that installs it from there, so `tofu init` anywhere verifies it and writes a lock file.
 */
async function install(args: readonly string[]): Promise<number> {
  let providerDir = REFERENCE_PROVIDER_DIR;
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = args[i]!.startsWith("--") ? args[i]!.split(/=(.*)/s, 2) : [args[i]!, undefined];
    if (flag === "--provider") {
      const v = inline ?? args[++i];
      if (!v) throw new UsageError("--provider needs a value");
      providerDir = resolve(v);
    } else if (flag!.startsWith("-"))
      throw new UsageError(`unknown option ${flag}; install takes --provider DIR and a directory`);
    else rest.push(flag!);
  }
  if (rest.length > 1)
    throw new UsageError(
      `install takes one directory to install into, not ${rest.length}: ${rest.join(" ")}`,
    );
  const provider = loadProviderApp(providerDir);
  const dir = resolve(rest[0] ?? join(REPO_ROOT, ".tsvider"));
  const mirrorDir = join(dir, "mirror");
  await rm(mirrorDir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const mirror = await installProviderMirror({
    mirrorDir,
    namespace: provider.namespace,
    type: provider.type,
    version: provider.version,
    executable: provider.executable,
  });
  const cliConfig = join(dir, "tofurc");
  await writeFile(cliConfig, mirrorCliConfig(mirrorDir));
  console.log(
    `Installed terraform-provider-${provider.type} ${provider.version} (${mirror.platform}) into ${mirrorDir}`,
  );
  console.log(`  ${mirror.h1}\n  ${mirror.zh}\n`);
  console.log(
    `Use it from any configuration that requires source = "${provider.namespace}/${provider.type}":`,
  );
  console.log(`  export TF_CLI_CONFIG_FILE=${cliConfig}\n  tofu init && tofu apply`);
  return 0;
}

/**
 * Updates the durations file from one or more runs' results.json (every shard's, after a CI
 * fan-out), so the next shards are balanced by what the cells took.
 */
async function recordDurationsCommand(args: readonly string[]): Promise<number> {
  let providerDir = REFERENCE_PROVIDER_DIR;
  let file: string | undefined;
  const inputs: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = args[i]!.startsWith("--") ? args[i]!.split(/=(.*)/s, 2) : [args[i]!, undefined];
    if (flag === "--durations" || flag === "--provider") {
      const v = inline ?? args[++i];
      if (!v) throw new UsageError(`${flag} needs a value`);
      if (flag === "--durations") file = resolve(v);
      else providerDir = resolve(v);
    } else if (flag!.startsWith("-"))
      throw new UsageError(
        `unknown option ${flag}; record-durations takes --provider DIR, --durations FILE and results.json files`,
      );
    else inputs.push(resolve(flag!));
  }
  file ??= providerLists(providerDir).durations;
  if (inputs.length === 0)
    throw new UsageError(
      `record-durations needs a run's results.json (such as ${join(DEFAULT_REPORT_DIR, "results.json")})`,
    );
  const reports: unknown[] = [];
  for (const input of inputs) {
    try {
      reports.push(JSON.parse(await readFile(input, "utf8")));
    } catch (err) {
      throw new UsageError(`cannot read ${input}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  // The provider's examples, to drop the durations of examples gone since; no build is needed.
  const all = await findExamples(readProviderApp(providerDir).examplesDir);
  const next = recordDurations(await loadDurations(file), reports, all);
  await writeDurations(file, next);
  console.log(
    `durations: ${file} updated from ${inputs.length} run${inputs.length === 1 ? "" : "s"} (${Object.keys(next).length} examples)`,
  );
  return 0;
}

const commands: Record<string, (args: readonly string[]) => Promise<number>> = {
  examples,
  demo,
  install,
  "record-durations": recordDurationsCommand,
};
const command = commands[process.argv[2] ?? ""];
// `pnpm run examples -- x` passes the "--" along.
const args = process.argv.slice(3).filter((a) => a !== "--");
if (!command) {
  console.error(`usage: conformance-runner <${Object.keys(commands).join("|")}>`);
  process.exit(2);
}
try {
  process.exitCode = await command(args);
} catch (err) {
  if (err instanceof BinaryNotFoundError || err instanceof UsageError || err instanceof ProviderAppError) {
    console.error(err.message);
  } else {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  }
  if (command === examples)
    console.log("\nthe runner failed before it could run the examples: 0 passed, 1 failed");
  process.exitCode = 1;
}
