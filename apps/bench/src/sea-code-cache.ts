// Start-up of the reference provider as `tsvider build` makes it: a reproducible single
// executable with the newest Node LTS inside and no V8 code cache in its blob (V8 writes that
// cache differently on every run, so a blob with it is never the same twice). The provider's
// launcher makes the cache on its first start and keeps it in the user's cache directory.
// From spawning to the handshake line, median of TSVIDER_BENCH_RUNS (default 25) runs each,
// interleaved so machine noise hits all variants alike, as ratios to `node -e 0` of the
// machine's Node and of the LTS Node inside the executable.
//
// Variants:
// - single executable, first start: an empty cache directory for every run (compiles the
//   bundle, then saves the cache once the handshake is out);
// - single executable, warm: the cache its first start wrote;
// - single executable with V8's code cache in the blob instead (what a build would carry if
//   it did not have to be reproducible), for comparison;
// - single executable with a start-up snapshot (`tsvider build --snapshot`): the provider's
//   evaluated modules restored from the blob, with no compile cache at all;
// - the --script file run by the machine's Node, first start and warm.
// Each is launched as Terraform launches providers (handshake variables, a client
// certificate for AutoMTLS) and stopped with SIGTERM, as Terraform stops them.
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { bundleProvider } from "tsvider";
import { buildExecutable } from "tsvider/build/executable";
import { newestNodeLts, nodeBinaryFor } from "tsvider/build/node-binary";
import { hostPlatform } from "tsvider/build/platform";
import { makeSingleExecutable } from "tsvider/build/sea";
import { handshakeEnv } from "tsvider/build/startup";
import { timeStart } from "./time-start.js";
import { median } from "./timing.js";

const appRoot = fileURLToPath(new URL("../../terraform-provider-tsvider/", import.meta.url));
const RUNS = Number(process.env.TSVIDER_BENCH_RUNS ?? 25);
const work = await mkdtemp(join(tmpdir(), "tsvider-bench-sea-cache-"));

interface Variant {
  readonly name: string;
  readonly command: string;
  readonly args: readonly string[];
  /** Made afresh for every run, so a first start can have an empty cache each time. */
  readonly env: () => Promise<NodeJS.ProcessEnv>;
  readonly handshake: boolean;
  readonly bytes?: number;
}

try {
  const project = {
    root: appRoot,
    packageName: "terraform-provider-tsvider",
    namespace: "tsvider",
    type: "tsvider",
    version: "0.1.0",
    entry: join(appRoot, "src/main.ts"),
  };
  const lts = await newestNodeLts();
  const ltsNode = await nodeBinaryFor({ platform: hostPlatform(), version: lts.version });
  const sea = await buildExecutable({ project, outDir: join(work, "sea"), nodeVersion: lts.version });
  const script = await buildExecutable({ project, outDir: join(work, "script"), kind: "script" });
  const snapshot = await buildExecutable({
    project,
    outDir: join(work, "snapshot"),
    nodeVersion: lts.version,
    snapshot: true,
  });
  // The cache in the blob: the bundle itself (no launcher) as the main script, with V8's
  // code cache for it in the blob, made by the LTS Node.
  const main = join(work, "provider.cjs");
  await bundleProvider({
    entry: project.entry,
    outfile: main,
    projectRoot: project.root,
    compileCache: false,
  });
  const withBlobCache = join(work, "sea-with-blob-code-cache");
  await makeSingleExecutable({
    script: main,
    workDir: work,
    output: withBlobCache,
    target: ltsNode,
    maker: ltsNode,
    useCodeCache: true,
  });

  const warmCache = join(work, "warm-cache");
  const provider = handshakeEnv({ ...process.env, TF_LOG: "", TF_LOG_PROVIDER: "" });
  const fresh = async () => ({ ...provider, XDG_CACHE_HOME: await mkdtemp(join(work, "first-")) });
  const warm = async () => ({ ...provider, XDG_CACHE_HOME: warmCache });
  const variants: readonly Variant[] = [
    {
      name: "node -e 0",
      command: process.execPath,
      args: ["-e", "0"],
      env: async () => process.env,
      handshake: false,
    },
    {
      name: `node ${lts.version} -e 0`,
      command: ltsNode.path,
      args: ["-e", "0"],
      env: async () => process.env,
      handshake: false,
    },
    { name: "sea, first start", command: sea.path, args: [], env: fresh, handshake: true, bytes: sea.bytes },
    { name: "sea, warm", command: sea.path, args: [], env: warm, handshake: true, bytes: sea.bytes },
    {
      name: "sea, code cache in blob",
      command: withBlobCache,
      args: [],
      env: async () => provider,
      handshake: true,
      bytes: (await stat(withBlobCache)).size,
    },
    {
      name: "sea, start-up snapshot",
      command: snapshot.path,
      args: [],
      env: async () => provider,
      handshake: true,
      bytes: snapshot.bytes,
    },
    {
      name: "script, first start",
      command: process.execPath,
      args: [script.path],
      env: fresh,
      handshake: true,
      bytes: script.bytes,
    },
    {
      name: "script, warm",
      command: process.execPath,
      args: [script.path],
      env: warm,
      handshake: true,
      bytes: script.bytes,
    },
  ];

  const once = async (v: Variant) =>
    timeStart({ name: v.name, command: v.command, args: v.args, env: await v.env(), handshake: v.handshake });
  const samples = new Map<string, number[]>(variants.map((v) => [v.name, []]));
  for (const v of variants) await once(v); // the file cache, and the warm variants' code cache
  for (let i = 0; i < RUNS; i++) {
    for (const v of variants) samples.get(v.name)!.push(await once(v));
  }
  const nodeMs = median(samples.get("node -e 0")!);
  const ltsMs = median(samples.get(`node ${lts.version} -e 0`)!);
  console.log(
    `start-up to the handshake line, median of ${RUNS} runs; machine Node ${process.versions.node}, LTS inside the executable ${lts.version} (${lts.codename})`,
  );
  console.log(
    `  ${"".padEnd(26)} ${"ms".padStart(7)}  ${"/node -e 0".padStart(10)}  ${"/lts -e 0".padStart(9)}`,
  );
  for (const v of variants) {
    const m = median(samples.get(v.name)!);
    const size = v.bytes === undefined ? "" : `  ${(v.bytes / 1e6).toFixed(1).padStart(6)} MB`;
    console.log(
      `  ${v.name.padEnd(26)} ${m.toFixed(1).padStart(7)}  ${`${(m / nodeMs).toFixed(2)}x`.padStart(10)}  ${`${(m / ltsMs).toFixed(2)}x`.padStart(9)}${size}`,
    );
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
