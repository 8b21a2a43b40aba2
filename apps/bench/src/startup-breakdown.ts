// Where a provider's start-up goes, phase by phase: the reference provider as it ships (the
// single file from tsvider's bundler, run as a script), started by @tsvider/rpcplugin's own
// go-plugin client with AutoMTLS, as Terraform starts it, until its first GetProviderSchema is
// answered. The phases come from three clocks that all read wall time: this process's (spawn,
// handshake line received, answer received), a `--require` hook in the provider's process
// (when Node's own boot is over: performance.timeOrigin and performance.now()), and the
// provider's own trace log (the certificate, the server listening, the RPC served). Median of
// RUNS for each phase, served from a control thread (the default) and from the main thread, and
// `node -e 0` beside them for scale. Then the stop: from go-plugin's Shutdown called (on a
// connection of its own, as this client makes it) to the process gone, which a host waits for
// at every one of its three to five starts per command. The Go terraform-plugin-framework
// provider of tooling/oracles/goprovider runs beside them through the same client, for its
// totals (it has no phases to log).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startPluginClient } from "@tsvider/rpcplugin/client";
import * as pb from "@tsvider/rpcplugin/tfplugin6";
import { goProvider } from "./provider-peers.js";
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
  "main: launcher, bundle evaluation, serve()",
  "main: services loaded, told the thread",
  "control thread loaded (from Node's boot)",
  "TLS certificate",
  "gRPC server listening",
  "handshake line reaches the host",
  "spawn to handshake line",
  "first RPC (GetProviderSchema)",
  "  of it, the provider's handler",
  "stop: Shutdown called to process gone",
] as const;
type Phases = Partial<Record<(typeof PHASES)[number], number>> & { total: number };

/**
 * The two ways the provider serves, a control thread (the default) and the main thread, and
 * the Go peer.
 */
const WAYS = [
  { name: "control thread", env: {} },
  { name: "main thread", env: { TSVIDER_CONTROL_THREAD: "0" } },
  { name: "Go framework", env: {} },
] as const;
const go = goProvider();

async function once(way: (typeof WAYS)[number]): Promise<Phases> {
  const spawnedAt = wallNow();
  const isGo = way.name === "Go framework";
  const plugin = await startPluginClient({
    executable: isGo ? go : process.execPath,
    args: isGo ? [] : [provider],
    protocolVersions: [6],
    env: isGo
      ? { TF_LOG: "" }
      : { NODE_OPTIONS: `--require ${hook}`, TF_LOG: "", TF_LOG_PROVIDER: "trace", ...way.env },
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
  // What the bench's own clock gives for any provider, Go's included.
  const totals = {
    "spawn to handshake line": handshakeAt - spawnedAt,
    "first RPC (GetProviderSchema)": answeredAt - handshakeAt,
    "stop: Shutdown called to process gone": wallNow() - answeredAt,
    total: answeredAt - spawnedAt,
  };
  if (isGo) return totals;
  const lines = plugin.stderrLines.flatMap((line): LogLine[] => {
    try {
      return [JSON.parse(line) as LogLine];
    } catch {
      return [];
    }
  });
  const boot = lines.find((l) => l.bootHook)?.bootHook;
  const find = (message: string, more: (l: LogLine) => boolean = () => true) => {
    const line = lines.find((l) => l["@message"] === message && more(l));
    return line?.["@timestamp"]
      ? { at: Date.parse(line["@timestamp"]), durationMs: line.duration_ms ?? 0 }
      : undefined;
  };
  const at = (message: string, more?: (l: LogLine) => boolean) => {
    const found = find(message, more);
    if (!found) throw new Error(`no "${message}" line in the provider's log (${way.name})`);
    return found;
  };
  if (!boot) throw new Error("the boot hook did not run");
  const bootEnd = boot.timeOrigin + boot.at;
  const served = at("served request", (l) => l.rpc === "GetProviderSchema");
  const common = {
    ...totals,
    "exec until Node starts": boot.timeOrigin - spawnedAt,
    "Node's own boot": boot.at,
    "handshake line reaches the host": 0,
    "  of it, the provider's handler": served.durationMs,
  };
  if (way.name === "main thread") {
    // The certificate is made on the main thread, once serve() has the services.
    const certificate = at("made the TLS certificate");
    const listening = at("plugin server listening");
    const certificateStart = certificate.at - certificate.durationMs;
    return {
      ...common,
      "main: launcher, bundle evaluation, serve()": certificateStart - bootEnd,
      "TLS certificate": certificate.durationMs,
      "gRPC server listening": listening.at - certificate.at,
      "handshake line reaches the host": handshakeAt - listening.at,
    };
  }
  // The thread makes its certificate while it loads, beside the main thread's work; it listens
  // once it is loaded and has been told what to serve.
  const adopted = at("serving through the control thread the provider's file started");
  const told = at("told the control thread what to serve");
  const loaded = at("control thread loaded");
  const listening = at("plugin server listening in its control thread");
  return {
    ...common,
    "main: launcher, bundle evaluation, serve()": adopted.at - bootEnd,
    "main: services loaded, told the thread": told.at - adopted.at,
    "control thread loaded (from Node's boot)": loaded.at - bootEnd,
    "gRPC server listening": listening.at - Math.max(told.at, loaded.at),
    "handshake line reaches the host": handshakeAt - listening.at,
  };
}

function nodeBootMs(): number {
  const started = performance.now();
  spawnSync(process.execPath, ["-e", "0"]);
  return performance.now() - started;
}

for (const way of WAYS) await once(way); // warms the file cache and the launcher's compile cache
const runs = new Map<string, Phases[]>(WAYS.map((way) => [way.name, []]));
const nodeRuns: number[] = [];
for (let i = 0; i < RUNS; i++) {
  for (const way of WAYS) runs.get(way.name)!.push(await once(way));
  nodeRuns.push(nodeBootMs());
}
rmSync(dir, { recursive: true, force: true });

const cell = (values: readonly (number | undefined)[]) => {
  const known = values.filter((v): v is number => v !== undefined);
  return (known.length === 0 ? "" : `${median(known).toFixed(1)} ms`).padStart(16);
};
console.log(
  `start-up breakdown: the reference provider (bundled script, AutoMTLS, ${process.version}), median of ${RUNS}`,
);
console.log(`  ${"phase".padEnd(42)}${WAYS.map((way) => way.name.padStart(16)).join("")}`);
for (const phase of PHASES)
  console.log(
    `  ${phase.padEnd(42)}${WAYS.map((way) => cell(runs.get(way.name)!.map((r) => r[phase]))).join("")}`,
  );
console.log(
  `  ${"spawn to first answer".padEnd(42)}${WAYS.map((way) => cell(runs.get(way.name)!.map((r) => r.total))).join("")}`,
);
console.log(`  ${"for scale: node -e 0, spawn to exit".padEnd(42)}${cell(nodeRuns)}`);
console.log(
  "  (log timestamps have millisecond precision; the phases are medians each, so they need not add up;",
);
console.log("   with a control thread, the main thread's phases and the thread's own load run side by side;");
console.log("   the Go provider logs no phases, so it has only the totals)");
