// Start-up of the reference provider as a Node single executable (what `tsvider build` makes),
// from spawning it to its handshake line, next to `node -e 0` and the bundled script on the
// same machine. Median of 25 runs each, interleaved so machine noise hits all variants alike.
//
// Variants: the single executable with V8's code cache in its blob (the default for this
// machine's platform), the same without the cache (what a cross-built executable carries), and
// the bundled script run by node, warm (its launcher's compile cache filled) and on a first
// start. Each is launched as Terraform launches providers, with the handshake variables and a
// client certificate (AutoMTLS), and stopped with SIGTERM. Sizes are printed too.
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { bundleProvider } from "tsvider";
import { buildExecutable } from "tsvider/build/executable";
import { hostPlatform } from "tsvider/build/platform";
import { makeSingleExecutable } from "tsvider/build/sea";
import { handshakeEnv } from "tsvider/build/startup";
import { timeStart } from "./time-start.js";

const appRoot = fileURLToPath(new URL("../../terraform-provider-tsvider/", import.meta.url));
const work = await mkdtemp(join(tmpdir(), "tsvider-bench-sea-"));

interface Variant {
  readonly name: string;
  readonly command: string;
  readonly args: readonly string[];
  readonly env: NodeJS.ProcessEnv;
  /** Done at the first stdout line (a plugin's handshake) rather than at exit. */
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
  const sea = await buildExecutable({ project, outDir: join(work, "sea") });
  // The same bundle in a blob without V8's code cache, as a cross-platform build makes it.
  const script = join(work, "provider.cjs");
  await bundleProvider({ entry: project.entry, outfile: script, compileCache: false });
  const node = {
    path: process.execPath,
    version: process.versions.node,
    platform: hostPlatform(),
    running: true,
  };
  const noCache = join(work, "no-code-cache");
  await makeSingleExecutable({
    script,
    workDir: work,
    output: noCache,
    target: node,
    maker: node,
    useCodeCache: false,
  });
  const bundled = join(work, "bundled.cjs");
  const bundle = await bundleProvider({ entry: project.entry, outfile: bundled });

  const env = handshakeEnv();
  const variants: readonly Variant[] = [
    { name: "node -e 0", command: process.execPath, args: ["-e", "0"], env: process.env, handshake: false },
    { name: "single executable", command: sea.path, args: [], env, handshake: true, bytes: sea.bytes },
    {
      name: "single exe, no code cache",
      command: noCache,
      args: [],
      env,
      handshake: true,
      bytes: (await stat(noCache)).size,
    },
    {
      name: "bundled script (warm)",
      command: process.execPath,
      args: [bundled],
      env,
      handshake: true,
      bytes: bundle.bytes,
    },
    {
      name: "bundled, first start",
      command: process.execPath,
      args: [bundled],
      env: { ...env, TSVIDER_COMPILE_CACHE: "0" },
      handshake: true,
      bytes: bundle.bytes,
    },
  ];

  const RUNS = 25;
  const samples = new Map<string, number[]>(variants.map((v) => [v.name, []]));
  for (const v of variants) await once(v); // warm the file cache and the launcher's compile cache
  for (let i = 0; i < RUNS; i++) {
    for (const v of variants) samples.get(v.name)!.push(await once(v));
  }
  const baseline = median(samples.get("node -e 0")!);
  console.log(
    `single executable start-up to the handshake line, median of ${RUNS} runs (Node ${process.versions.node})`,
  );
  for (const v of variants) {
    const m = median(samples.get(v.name)!);
    const size = v.bytes === undefined ? "" : `  ${(v.bytes / 1e6).toFixed(1).padStart(6)} MB`;
    console.log(
      `  ${v.name.padEnd(26)} ${m.toFixed(1).padStart(7)} ms  ${(m / baseline).toFixed(2)}x${size}`,
    );
  }
} finally {
  await rm(work, { recursive: true, force: true });
}

function once(variant: Variant): Promise<number> {
  return timeStart(variant);
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}
