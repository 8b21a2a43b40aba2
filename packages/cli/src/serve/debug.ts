// `tsvider serve --debug`: the project's provider run from its sources in debug (reattach)
// mode. It is bundled with an inline source map into a temporary directory and run with
// `node --enable-source-maps` (and `--inspect` for a debugger) and TSVIDER_DEBUG=1, which makes
// the provider listen without the host's handshake and print the TF_REATTACH_PROVIDERS value
// (see @tsvider/rpcplugin's debug mode). The provider's output is passed through (its log at
// INFO unless TF_LOG_PROVIDER or TF_LOG says otherwise, made readable), its own instructions
// replaced by ours; stopping (the signal) sends it SIGTERM, which it answers by
// shutting down cleanly.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { bundleProvider } from "../bundle.js";
import { CliError, type Progress } from "../cli/command.js";
import type { Project } from "../project.js";
import { readableLogLine } from "./log-lines.js";

export interface DebugServeOptions {
  readonly project: Project;
  /** Start the Node inspector: true for its default port, or a port / host:port. */
  readonly inspect?: boolean | string;
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  readonly signal: AbortSignal;
  /** Where the provider's standard output goes (its instructions excepted). */
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  readonly progress?: Progress;
  /** Pass the provider's log lines through as the JSON it writes (default: made readable). */
  readonly rawLog?: boolean;
  /** Called once the provider serves, with the value of TF_REATTACH_PROVIDERS. */
  readonly onServing: (serving: DebugServing) => void;
}

export interface DebugServing {
  /** The value of TF_REATTACH_PROVIDERS. */
  readonly reattach: string;
  /** The provider addresses it answers for (keys of the reattach value). */
  readonly addresses: readonly string[];
  readonly pid: number;
}

export interface DebugServeResult {
  /** The provider's exit code; null when a signal ended it. */
  readonly exitCode: number | null;
  /** The signal that ended it, if one did. */
  readonly exitSignal: NodeJS.Signals | null;
  /** Stopped through the signal (Ctrl-C), as opposed to exiting by itself. */
  readonly stopped: boolean;
}

/** How long the provider gets to shut down on SIGTERM before it is killed. */
const STOP_GRACE_MS = 5000;

/** The first line of rpcplugin's debug-mode instructions, and the last. */
const INSTRUCTIONS_START = / (?:is|are) serving in debug mode \(process \d+\)\.$/;
const INSTRUCTIONS_END = /^It keeps serving across commands/;
const INSTRUCTIONS_MAX_LINES = 16;

export async function serveDebug(options: DebugServeOptions): Promise<DebugServeResult> {
  const { project, signal } = options;
  const workDir = await mkdtemp(join(tmpdir(), "tsvider-serve-"));
  try {
    options.progress?.step(`bundling ${project.entry} with source maps`);
    const script = join(workDir, `terraform-provider-${project.type}.cjs`);
    const bundle = await bundleProvider({
      entry: project.entry,
      outfile: script,
      minify: false,
      sourceMap: true,
      projectRoot: project.root,
    });
    for (const warning of bundle.warnings) options.progress?.warn(`esbuild: ${warning}`);
    signal.throwIfAborted();

    const inspect =
      options.inspect === undefined || options.inspect === false
        ? []
        : [options.inspect === true ? "--inspect" : `--inspect=${options.inspect}`];
    const child = spawn(process.execPath, ["--enable-source-maps", ...inspect, script], {
      cwd: options.cwd,
      env: {
        ...options.env,
        TSVIDER_DEBUG: "1",
        // Nobody else reads the log of a provider in debug mode: show the interesting part.
        ...(options.env.TF_LOG_PROVIDER || options.env.TF_LOG ? {} : { TF_LOG_PROVIDER: "INFO" }),
      },
      stdio: ["ignore", "pipe", "pipe"],
      // Its own process group: the terminal's Ctrl-C reaches tsvider, which stops the provider
      // once (a second SIGINT straight from the terminal would kill it before it cleaned up).
      detached: true,
    });
    const exited = new Promise<{ code: number | null; exitSignal: NodeJS.Signals | null; error?: Error }>(
      (resolve) => {
        child.once("error", (error) => resolve({ code: null, exitSignal: null, error }));
        child.once("exit", (code, exitSignal) => resolve({ code, exitSignal }));
      },
    );
    const killOnExit = () => child.kill("SIGKILL");
    process.once("exit", killOnExit);
    let serving = false;
    try {
      const logLines = createInterface({ input: child.stderr, crlfDelay: Number.POSITIVE_INFINITY });
      logLines.on("line", (line) =>
        options.stderr.write(`${options.rawLog === true ? line : readableLogLine(line)}\n`),
      );
      const lines = createInterface({ input: child.stdout, crlfDelay: Number.POSITIVE_INFINITY });
      let instructionLines = -1;
      lines.on("line", (line) => {
        if (instructionLines >= 0) {
          // Inside the provider's own instructions: take the reattach value, show ours instead.
          instructionLines++;
          const reattach = reattachValue(line);
          if (reattach !== undefined && !serving) {
            serving = true;
            options.onServing({
              reattach,
              addresses: Object.keys(JSON.parse(reattach) as object),
              pid: child.pid ?? 0,
            });
          }
          if (INSTRUCTIONS_END.test(line) || instructionLines > INSTRUCTIONS_MAX_LINES) instructionLines = -1;
          return;
        }
        if (!serving && INSTRUCTIONS_START.test(line)) {
          instructionLines = 0;
          return;
        }
        options.stdout.write(`${line}\n`);
      });

      const onAbort = () => stop(child);
      signal.addEventListener("abort", onAbort, { once: true });
      let ended: { code: number | null; exitSignal: NodeJS.Signals | null; error?: Error };
      try {
        ended = await exited;
      } finally {
        signal.removeEventListener("abort", onAbort);
      }
      if (ended.error !== undefined) {
        throw new CliError(`could not start ${process.execPath} for the provider (${ended.error.message})`, {
          cause: ended.error,
        });
      }
      if (signal.aborted) return { exitCode: ended.code, exitSignal: ended.exitSignal, stopped: true };
      if (!serving) {
        throw new CliError(
          `the provider exited${ended.code === null ? "" : ` with code ${ended.code}`} before serving (its output is above): fix what it says; debug mode also needs serve(provider, { address: "${project.namespace}/${project.type}" }) in ${project.entry}`,
        );
      }
      if (ended.code !== 0)
        throw new CliError(
          `the provider stopped with ${ended.code === null ? `signal ${ended.exitSignal}` : `exit code ${ended.code}`} (its output is above)`,
        );
      return { exitCode: ended.code, exitSignal: ended.exitSignal, stopped: false };
    } finally {
      process.removeListener("exit", killOnExit);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGKILL");
        await exited;
      }
    }
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/** SIGTERM (the provider shuts down and exits), then SIGKILL if it has not after a while. */
function stop(child: ChildProcess): void {
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
  timer.unref();
  child.once("exit", () => clearTimeout(timer));
}

/** The raw JSON line of the instructions: an object keyed by provider address. */
function reattachValue(line: string): string | undefined {
  const text = line.trim();
  if (!text.startsWith("{")) return undefined;
  try {
    const value = JSON.parse(text) as Record<string, { Addr?: unknown }>;
    const entries = Object.values(value);
    return entries.length > 0 && entries.every((e) => typeof e === "object" && e !== null && "Addr" in e)
      ? text
      : undefined;
  } catch {
    return undefined;
  }
}
