// Where a large apply's CPU goes in the provider: a `tofu apply` of N files (default 1,000) with
// the reference provider's tsvider_file_content, every provider process started with V8's CPU
// profiler on (`--cpu-prof` through NODE_OPTIONS, which OpenTofu passes on to its plugins). The
// provider is bundled for this run without minifying and without the launcher, so esbuild's
// `// <path>` line before each module's code tells which package a sampled line belongs to;
// without the launcher's code cache, compiling the bundle (Node's `wrapSafe`) weighs more here
// than in a shipped provider, where the cache from the first start skips most of it.
// The summary: the processes and their sampled time, then the time spent in each package (its
// functions' own time, not what they call), Node's internals and V8's own work (compiling,
// garbage collection), then the functions with the most time of their own. Information for the
// next change, not a pass/fail figure.
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { resolveTofu, Workdir } from "@tsvider/conformance";
import { bundleProvider } from "tsvider";
import { filesConfiguration } from "./files-configuration.js";
import { initWorkdir, installMirror } from "./provider-peers.js";

const N = Number(process.env.TSVIDER_BENCH_PROFILE_RESOURCES ?? 1000);
const appRoot = fileURLToPath(new URL("../../terraform-provider-tsvider/", import.meta.url));

/** V8's .cpuprofile, the fields read here. */
interface Profile {
  readonly nodes: readonly {
    readonly id: number;
    readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  }[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

const root = await mkdtemp(join(tmpdir(), "tsvider-bench-profile-"));
try {
  const executable = join(root, "terraform-provider-tsvider.cjs");
  await bundleProvider({
    entry: join(appRoot, "src/main.ts"),
    outfile: executable,
    projectRoot: appRoot,
    minify: false,
    compileCache: false,
  });
  const modules = moduleStarts(await readFile(executable, "utf8"));

  const cliConfigFile = await installMirror(root, [{ type: "tsvider", version: "0.1.0", executable }]);
  const dir = join(root, "work");
  await initWorkdir({
    dir,
    config: filesConfiguration({ type: "tsvider", version: "0.1.0", resource: "tsvider_file_content" }, N),
    tofu: resolveTofu(),
    cliConfigFile,
  });
  const profiles = join(root, "profiles");
  const started = performance.now();
  await new Workdir({
    dir,
    binary: resolveTofu(),
    cliConfigFile,
    extraEnv: { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profiles}` },
  }).run(["apply", "-auto-approve", "-no-color"]);
  const applyMs = performance.now() - started;

  const byPlace = new Map<string, number>();
  const byFunction = new Map<string, number>();
  // One file per profiled thread: CPU.<date>.<time>.<pid>.<thread>.<n>.cpuprofile, so a
  // process served through its control thread leaves two.
  const byProcess = new Map<string, number>();
  const files = await readdir(profiles);
  for (const file of files) {
    const profile = JSON.parse(await readFile(join(profiles, file), "utf8")) as Profile;
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    let total = 0;
    profile.samples.forEach((id, i) => {
      const micros = profile.timeDeltas[i] ?? 0;
      const frame = nodes.get(id)!.callFrame;
      // Waiting for the host is not work.
      if (frame.url === "" && frame.functionName === "(idle)") return;
      total += micros;
      const place = placeOf(frame, executable, modules);
      add(byPlace, place, micros);
      if (place.startsWith("(")) return;
      const where =
        place === "Node's built-in modules" ? frame.url : `${place}, line ${frame.lineNumber + 1}`;
      add(byFunction, `${frame.functionName || "(anonymous)"}  (${where})`, micros);
    });
    add(byProcess, file.split(".")[3] ?? file, total);
  }
  const processes = [...byProcess.values()].map((micros) => micros / 1000).sort((a, b) => b - a);
  const sampled = processes.reduce((a, b) => a + b, 0);

  console.log(
    `CPU profile of the provider over \`tofu apply\` of ${N} files: ${processes.length} provider processes (${files.length} threads profiled) busy for ${ms(sampled)} (the largest ${ms(processes[0] ?? 0)}; idle time left out), the apply took ${ms(applyMs)}`,
  );
  console.log("  time of their own, by where the code lives:");
  for (const [place, micros] of top(byPlace, 14)) console.log(`    ${share(micros, sampled)}  ${place}`);
  console.log("  functions with the most time of their own:");
  for (const [fn, micros] of top(byFunction, 15)) console.log(`    ${share(micros, sampled)}  ${fn}`);
} finally {
  await rm(root, { recursive: true, force: true });
}

/** The first line of each bundled module, from esbuild's `// <path>` comments, in order. */
function moduleStarts(bundle: string): { line: number; module: string }[] {
  const starts: { line: number; module: string }[] = [];
  bundle.split("\n").forEach((text, line) => {
    const path = /^\/\/ (\S+\.[cm]?js)$/.exec(text)?.[1];
    if (path !== undefined) starts.push({ line, module: packageOf(path) });
  });
  return starts;
}

/** `.../node_modules/@grpc/grpc-js/build/...` → `@grpc/grpc-js`; `../../packages/cty/dist/...` → `@tsvider/cty`. */
function packageOf(path: string): string {
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules)/.exec(path)?.[1];
  if (dependency !== undefined) return dependency;
  const workspace = /(?:packages|apps)\/([^/]+)\//.exec(path)?.[1];
  if (workspace === "terraform-provider-tsvider") return "the reference provider's own code";
  return workspace === undefined ? path : `@tsvider/${workspace}`;
}

/** Where a sampled frame's code lives: a package of the bundle, Node's internals, or V8's work. */
function placeOf(
  frame: Profile["nodes"][number]["callFrame"],
  executable: string,
  modules: readonly { line: number; module: string }[],
): string {
  if (frame.url === "") {
    // V8's own entries: (program), (garbage collector), (idle), and native functions.
    return frame.functionName.startsWith("(") ? frame.functionName : "(native functions)";
  }
  // OpenTofu runs its own copy of the package, under .terraform/providers.
  if (
    !frame.url.endsWith(`/${basename(executable)}`) &&
    !frame.url.includes("terraform-provider-tsvider_v")
  ) {
    return frame.url.startsWith("node:") ? "Node's built-in modules" : frame.url;
  }
  let low = 0;
  let high = modules.length - 1;
  let found = "the bundle's own glue";
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (modules[mid]!.line <= frame.lineNumber) {
      found = modules[mid]!.module;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}

function add(map: Map<string, number>, key: string, micros: number): void {
  map.set(key, (map.get(key) ?? 0) + micros);
}

function top(map: Map<string, number>, n: number): [string, number][] {
  return [...map].sort((a, b) => b[1] - a[1]).slice(0, n);
}

function ms(x: number): string {
  return x >= 1000 ? `${(x / 1000).toFixed(2)} s` : `${x.toFixed(0)} ms`;
}

function share(micros: number, sampledMs: number): string {
  return `${ms(micros / 1000).padStart(8)} ${`${(micros / 10 / sampledMs || 0).toFixed(1)}%`.padStart(6)}`;
}
