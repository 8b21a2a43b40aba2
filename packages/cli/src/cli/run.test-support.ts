// Runs the tsvider CLI in-process for tests, capturing what a terminal would show: the real
// runner (parsing, --help, --json, exit codes) over the real commands.
import { PassThrough } from "node:stream";
import { BinaryNotFoundError, resolveTofu } from "@tsvider/conformance";
import type { Command } from "./command.js";
import { runCli as runWith } from "./main.js";
import { tsviderCli } from "./tsvider.js";

export interface CliRun {
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
}

export interface CliRunOptions {
  readonly cwd: string;
  readonly env?: NodeJS.ProcessEnv;
  readonly signal?: AbortSignal;
  /** A stream of one's own for stdout, to watch output while the command runs (`serve`). */
  readonly stdout?: PassThrough;
  /** Serve only these commands (default: all of tsvider's). */
  readonly commands?: readonly Command[];
}

export async function runCli(argv: readonly string[], options: CliRunOptions): Promise<CliRun> {
  const stdout = options.stdout ?? new PassThrough();
  const stderr = new PassThrough();
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  stdout.on("data", (chunk: Buffer) => out.push(chunk));
  stderr.on("data", (chunk: Buffer) => err.push(chunk));
  const cli = options.commands === undefined ? tsviderCli : { ...tsviderCli, commands: options.commands };
  const exitCode = await runWith(cli, argv, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdout,
    stderr,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
  return {
    exitCode,
    stdout: Buffer.concat(out).toString("utf8"),
    stderr: Buffer.concat(err).toString("utf8"),
  };
}

/** The pinned tofu, or undefined where there is none (the tests that need it say so when skipped). */
export function tofuOrUndefined(): string | undefined {
  try {
    return resolveTofu();
  } catch (error) {
    if (error instanceof BinaryNotFoundError) return undefined;
    throw error;
  }
}
