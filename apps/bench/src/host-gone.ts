// A provider whose host is killed outright (SIGKILL: no Shutdown RPC, no SIGTERM), as when CI
// cancels a job or the OOM killer picks the host: how long until the provider's process is
// gone, tsvider's reference provider against a Go provider on terraform-plugin-framework
// (tooling/oracles/goprovider, built from the Go module proxy). Each is started by a small
// host process exactly as go-plugin's client starts a plugin (magic cookie, protocol versions,
// stdout and stderr pipes); the host is killed once the handshake line arrived, and the
// provider's process is watched for up to CAP_MS. Median of RUNS.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const repo = fileURLToPath(new URL("../../../", import.meta.url));
const RUNS = Number(process.env.TSVIDER_BENCH_HOST_GONE_RUNS ?? 5);
/** How long to watch before calling the provider orphaned. */
const CAP_MS = 10_000;
const COOKIE = "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2";

const goProvider = execFileSync(`${repo}tooling/oracles/build`, ["goprovider"], { encoding: "utf8" }).trim();
const providers = [
  {
    name: "tsvider (bundled script)",
    command: `${repo}apps/terraform-provider-tsvider/dist/terraform-provider-tsvider.cjs`,
  },
  { name: "Go (terraform-plugin-framework 1.19.0)", command: goProvider },
];

const hostProgram = (command: string) => `
const { spawn } = require("node:child_process");
const plugin = spawn(${JSON.stringify(command)}, [], {
  env: { ...process.env, TF_PLUGIN_MAGIC_COOKIE: ${JSON.stringify(COOKIE)}, PLUGIN_PROTOCOL_VERSIONS: "5,6" },
  stdio: ["ignore", "pipe", "pipe"],
});
plugin.stderr.resume();
plugin.stdout.once("data", () => process.stdout.write(plugin.pid + "\\n"));
setInterval(() => {}, 1000);
`;

function ended(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return true;
  }
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.startsWith("Z") === true;
  } catch {
    return false;
  }
}

/** Milliseconds from killing the host to the provider's end, or undefined past CAP_MS. */
async function once(command: string): Promise<number | undefined> {
  const { host, pid } = await new Promise<{ host: ChildProcess; pid: number }>((resolve, reject) => {
    const host = spawn(process.execPath, ["-e", hostProgram(command)], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    host.on("error", reject);
    host.stdout!.once("data", (chunk: Buffer) => resolve({ host, pid: Number(String(chunk).trim()) }));
  });
  // Settled: the plugin has served its handshake and sits idle, as between two RPCs.
  await new Promise((r) => setTimeout(r, 300));
  const killedAt = performance.now();
  host.kill("SIGKILL");
  while (!ended(pid) && performance.now() - killedAt < CAP_MS) await new Promise((r) => setTimeout(r, 10));
  const took = performance.now() - killedAt;
  if (ended(pid)) return took;
  process.kill(pid, "SIGKILL"); // the orphan, which nothing else would ever stop
  return undefined;
}

console.log(
  `provider exit after its host is killed (SIGKILL), median of ${RUNS}, watched up to ${CAP_MS / 1000} s`,
);
for (const provider of providers) {
  const times: (number | undefined)[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await once(provider.command));
  const exited = times.filter((t): t is number => t !== undefined).sort((a, b) => a - b);
  const orphaned = times.length - exited.length;
  const median = exited.length > 0 ? exited[Math.floor(exited.length / 2)]! : undefined;
  console.log(
    `  ${provider.name.padEnd(40)} ${
      median === undefined ? "never: still running (orphaned)" : `${median.toFixed(0)} ms`
    }${orphaned > 0 && median !== undefined ? `; ${orphaned} of ${RUNS} still running after ${CAP_MS / 1000} s` : ""}`,
  );
}
