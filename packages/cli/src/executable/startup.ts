// How long a built provider takes from being started to its handshake line (the moment
// Terraform can connect), next to starting Node itself (`node -e 0`) on the same machine.
// Information for the author in `tsvider build`'s report, never a pass/fail criterion.
import { spawn } from "node:child_process";
import { createServerCertificate } from "@tsvider/rpcplugin";

const HANDSHAKE_TIMEOUT_MS = 30_000;

export interface StartupTimes {
  /** Median milliseconds from spawn to the handshake line. */
  readonly executableMs: number;
  /** Median milliseconds of `node -e 0` with the Node running tsvider. */
  readonly nodeMs: number;
  readonly runs: number;
}

/** The variables Terraform sets when it starts a provider (go-plugin's handshake, AutoMTLS). */
export function handshakeEnv(base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return {
    ...base,
    TF_PLUGIN_MAGIC_COOKIE: "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2",
    PLUGIN_PROTOCOL_VERSIONS: "5,6",
    PLUGIN_CLIENT_CERT: createServerCertificate().certificatePem,
  };
}

/**
 * Median of `runs` starts of each, interleaved so machine noise hits both alike, after one
 * start of each that warms the file cache (and a script's compile cache).
 */
export async function measureStartup(options: {
  readonly executable: string;
  readonly runs?: number;
  readonly env?: NodeJS.ProcessEnv;
  readonly signal?: AbortSignal;
}): Promise<StartupTimes> {
  const runs = options.runs ?? 5;
  const env = handshakeEnv(options.env);
  const provider = () => timeToHandshake(options.executable, env, options.signal);
  const node = () => timeToExit(process.execPath, ["-e", "0"], options.signal);
  await provider();
  await node();
  const providerTimes: number[] = [];
  const nodeTimes: number[] = [];
  for (let i = 0; i < runs; i++) {
    providerTimes.push(await provider());
    nodeTimes.push(await node());
  }
  return { executableMs: median(providerTimes), nodeMs: median(nodeTimes), runs };
}

function timeToHandshake(
  executable: string,
  env: NodeJS.ProcessEnv,
  signal: AbortSignal | undefined,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(executable, [], {
      env,
      stdio: ["ignore", "pipe", "pipe"],
      ...(signal === undefined ? {} : { signal }),
    });
    let elapsed: number | undefined;
    let stderr = "";
    let reason: string | undefined;
    // A provider that neither answers nor exits would hang the build's report.
    const guard = setTimeout(() => {
      reason = `no handshake line within ${HANDSHAKE_TIMEOUT_MS / 1000} s`;
      child.kill("SIGKILL");
    }, HANDSHAKE_TIMEOUT_MS);
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    child.stdout.once("data", (chunk: Buffer) => {
      elapsed = Number(process.hrtime.bigint() - start) / 1e6;
      if (!/^1\|[56]\|/.test(chunk.toString("utf8"))) {
        elapsed = undefined;
        reason = `its first line was not a handshake: ${chunk.toString("utf8").split("\n")[0]}`;
      }
      // Stopped as Terraform stops a provider, which lets a script's launcher save its cache.
      child.kill("SIGTERM");
    });
    child.on("error", (error) => {
      clearTimeout(guard);
      reject(error);
    });
    // Resolved once the process is gone, so starts never overlap.
    child.on("close", (code) => {
      clearTimeout(guard);
      if (elapsed !== undefined) resolve(elapsed);
      else
        reject(
          new Error(
            `${executable} gave no handshake (exit code ${code}): ${reason ?? stderr.trim().split("\n").at(-1) ?? ""}`,
          ),
        );
    });
  });
}

function timeToExit(
  command: string,
  args: readonly string[],
  signal: AbortSignal | undefined,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(command, args, { stdio: "ignore", ...(signal === undefined ? {} : { signal }) });
    child.on("error", reject);
    child.on("close", () => resolve(Number(process.hrtime.bigint() - start) / 1e6));
  });
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
