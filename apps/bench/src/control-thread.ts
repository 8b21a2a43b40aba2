// The control thread (docs/control-thread.md), measured against serving from the main thread:
//
// - what it costs per RPC: the reference provider as it ships (the single file from tsvider's
//   bundler) answers CallFunction add(1, 2) CALLS times in a row over AutoMTLS, and the
//   provider process's CPU time is read from /proc before and after; the mean round trip too;
// - what it costs per start: spawn to handshake line, and the process's CPU at that moment;
// - what it buys: how long StopProvider takes to be answered while a handler computes without
//   yielding (packages/rpcplugin/test/busy-plugin.mjs), up to CAP_MS.
//
// Medians of RUNS, the two ways interleaved so machine noise hits both alike.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { startPluginClient } from "@tsvider/rpcplugin/client";
import * as pb from "@tsvider/rpcplugin/tfplugin6";
import { median } from "./timing.js";

const RUNS = Number(process.env.TSVIDER_BENCH_CONTROL_RUNS ?? 5);
const CALLS = Number(process.env.TSVIDER_BENCH_CONTROL_CALLS ?? 2000);
const CAP_MS = 10_000;
const provider = fileURLToPath(
  new URL("../../terraform-provider-tsvider/dist/terraform-provider-tsvider.cjs", import.meta.url),
);
const busy = fileURLToPath(new URL("../../../packages/rpcplugin/test/busy-plugin.mjs", import.meta.url));

/** CPU milliseconds (user + system) the process `pid` has used so far. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** One unary call, as a promise. */
function call<Res>(f: (cb: (err: Error | null, res: Res) => void) => unknown): Promise<Res> {
  return new Promise((resolve, reject) => f((err, res) => (err ? reject(err) : resolve(res))));
}

const mode = (threaded: boolean) => ({
  TSVIDER_CONTROL_THREAD: threaded ? "1" : "0",
  TF_LOG: "",
  TF_LOG_PROVIDER: "",
});

interface Costs {
  handshakeMs: number;
  startCpuMs: number;
  rpcUs: number;
  rpcCpuUs: number;
}

async function costs(threaded: boolean): Promise<Costs> {
  const started = performance.now();
  const plugin = await startPluginClient({
    executable: process.execPath,
    args: [provider],
    protocolVersions: [6],
    env: mode(threaded),
  });
  const handshakeMs = performance.now() - started;
  const startCpuMs = cpuMs(plugin.pid);
  const client = plugin.connect(pb.ProviderClient);
  const add = pb.CallFunction_Request.fromPartial({
    name: "add",
    arguments: [{ msgpack: Buffer.of(1) }, { msgpack: Buffer.of(2) }],
  });
  const answer = await call<pb.CallFunction_Response>((cb) => client.callFunction(add, cb));
  if (answer.result?.msgpack?.[0] !== 3) throw new Error(`add(1, 2) answered ${JSON.stringify(answer)}`);
  for (let i = 0; i < 200; i++) await call<pb.CallFunction_Response>((cb) => client.callFunction(add, cb));
  const cpuBefore = cpuMs(plugin.pid);
  const t0 = performance.now();
  for (let i = 0; i < CALLS; i++) await call<pb.CallFunction_Response>((cb) => client.callFunction(add, cb));
  const rpcUs = ((performance.now() - t0) * 1000) / CALLS;
  const rpcCpuUs = ((cpuMs(plugin.pid) - cpuBefore) * 1000) / CALLS;
  await plugin.close();
  return { handshakeMs, startCpuMs, rpcUs, rpcCpuUs };
}

/** Milliseconds until StopProvider is answered while ApplyResourceChange never yields; undefined past CAP_MS. */
async function stopLatency(threaded: boolean): Promise<number | undefined> {
  const plugin = await startPluginClient({
    executable: process.execPath,
    args: [busy],
    protocolVersions: [6],
    env: { ...mode(threaded), BUSY_CONTROL_THREAD: threaded ? "1" : "0", BUSY_STOP_GRACE_MS: "1000" },
  });
  const client = plugin.connect(pb.ProviderClient);
  void call((cb) =>
    client.applyResourceChange(pb.ApplyResourceChange_Request.fromPartial({ typeName: "busy_thing" }), cb),
  ).catch(() => {});
  while (!plugin.stderrLines.some((l) => l.includes("busy: ApplyResourceChange"))) {
    await new Promise((r) => setTimeout(r, 5));
  }
  const t0 = performance.now();
  const answered = await Promise.race([
    call((cb) => client.stopProvider(pb.StopProvider_Request.fromPartial({}), cb)).then(() => true),
    new Promise<false>((r) => setTimeout(() => r(false), CAP_MS)),
  ]);
  const took = performance.now() - t0;
  process.kill(plugin.pid, "SIGKILL");
  await plugin.close().catch(() => {});
  return answered ? took : undefined;
}

const main: Costs[] = [];
const thread: Costs[] = [];
for (let i = 0; i < RUNS; i++) {
  main.push(await costs(false));
  thread.push(await costs(true));
}
const row = (name: string, xs: Costs[]) => {
  const m = (k: keyof Costs) => median(xs.map((x) => x[k]));
  return `  ${name.padEnd(22)} ${m("handshakeMs").toFixed(0).padStart(5)} ms ${m("startCpuMs").toFixed(0).padStart(6)} ms ${m("rpcUs").toFixed(0).padStart(8)} µs ${m("rpcCpuUs").toFixed(0).padStart(10)} µs`;
};
const ratio = (k: keyof Costs) =>
  (median(thread.map((x) => x[k])) / median(main.map((x) => x[k]))).toFixed(2);
console.log(`control thread: the reference provider, CallFunction add(1, 2) x ${CALLS}, median of ${RUNS}`);
console.log(`  ${"served from".padEnd(22)} handshake  start CPU  per RPC  CPU per RPC`);
console.log(row("the main thread", main));
console.log(row("a control thread", thread));
console.log(
  `  ratio (thread / main)  ${ratio("handshakeMs")}x     ${ratio("startCpuMs")}x     ${ratio("rpcUs")}x       ${ratio("rpcCpuUs")}x`,
);

const stops: { main: (number | undefined)[]; thread: (number | undefined)[] } = { main: [], thread: [] };
for (let i = 0; i < RUNS; i++) {
  stops.main.push(await stopLatency(false));
  stops.thread.push(await stopLatency(true));
}
const stopText = (xs: (number | undefined)[]) => {
  const answered = xs.filter((x): x is number => x !== undefined);
  return answered.length === 0
    ? `never (no answer within ${CAP_MS / 1000} s)`
    : `${median(answered).toFixed(0)} ms${answered.length < xs.length ? `; ${xs.length - answered.length} of ${xs.length} never` : ""}`;
};
console.log(`StopProvider while a handler computes without yielding, median of ${RUNS}`);
console.log(`  the main thread        ${stopText(stops.main)}`);
console.log(`  a control thread       ${stopText(stops.thread)}`);
