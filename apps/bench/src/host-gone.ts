// A provider whose host is killed outright (SIGKILL: no Shutdown RPC, no SIGTERM), as when CI
// cancels a job or the OOM killer picks the host: how long until the provider's process is
// gone, tsvider's reference provider against a Go provider on terraform-plugin-framework
// (tooling/oracles/goprovider, built from the Go module proxy). Each is started by a small
// host process exactly as go-plugin's client starts a plugin (packages/rpcplugin/test/
// fake-host.cjs); the host is killed once the handshake line arrived, and the provider's
// process is watched for up to CAP_MS. Median of RUNS.
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const repo = fileURLToPath(new URL("../../../", import.meta.url));
const RUNS = Number(process.env.TSVIDER_BENCH_HOST_GONE_RUNS ?? 5);
/** How long to watch before calling the provider orphaned. */
const CAP_MS = 10_000;
// The host that starts the provider and is killed: @tsvider/rpcplugin's own, from its tests.
const { processEnded, startFakeHost } = createRequire(import.meta.url)(
  `${repo}packages/rpcplugin/test/fake-host.cjs`,
) as typeof import("../../../packages/rpcplugin/test/fake-host.cjs");

const goProvider = execFileSync(`${repo}tooling/oracles/build`, ["goprovider"], { encoding: "utf8" }).trim();
const busyPlugin = `${repo}packages/rpcplugin/test/busy-plugin.mjs`;
const providers: { name: string; command: string; args?: string[] }[] = [
  {
    name: "tsvider (bundled script)",
    command: `${repo}apps/terraform-provider-tsvider/dist/terraform-provider-tsvider.cjs`,
  },
  { name: "Go (terraform-plugin-framework 1.19.0)", command: goProvider },
  // A handler in an endless loop: only a control thread (docs/control-thread.md) still sees the
  // host go; from the main thread the watch never runs again.
  {
    name: "tsvider, busy handler, control thread",
    command: process.execPath,
    args: [busyPlugin, "--busy-at-start"],
  },
  {
    name: "tsvider, busy handler, main thread",
    command: process.execPath,
    args: [busyPlugin, "--busy-at-start", "--main-thread"],
  },
];

/** Milliseconds from killing the host to the provider's end, or undefined past CAP_MS. */
async function once(command: string, args: string[] = []): Promise<number | undefined> {
  const { host, pluginPid } = await startFakeHost(command, args);
  // Settled: the plugin has served its handshake and sits idle, as between two RPCs.
  await new Promise((r) => setTimeout(r, 300));
  const killedAt = performance.now();
  host.kill("SIGKILL");
  while (!processEnded(pluginPid) && performance.now() - killedAt < CAP_MS) {
    await new Promise((r) => setTimeout(r, 10));
  }
  const took = performance.now() - killedAt;
  if (processEnded(pluginPid)) return took;
  process.kill(pluginPid, "SIGKILL"); // the orphan, which nothing else would ever stop
  return undefined;
}

console.log(
  `provider exit after its host is killed (SIGKILL), median of ${RUNS}, watched up to ${CAP_MS / 1000} s`,
);
for (const provider of providers) {
  const times: (number | undefined)[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await once(provider.command, provider.args));
  const exited = times.filter((t): t is number => t !== undefined).sort((a, b) => a - b);
  const orphaned = times.length - exited.length;
  const median = exited.length > 0 ? exited[Math.floor(exited.length / 2)]! : undefined;
  console.log(
    `  ${provider.name.padEnd(40)} ${
      median === undefined ? "never: still running (orphaned)" : `${median.toFixed(0)} ms`
    }${orphaned > 0 && median !== undefined ? `; ${orphaned} of ${RUNS} still running after ${CAP_MS / 1000} s` : ""}`,
  );
}
