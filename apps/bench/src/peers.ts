// Every peer in one table, from one run: the reference provider as the bundled script the
// examples use and as a single executable with a start-up snapshot (`tsvider build --snapshot`),
// the previous commit's bundled script (so that a regression shows), a Go provider on
// terraform-plugin-framework 1.19.0 (tooling/oracles/goprovider) and a Python one on pyvider
// (tooling/pyvider). Each figure is the median of runs in which the peers take turns, with its
// ratio to Go (peers-table.ts). The rows:
//
// - spawn to the handshake line, launched as a host launches a provider (AutoMTLS), and for the
//   peers that run on Node, over `node -e 0` of the same Node timed just before each start;
// - `tofu apply`, a no-op `plan` and `destroy` of N files (file resources with the same core:
//   tsvider_file_content, goprov_file, pyprov_file), N = 10, 100 and 1,000;
// - over the 1,000-file apply: the provider processes' CPU time divided by the resources, and
//   the largest peak resident set size among them, from the kernel's accounting of each process
//   (provider-usage.ts: at the largest N every provider runs under a measuring launcher);
// - a list of 10,000 strings and a set of 1,000 through `plan` and `apply` of the saved plan:
//   wall time and provider CPU (collections-provider.ts's scn_collections, bundled as a provider
//   is, against goprov_collections and pyprov_collections; each echoes both back);
// - cty msgpack decode + encode of one large value (cty-large-value.ts), each side in a process
//   of its own: @tsvider/cty of this tree and of the previous commit (cty-rounds.ts), go-cty
//   (tooling/oracles/cty) and pyvider-cty (tooling/pyvider/cty_bench.py).
//
// The previous commit (TSVIDER_BENCH_BASELINE, default HEAD~1; `none` leaves it out) is built in
// a temporary git worktree (baseline.ts); when it cannot be, the footnote says why. Sizes and run
// counts come from the environment (apps/bench/README.md). Progress goes to stderr; the table,
// in Markdown, every target it measures checked (targets.ts), and its footnotes to stdout.
import { execFile, execFileSync } from "node:child_process";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { cpus, release, tmpdir, totalmem } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { resolveTofu, type Workdir } from "@tsvider/conformance";
import { bundleProvider } from "tsvider";
import { buildExecutable } from "tsvider/build/executable";
import { nodeBinaryFor } from "tsvider/build/node-binary";
import { hostPlatform } from "tsvider/build/platform";
import { handshakeEnv } from "tsvider/build/startup";
import { type Baseline, buildBaseline } from "./baseline.js";
import { collectionsConfiguration } from "./collections-configuration.js";
import { goCtyNsPerRound, LARGE_VALUE, writeLargeValue } from "./cty-large-value.js";
import { filesConfiguration } from "./files-configuration.js";
import { COLUMNS, type Column, markdownTable, medianOf, Row } from "./peers-table.js";
import {
  FILE_STEPS,
  goProvider,
  initWorkdir,
  installMirror,
  type MirrorEntry,
  pyviderProvider,
  referenceProject,
  referenceScript,
  repo,
} from "./provider-peers.js";
import { buildUsageLauncher, measuredExecutable, UsageLog } from "./provider-usage.js";
import { TARGETS, type Target, verdict } from "./targets.js";
import { timeStart } from "./time-start.js";

function setting(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(`${name}="${process.env[name]}" is not a whole number: give one, such as ${fallback}`);
  }
  return value;
}
const RUNS = Math.max(1, setting("TSVIDER_BENCH_PEERS_RUNS", 3));
const STARTS = Math.max(1, setting("TSVIDER_BENCH_PEERS_STARTS", 25));
const SIZES = (process.env.TSVIDER_BENCH_PEERS_SIZES ?? "10,100,1000")
  .split(",")
  .filter((s) => s.trim() !== "")
  .map(Number);
if (SIZES.some((n) => !Number.isInteger(n) || n < 1)) {
  throw new Error(
    `TSVIDER_BENCH_PEERS_SIZES="${process.env.TSVIDER_BENCH_PEERS_SIZES}" is not a list of file counts: give one such as 10,100,1000 (or nothing, for no file rows)`,
  );
}
/** The size whose apply is measured for CPU and memory: the largest. */
const MEASURED = Math.max(0, ...SIZES);
const LIST = setting("TSVIDER_BENCH_PEERS_LIST", 10_000);
// OpenTofu's checks of a planned set against the applied one grow quadratically, and so does
// terraform-plugin-framework's handling of a set (about 18 s of the Go provider's CPU at 2,000
// strings on two cores): a set of 1,000 keeps its rows to a minute or two.
const SET = setting("TSVIDER_BENCH_PEERS_SET", 1_000);
const CTY_RUNS = setting("TSVIDER_BENCH_PEERS_CTY_RUNS", 3);
const PREVIOUS = process.env.TSVIDER_BENCH_BASELINE || "HEAD~1";

const titles: Record<Column, string> = {
  script: "tsvider script",
  snapshot: "tsvider snapshot",
  baseline: `tsvider ${PREVIOUS}`,
  go: "Go framework",
  pyvider: "pyvider",
};
const rows: Row[] = [];
const footnotes: string[] = [];
/** The rows the targets are checked against (targetLines), as the measures make them. */
const checked: {
  start?: Row;
  files: { n: number; rows: Row[] }[];
  memory?: Row;
  collections: Row[];
  cty?: Row;
} = { files: [], collections: [] };
/** `measure column` of the peers that failed a measure: left out of its later rounds. */
const failed = new Set<string>();

function row(measure: string, unit?: Row["unit"]): Row {
  const r = new Row(measure, unit);
  rows.push(r);
  return r;
}

function progress(line: string): void {
  process.stderr.write(`[peers] ${line}\n`);
}

/** One peer's turn at a measure, unless it failed that measure before; a failure is footnoted. */
async function turn(measure: string, column: Column, body: () => Promise<void>): Promise<void> {
  const key = `${measure}\0${column}`;
  if (failed.has(key)) return;
  try {
    await body();
  } catch (error) {
    failed.add(key);
    const text = (error instanceof Error ? error.message : String(error)).split("\n");
    // A failed command's message ends on its output: its error lines say the most.
    const errors = text.filter((l) => /error|fail/i.test(l)).slice(0, 2);
    const detail = (errors.length > 0 ? errors.join(" ") : (text[0] ?? "")).trim();
    footnotes.push(`${titles[column]}, ${measure}: failed (${detail}).`);
    progress(`${column}: ${measure} failed:\n${text.slice(0, 12).join("\n")}`);
  }
}

function count(n: number): string {
  return n.toLocaleString("en-US");
}

/** A provider as the mirror holds it: its type and version, and the executable. */
interface Peer {
  readonly type: string;
  readonly version: string;
  readonly executable: string;
}

/** The version under which the mirror holds a peer's measured form (provider-usage.ts). */
const measured = (version: string) => `1${version.slice(1)}`;

const root = await mkdtemp(join(tmpdir(), "tsvider-bench-peers-"));
let baseline: Baseline | undefined;
try {
  const tofu = resolveTofu();
  progress("building the single executable with a start-up snapshot (tsvider build --snapshot)");
  const snapshot = await buildExecutable({
    project: referenceProject("0.2.0"),
    outDir: join(root, "snapshot"),
    snapshot: true,
  });
  progress("building the Go peer, the measuring launcher and the collections provider; installing pyvider");
  const go = goProvider();
  const pyvider = pyviderProvider();
  const launcher = await buildUsageLauncher(root);
  const collectionsSources = ["collections-main.ts", "collections-provider.ts"].map((f) =>
    fileURLToPath(new URL(`../src/${f}`, import.meta.url)),
  );
  const scn = join(root, "terraform-provider-scn.cjs");
  await bundleProvider({
    entry: collectionsSources[0]!,
    outfile: scn,
    projectRoot: fileURLToPath(new URL("../", import.meta.url)),
  });
  const scnPrevious = await previousCommit(collectionsSources);

  const files: Partial<Record<Column, Peer & { resource: string }>> = {
    script: {
      type: "tsvider",
      version: "0.1.0",
      resource: "tsvider_file_content",
      executable: referenceScript,
    },
    snapshot: {
      type: "tsvider",
      version: "0.2.0",
      resource: "tsvider_file_content",
      executable: snapshot.path,
    },
    go: { type: "goprov", version: "0.1.0", resource: "goprov_file", executable: go },
    pyvider: { type: "pyprov", version: "0.1.0", resource: "pyprov_file", executable: pyvider },
    ...(baseline === undefined
      ? {}
      : {
          baseline: {
            type: "tsvider",
            version: "0.3.0",
            resource: "tsvider_file_content",
            executable: baseline.referenceScript,
          },
        }),
  };
  const collections: Partial<Record<Column, Peer>> = {
    script: { type: "scn", version: "0.1.0", executable: scn },
    go: { type: "goprov", version: "0.1.0", executable: go },
    pyvider: { type: "pyprov", version: "0.1.0", executable: pyvider },
    ...(scnPrevious === undefined
      ? {}
      : { baseline: { type: "scn", version: "0.3.0", executable: scnPrevious } }),
  };
  const columns = COLUMNS.filter((c) => files[c] !== undefined);

  progress(
    "installing every provider into one filesystem mirror, as itself and under the measuring launcher",
  );
  await mkdir(join(root, "measured"));
  const entries = new Map<string, MirrorEntry>();
  for (const peer of [...Object.values(files), ...Object.values(collections)]) {
    const name = `${peer.type}-${peer.version}`;
    if (entries.has(name)) continue;
    entries.set(name, peer);
    const wrapped = await measuredExecutable(launcher, peer.executable, join(root, "measured", name));
    entries.set(`${name} measured`, {
      type: peer.type,
      version: measured(peer.version),
      executable: wrapped,
    });
  }
  const cliConfigFile = await installMirror(root, [...entries.values()]);
  const workdir = (dir: string, config: string, extraEnv?: NodeJS.ProcessEnv) =>
    initWorkdir({ dir: join(root, dir), config, tofu, cliConfigFile, ...(extraEnv ? { extraEnv } : {}) });

  // The Node each Node peer runs on: the scripts' `#!/usr/bin/env node` finds it on PATH.
  const nodes: Partial<Record<Column, string>> = {
    script: "node",
    baseline: "node",
    ...(snapshot.nodeVersion === undefined
      ? {}
      : {
          snapshot: (await nodeBinaryFor({ platform: hostPlatform(), version: snapshot.nodeVersion })).path,
        }),
  };
  await handshakes(columns, files, nodes);
  await projects(columns, files, workdir);
  await largeCollections(columns, collections, workdir);
  const ctyBytes = await ctyRounds(columns, pyvider);

  for (const line of markdownTable(rows, columns, titles, PREVIOUS)) console.log(line);
  console.log();
  for (const line of targetLines()) console.log(line);
  for (const line of about(snapshot.nodeVersion, tofu, pyvider, ctyBytes)) console.log(line);
} finally {
  await baseline?.remove();
  await rm(root, { recursive: true, force: true });
}

/**
 * Builds the previous commit (setting `baseline`) and bundles the collections provider against
 * it; returns that bundle, or undefined with a footnote saying why there is none.
 */
async function previousCommit(collectionsSources: readonly string[]): Promise<string | undefined> {
  if (PREVIOUS === "none") {
    footnotes.push("The previous commit was left out (TSVIDER_BENCH_BASELINE=none).");
    return undefined;
  }
  const built = await buildBaseline(repo, PREVIOUS, progress);
  const short = built.ok ? built.baseline.commit.slice(0, 7) : built.commit?.slice(0, 7);
  // A commit named by its hash is not named twice.
  if (short !== undefined && !short.startsWith(PREVIOUS) && !PREVIOUS.startsWith(short)) {
    titles.baseline = `tsvider ${PREVIOUS} (${short})`;
  }
  if (!built.ok) {
    footnotes.push(`${titles.baseline} is not in the table: it could not be built (${built.reason}).`);
    return undefined;
  }
  baseline = built.baseline;
  const subject = baseline.subject.length > 100 ? `${baseline.subject.slice(0, 97)}...` : baseline.subject;
  footnotes.push(`${titles.baseline}: "${subject}", built in a temporary git worktree.`);
  const out = join(root, "terraform-provider-scn-previous.cjs");
  try {
    await baseline.bundle(collectionsSources, collectionsSources[0]!, out);
    return out;
  } catch (error) {
    footnotes.push(
      `${titles.baseline} has no list and set figures: collections-provider.ts does not bundle against that commit's framework (${String(error).split("\n")[0]}).`,
    );
    return undefined;
  }
}

/**
 * Spawn to handshake line of each peer's provider, started as a host starts it (AutoMTLS), and
 * for a peer in `nodes` (the Node it runs on) the same over `node -e 0` of that Node, timed just
 * before each start so that the two see the same machine.
 */
async function handshakes(
  columns: readonly Column[],
  peers: Partial<Record<Column, Peer>>,
  nodes: Partial<Record<Column, string>>,
): Promise<void> {
  const r = row("spawn to handshake line (AutoMTLS)");
  const overNode = row("the same over `node -e 0` of its Node (paired)", "x");
  checked.start = overNode;
  const env = handshakeEnv({ ...process.env, TF_LOG: "", TF_LOG_PROVIDER: "" });
  const start = (c: Column) =>
    timeStart({ name: c, command: peers[c]!.executable, args: [], env, handshake: true, quiet: true });
  const bareNode = (node: string) =>
    timeStart({ name: `${node} -e 0`, command: node, args: ["-e", "0"], env: process.env, handshake: false });
  progress(`spawn to handshake: ${STARTS} starts of each`);
  // One start each first: the file cache, and the script's compile cache.
  for (const c of columns) await turn(r.measure, c, async () => void (await start(c)));
  for (let i = 0; i < STARTS; i++) {
    for (const c of columns) {
      await turn(r.measure, c, async () => {
        const node = nodes[c];
        const nodeMs = node === undefined ? undefined : await bareNode(node);
        const ms = await start(c);
        r.add(c, ms);
        if (nodeMs !== undefined) overNode.add(c, ms / nodeMs);
      });
    }
  }
}

/** apply, no-op plan and destroy of N files; at the largest N, the apply's CPU and peak memory. */
async function projects(
  columns: readonly Column[],
  peers: Partial<Record<Column, Peer & { resource: string }>>,
  workdir: (dir: string, config: string, extraEnv?: NodeJS.ProcessEnv) => Promise<Workdir>,
): Promise<void> {
  const steps = new Map(
    SIZES.map((n) => [n, new Map(FILE_STEPS.map((s) => [s.name, row(`${count(n)} files: tofu ${s.name}`)]))]),
  );
  if (MEASURED === 0) return;
  for (const n of SIZES) checked.files.push({ n, rows: [...steps.get(n)!.values()] });
  const cpu = row(`provider CPU per resource (${count(MEASURED)}-file apply)`);
  const memory = row(`provider peak memory (${count(MEASURED)}-file apply)`, "MiB");
  checked.memory = memory;
  for (const n of SIZES) {
    const usage = new UsageLog(join(root, `usage-files-${n}.jsonl`));
    const dirs = new Map<Column, Workdir>();
    const measure = `${count(n)} files`;
    progress(`${measure}: init`);
    for (const c of columns) {
      const p = peers[c]!;
      await turn(measure, c, async () => {
        const config = filesConfiguration(n === MEASURED ? { ...p, version: measured(p.version) } : p, n);
        dirs.set(
          c,
          await workdir(`files-${n}-${c}`, config, n === MEASURED ? usage.env(p.executable) : undefined),
        );
      });
    }
    for (let round = 1; round <= RUNS; round++) {
      progress(`${measure}: round ${round} of ${RUNS}`);
      for (const [c, work] of dirs) {
        await turn(measure, c, async () => {
          for (const step of FILE_STEPS) {
            await usage.take();
            const started = performance.now();
            await work.run([...step.args]);
            steps
              .get(n)!
              .get(step.name)!
              .add(c, performance.now() - started);
            if (n === MEASURED && step.name === "apply") {
              const used = await usage.take();
              if (used.processes === 0) throw new Error("no provider process reported its usage");
              progress(
                `  ${c}: ${used.processes} provider processes, ${used.cpuMs.toFixed(0)} ms CPU, peak ${(used.peakKiB / 1024).toFixed(0)} MiB`,
              );
              cpu.add(c, used.cpuMs / n);
              memory.add(c, used.peakKiB / 1024);
            }
          }
        });
      }
    }
  }
}

/** A large list and a large set through plan and apply of the saved plan, with provider CPU. */
async function largeCollections(
  columns: readonly Column[],
  peers: Partial<Record<Column, Peer>>,
  workdir: (dir: string, config: string, extraEnv?: NodeJS.ProcessEnv) => Promise<Workdir>,
): Promise<void> {
  const kinds = [
    { measure: `list of ${count(LIST)} strings`, sizes: { list: LIST, set: 0 } },
    { measure: `set of ${count(SET)} strings`, sizes: { list: 0, set: SET } },
  ].filter((k) => k.sizes.list + k.sizes.set > 0);
  for (const { measure, sizes } of kinds) {
    const wall = row(`${measure}: plan + apply`);
    checked.collections.push(wall);
    const cpu = row(`${measure}: provider CPU`);
    const usage = new UsageLog(join(root, `usage-${sizes.list}-${sizes.set}.jsonl`));
    const dirs = new Map<Column, Workdir>();
    progress(`${measure}: init`);
    for (const c of columns) {
      const p = peers[c];
      if (p === undefined) continue;
      await turn(measure, c, async () => {
        const config = collectionsConfiguration({ type: p.type, version: measured(p.version) }, sizes);
        dirs.set(
          c,
          await workdir(`collections-${sizes.list}-${sizes.set}-${c}`, config, usage.env(p.executable)),
        );
      });
    }
    for (let round = 1; round <= RUNS; round++) {
      progress(`${measure}: round ${round} of ${RUNS}`);
      for (const [c, work] of dirs) {
        await turn(measure, c, async () => {
          // Created afresh each round: the resource keeps nothing outside the state.
          for (const f of ["terraform.tfstate", "terraform.tfstate.backup", "bench.tfplan"]) {
            await rm(join(work.dir, f), { force: true });
          }
          await usage.take();
          const started = performance.now();
          await work.run(["plan", "-no-color", "-input=false", "-out=bench.tfplan"]);
          await work.run(["apply", "-no-color", "-input=false", "-auto-approve", "bench.tfplan"]);
          wall.add(c, performance.now() - started);
          const used = await usage.take();
          if (used.processes === 0) throw new Error("no provider process reported its usage");
          cpu.add(c, used.cpuMs);
        });
      }
    }
  }
}

/** cty msgpack decode + encode, each side in a process of its own; returns the value's size. */
async function ctyRounds(columns: readonly Column[], pyvider: string): Promise<number> {
  if (CTY_RUNS === 0) return 0;
  const file = join(root, "value.json");
  const bytes = writeLargeValue(file);
  const r = row(`cty msgpack decode + encode (${count(bytes)} bytes)`);
  checked.cty = r;
  const exec = promisify(execFile);
  const rounds = fileURLToPath(new URL("./cty-rounds.js", import.meta.url));
  const ours = async (ctyDir: string) =>
    Number((await exec(process.execPath, [rounds, ctyDir, file])).stdout);
  const previous = baseline?.ctyDir;
  const sides: Partial<Record<Column, () => Promise<number>>> = {
    script: () => ours(`${repo}packages/cty`),
    go: async () => goCtyNsPerRound(file),
    pyvider: async () =>
      Number(
        (await exec(join(dirname(pyvider), "python"), [`${repo}tooling/pyvider/cty_bench.py`, file])).stdout,
      ),
    ...(previous === undefined ? {} : { baseline: () => ours(previous) }),
  };
  for (let round = 1; round <= CTY_RUNS; round++) {
    progress(`cty msgpack: round ${round} of ${CTY_RUNS}`);
    for (const c of columns) {
      const side = sides[c];
      if (side !== undefined) await turn(r.measure, c, async () => r.add(c, (await side()) / 1e6));
    }
  }
  return bytes;
}

/**
 * Every target (targets.ts) this run measured, checked against the table's medians: a line for
 * each, and for the targets on small and large projects, collections and memory one for the
 * script and one for the snapshot, with the ratio that decides it.
 */
function targetLines(): string[] {
  const lines: string[] = [];
  const add = (who: string, target: Target, measured: number | undefined, shown: string) => {
    if (measured !== undefined)
      lines.push(`- ${who}: ${target.rule}: ${shown}, ${verdict(target, measured)}.`);
  };
  const toGo = (r: Row, c: Column) => {
    const x = medianOf(r, c);
    const go = medianOf(r, "go");
    return x === undefined || go === undefined || go <= 0 ? undefined : x / go;
  };
  /** The largest ratio to Go among `rs`, and the measure it is of. */
  const largest = (rs: readonly Row[], c: Column) => {
    let found: { ratio: number; measure: string } | undefined;
    for (const r of rs) {
      const ratio = toGo(r, c);
      if (ratio !== undefined && (found === undefined || ratio > found.ratio))
        found = { ratio, measure: r.measure };
    }
    return found;
  };
  const ratioText = (x: number | undefined) => `${x?.toFixed(2)}x`;
  for (const [c, target] of [
    ["script", TARGETS.scriptStart],
    ["snapshot", TARGETS.executableStart],
  ] as const) {
    const ratio = medianOf(checked.start, c);
    add(`${titles[c]}, spawn to handshake line`, target, ratio, ratioText(ratio));
  }
  const small = checked.files.filter((f) => f.n < 1000);
  const large = checked.files.filter((f) => f.n >= 1000);
  const sizes = (fs: typeof small) => `${fs.map((f) => count(f.n)).join(" and ")} files`;
  for (const c of ["script", "snapshot"] as const) {
    for (const [fs, target] of [
      [small, TARGETS.smallProjects],
      [large, TARGETS.aheadOfGo],
    ] as const) {
      const worst = largest(
        fs.flatMap((f) => f.rows),
        c,
      );
      add(
        `${titles[c]}, ${sizes(fs)}`,
        target,
        worst?.ratio,
        `largest ${ratioText(worst?.ratio)} (${worst?.measure})`,
      );
    }
  }
  const collections = largest(checked.collections, "script");
  add(
    `${titles.script}, large collections`,
    TARGETS.aheadOfGo,
    collections?.ratio,
    `largest ${ratioText(collections?.ratio)} (${collections?.measure})`,
  );
  // The memory target is for a 1,000-resource apply; a smaller run says nothing of it.
  for (const c of MEASURED >= 1000 ? (["script", "snapshot"] as const) : []) {
    const peak = medianOf(checked.memory, c);
    add(
      `${titles[c]}, peak memory over the ${count(MEASURED)}-file apply`,
      TARGETS.peakMemory,
      peak,
      `${peak?.toFixed(0)} MiB`,
    );
  }
  const cty = checked.cty === undefined ? undefined : toGo(checked.cty, "script");
  add("@tsvider/cty, msgpack decode + encode", TARGETS.ctyCodec, cty, ratioText(cty));
  return lines.length === 0
    ? []
    : ['Targets (apps/bench/README.md, "Targets"), checked against this table:', ...lines, ""];
}

/** The footnotes: how the figures were made, and on what. */
function about(snapshotNode: string | undefined, tofu: string, pyvider: string, ctyBytes: number): string[] {
  const times = (n: number, what: string) => `${n} ${what}${n === 1 ? "" : "s"}`;
  let how = `Medians of runs in which the peers take turns: ${times(STARTS, "start")} each; ${times(RUNS, "round")} of each project`;
  if (ctyBytes > 0) how += `; ${times(CTY_RUNS, "round")} of cty, each at least 2 s of decoding and encoding`;
  how += `. In brackets: the ratio to the Go framework's median${ctyBytes > 0 ? " (for cty, go-cty's)" : ""}.`;
  if (baseline !== undefined)
    how += " The last column: this working tree's script over the previous commit's.";
  const lines = [how];
  const launched = [
    ...(MEASURED > 0 ? [`The ${count(MEASURED)}-file runs`] : []),
    ...(LIST + SET > 0 ? ["the list and set runs"] : []),
  ].join(" and ");
  if (launched !== "") {
    let usage = `${launched[0]!.toUpperCase()}${launched.slice(1)} start every provider under a measuring launcher (apps/bench/provider-usage: the kernel's accounting of each provider process).`;
    if (MEASURED > 0) {
      usage += ` CPU per resource: the CPU time of the provider processes OpenTofu starts during the apply, over ${count(MEASURED)}; peak memory: the largest peak resident set size among them.`;
    }
    lines.push(usage);
  }
  if (ctyBytes > 0) {
    lines.push(`cty: ${LARGE_VALUE}; @tsvider/cty, go-cty and pyvider-cty each in a process of its own.`);
  }
  const tofuVersion = firstLine(tofu, ["version"], { TF_CLI_CONFIG_FILE: "/dev/null" }).replace(
    /^OpenTofu /,
    "",
  );
  const pyviderVersion = firstLine(join(dirname(pyvider), "python"), [
    "-c",
    "import importlib.metadata as m, platform; print(m.version('pyvider'), 'on Python', platform.python_version())",
  ]);
  const goVersion = firstLine("go", ["env", "GOVERSION"]).replace(/^go/, "");
  lines.push(
    `Machine: ${cpus().length} x ${cpus()[0]?.model ?? "unknown CPU"}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Linux ${release()}. OpenTofu ${tofuVersion}; Node ${firstLine("node", ["--version"])} (the scripts) and ${snapshotNode ?? "?"} (in the single executable); Go ${goVersion} with terraform-plugin-framework 1.19.0; pyvider ${pyviderVersion}.`,
  );
  return [...lines, ...footnotes];
}

/** The first line `command args` prints, or "?" when it cannot run. */
function firstLine(command: string, args: readonly string[], env: NodeJS.ProcessEnv = {}): string {
  try {
    return execFileSync(command, args, {
      encoding: "utf8",
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "ignore"],
    })
      .split("\n")[0]!
      .trim();
  } catch {
    return "?";
  }
}
