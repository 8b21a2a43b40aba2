// Where a provider's start-up goes, phase by phase: the reference provider as it ships (the
// single file from tsvider's bundler, run as a script), started by @tsvider/rpcplugin's own
// go-plugin client with AutoMTLS, as Terraform starts it, until its first GetProviderSchema is
// answered. The phases come from three clocks that all read wall time: this process's (spawn,
// handshake line received, answer received), a `--require` hook in the provider's process
// (when Node's own boot is over: performance.timeOrigin and performance.now()), and the
// provider's own trace log (the certificate, the server listening, the RPC served). Median of
// RUNS for each phase, and `node -e 0` beside them for scale.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startPluginClient } from "@tsvider/rpcplugin/client";
import * as pb from "@tsvider/rpcplugin/tfplugin6";
import { median } from "./timing.js";

const RUNS = Number(process.env.TSVIDER_BENCH_BREAKDOWN_RUNS ?? 15);
const provider = fileURLToPath(
  new URL("../../terraform-provider-tsvider/dist/terraform-provider-tsvider.cjs", import.meta.url),
);
const dir = mkdtempSync(join(tmpdir(), "tsvider-breakdown-"));
const hook = join(dir, "boot-hook.cjs");
// Runs before the provider's first line: the moment Node's own boot is over.
writeFileSync(
  hook,
  'process.stderr.write(JSON.stringify({ bootHook: { timeOrigin: performance.timeOrigin, at: performance.now() } }) + "\\n");\n',
);

const wallNow = () => performance.timeOrigin + performance.now();

interface LogLine {
  readonly "@message"?: string;
  readonly "@timestamp"?: string;
  readonly duration_ms?: number;
  readonly rpc?: string;
  readonly bootHook?: { timeOrigin: number; at: number };
}

const PHASES = [
  "exec until Node starts",
  "Node's own boot",
  "launcher, bundle evaluation, serve()",
  "TLS certificate",
  "gRPC server listening",
  "handshake line reaches the host",
  "first RPC (GetProviderSchema)",
  "  of it, the provider's handler",
] as const;

async function once(): Promise<Record<(typeof PHASES)[number], number> & { total: number }> {
  const spawnedAt = wallNow();
  const plugin = await startPluginClient({
    executable: process.execPath,
    args: [provider],
    protocolVersions: [6],
    env: { NODE_OPTIONS: `--require ${hook}`, TF_LOG: "", TF_LOG_PROVIDER: "trace" },
  });
  const handshakeAt = wallNow();
  const client = plugin.connect(pb.ProviderClient);
  await new Promise((resolve, reject) =>
    client.getProviderSchema(pb.GetProviderSchema_Request.fromPartial({}), (err, res) =>
      err ? reject(err) : resolve(res),
    ),
  );
  const answeredAt = wallNow();
  await plugin.close();
  const lines = plugin.stderrLines.flatMap((line): LogLine[] => {
    try {
      return [JSON.parse(line) as LogLine];
    } catch {
      return [];
    }
  });
  const boot = lines.find((l) => l.bootHook)?.bootHook;
  const at = (message: string, more: (l: LogLine) => boolean = () => true) => {
    const line = lines.find((l) => l["@message"] === message && more(l));
    if (!line?.["@timestamp"]) throw new Error(`no "${message}" line in the provider's log`);
    return { at: Date.parse(line["@timestamp"]), durationMs: line.duration_ms ?? 0 };
  };
  if (!boot) throw new Error("the boot hook did not run");
  const certificate = at("made the TLS certificate");
  const listening = at("plugin server listening");
  const served = at("served request", (l) => l.rpc === "GetProviderSchema");
  const bootEnd = boot.timeOrigin + boot.at;
  const certificateStart = certificate.at - certificate.durationMs;
  return {
    "exec until Node starts": boot.timeOrigin - spawnedAt,
    "Node's own boot": boot.at,
    "launcher, bundle evaluation, serve()": certificateStart - bootEnd,
    "TLS certificate": certificate.durationMs,
    "gRPC server listening": listening.at - certificate.at,
    "handshake line reaches the host": handshakeAt - listening.at,
    "first RPC (GetProviderSchema)": answeredAt - handshakeAt,
    "  of it, the provider's handler": served.durationMs,
    total: answeredAt - spawnedAt,
  };
}

function nodeBootMs(): number {
  const started = performance.now();
  spawnSync(process.execPath, ["-e", "0"]);
  return performance.now() - started;
}

await once(); // warms the file cache and the launcher's compile cache
const runs: Awaited<ReturnType<typeof once>>[] = [];
const nodeRuns: number[] = [];
for (let i = 0; i < RUNS; i++) {
  runs.push(await once());
  nodeRuns.push(nodeBootMs());
}
rmSync(dir, { recursive: true, force: true });

console.log(
  `start-up breakdown: the reference provider (bundled script, AutoMTLS, ${process.version}), median of ${RUNS}`,
);
for (const phase of PHASES)
  console.log(
    `  ${phase.padEnd(38)} ${median(runs.map((r) => r[phase]))
      .toFixed(1)
      .padStart(6)} ms`,
  );
console.log(
  `  ${"spawn to first answer".padEnd(38)} ${median(runs.map((r) => r.total))
    .toFixed(1)
    .padStart(6)} ms`,
);
console.log(
  `  ${"for scale: node -e 0, spawn to exit".padEnd(38)} ${median(nodeRuns).toFixed(1).padStart(6)} ms`,
);
console.log(
  "  (log timestamps have millisecond precision; the phases are medians each, so they need not add up)",
);
