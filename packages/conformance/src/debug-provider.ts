// A built provider executable started once in debug mode, so that any number of tofu or
// terraform commands attach to the same process through TF_REATTACH_PROVIDERS instead of each
// starting it anew (OpenTofu starts a provider three to five times per command). The process
// is the executable as shipped; only the handshake differs: in debug mode the provider listens
// without TLS and prints the reattach value (see @tsvider/rpcplugin's debug mode), and the
// host never shuts it down, so it is stopped here with SIGTERM.
import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { currentPlatform } from "./mirror.js";

/** Options of `startDebugProvider`: the provider executable, its working directory and environment. */
export interface DebugProviderOptions {
  /** The provider executable: a bundled script with a `#!` line, or a single executable. */
  readonly executable: string;
  readonly cwd: string;
  /** The provider's whole environment (TSVIDER_DEBUG=1 is added). */
  readonly env: NodeJS.ProcessEnv;
  /**
   * How long the provider may take to print its reattach value. Default 60 s: a start takes
   * about 0.1 s, but a fresh machine busy with other work can take many times that.
   */
  readonly readyTimeoutMs?: number;
}

/**
 * How a provider started by `startDebugProvider` ended: its exit code or signal, its stderr, and
 * what was wrong if it did not stop cleanly.
 */
export interface DebugProviderExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  /** The provider's standard error (its log), the last 64 KiB of it. */
  readonly stderr: string;
  /** Why the stop was not clean, when it was not: a crash, or no exit after SIGTERM. */
  readonly problem?: string;
}

/**
 * A provider running in debug mode, started by `startDebugProvider`: the TF_REATTACH_PROVIDERS
 * value to give tofu or terraform, its stderr so far, and how to stop it.
 */
export interface DebugProvider {
  /** The value of TF_REATTACH_PROVIDERS. */
  readonly reattach: string;
  readonly pid: number;
  /** The provider's standard error so far (its last 64 KiB). */
  stderr(): string;
  /**
   * Stops the provider with SIGTERM (SIGKILL when it has not exited `graceMs` later, default
   * 10 s) and says how it ended. Ending on its own before the stop is a problem: a debug-mode
   * provider serves until it is stopped.
   */
  stop(graceMs?: number): Promise<DebugProviderExit>;
}

/** Thrown when the provider does not come up: it exited, failed to start, or said nothing. */
export class DebugProviderError extends Error {
  override readonly name = "DebugProviderError";
}

const STDERR_KEPT = 64 * 1024;

/**
 * Starts the executable in debug mode in `cwd` and resolves once it has printed its reattach
 * value. Rejects with a DebugProviderError carrying its standard error when it exits first,
 * cannot be started, or stays silent for `readyTimeoutMs`.
 */
export function startDebugProvider(options: DebugProviderOptions): Promise<DebugProvider> {
  const child = spawn(options.executable, [], {
    cwd: options.cwd,
    env: { ...options.env, TSVIDER_DEBUG: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_KEPT);
  });
  let stopping = false;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; error?: Error }>(
    (resolve) => {
      child.once("error", (error) => resolve({ code: null, signal: null, error }));
      child.once("exit", (code, signal) => resolve({ code, signal }));
    },
  );
  const stderrTail = () =>
    stderr.trim() === "" ? "(nothing on standard error)" : stderr.trim().slice(-4000);

  return new Promise<DebugProvider>((resolve, reject) => {
    const timeoutMs = options.readyTimeoutMs ?? 60_000;
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(
        new DebugProviderError(
          `${options.executable} printed no TF_REATTACH_PROVIDERS value within ${timeoutMs / 1000} s of starting in debug mode (TSVIDER_DEBUG=1); its standard error:\n${stderrTail()}`,
        ),
      );
    }, timeoutMs);
    void exited.then(({ code, signal, error }) => {
      clearTimeout(timer);
      if (!stopping)
        reject(
          new DebugProviderError(
            error
              ? `cannot start ${options.executable}: ${error.message}`
              : `${options.executable} exited (${signal ?? `code ${code}`}) before serving in debug mode; its standard error:\n${stderrTail()}`,
          ),
        );
    });
    const lines = createInterface({ input: child.stdout!, crlfDelay: Number.POSITIVE_INFINITY });
    lines.on("line", (line) => {
      const reattach = reattachValue(line);
      if (reattach === undefined) return;
      clearTimeout(timer);
      lines.removeAllListeners("line");
      // The rest of standard output is read and dropped, so the provider never blocks on it.
      child.stdout?.resume();
      resolve({
        reattach,
        pid: child.pid ?? 0,
        stderr: () => stderr,
        stop: (graceMs = 10_000) =>
          stop(
            child,
            exited,
            graceMs,
            () => (stopping = true),
            () => stderr,
          ),
      });
    });
  });
}

async function stop(
  child: ChildProcess,
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; error?: Error }>,
  graceMs: number,
  markStopping: () => void,
  stderr: () => string,
): Promise<DebugProviderExit> {
  const alreadyGone = child.exitCode !== null || child.signalCode !== null;
  markStopping();
  if (alreadyGone) {
    const { code, signal } = await exited;
    return {
      code,
      signal,
      stderr: stderr(),
      problem: `the provider had already exited (${signal ?? `code ${code}`}) before it was stopped`,
    };
  }
  child.kill("SIGTERM");
  let timer: NodeJS.Timeout | undefined;
  const late = await Promise.race([
    exited.then(() => false),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(true), graceMs);
    }),
  ]);
  clearTimeout(timer);
  if (late) child.kill("SIGKILL");
  const { code, signal } = await exited;
  const problem = late
    ? `the provider did not exit within ${graceMs / 1000} s of SIGTERM and was killed`
    : code !== 0
      ? `the provider exited with ${signal ?? `code ${code}`} on SIGTERM, not 0`
      : undefined;
  return { code, signal, stderr: stderr(), ...(problem ? { problem } : {}) };
}

/**
 * The TF_REATTACH_PROVIDERS value in a line of a debug-mode provider's output: a JSON object
 * whose every entry names a protocol and an address (the raw-JSON line of the instructions).
 */
export function reattachValue(line: string): string | undefined {
  const text = line.trim();
  if (!text.startsWith("{")) return undefined;
  try {
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return undefined;
    const entries = Object.values(parsed);
    const isEntry = (e: unknown) =>
      typeof e === "object" && e !== null && "Addr" in e && "ProtocolVersion" in e;
    return entries.length > 0 && entries.every(isEntry) ? text : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The provider executable `init` unpacked into working directory `dir` for `address` (a full
 * source address, such as registry.opentofu.org/tsvider/tsvider) at `version`: the file a
 * command would start. Throws, naming the directory, when there is none.
 */
export function installedProviderExecutable(dir: string, address: string, version: string): string {
  const platformDir = join(dir, ".terraform", "providers", address, version, currentPlatform());
  let names: string[];
  try {
    names = readdirSync(platformDir);
  } catch (err) {
    throw new Error(`init installed no provider package in ${platformDir}: ${(err as Error).message}`);
  }
  const executable = names.find((n) => n.startsWith("terraform-provider-"));
  if (executable === undefined)
    throw new Error(
      `${platformDir} holds no terraform-provider-* executable, only: ${names.join(", ") || "nothing"}`,
    );
  return join(platformDir, executable);
}
