// What every `tsvider` command is: data (name, options, examples) the runner uses for parsing
// and --help, plus one run function. A command never writes to process.stdout or exits by
// itself: it returns a result, reports progress through the context, and throws CliError for a
// failure a user can act on, so the runner alone decides what goes where (text or --json) and
// which exit code a script sees.

/** Exit codes scripts can rely on. */
export const ExitCode = {
  ok: 0,
  /** The command could not do what was asked (a failed build, a missing signing key, ...). */
  failed: 1,
  /** The command line itself was wrong: an unknown option, a missing argument. */
  usage: 2,
  /** A check found differences (`docs --check`): the work is fine, the tree is out of date. */
  checkFailed: 3,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

export interface OptionSpec {
  readonly type: "string" | "boolean";
  readonly short?: string;
  /** May be given more than once (values arrive as an array). */
  readonly multiple?: boolean;
  /** The value's name in --help: `--out <dir>`. */
  readonly valueName?: string;
  readonly description: string;
}

export interface PositionalSpec {
  readonly name: string;
  readonly description: string;
  readonly required?: boolean;
}

export type OptionValues<O extends Readonly<Record<string, OptionSpec>>> = {
  readonly [K in keyof O]?: O[K]["type"] extends "boolean"
    ? boolean
    : O[K]["multiple"] extends true
      ? readonly string[]
      : string;
};

/** Progress on long steps: a line per step on stderr (a JSON line with --json). */
export interface Progress {
  step(message: string): void;
  /** Detail under the current step, shown only with --verbose. */
  detail(message: string): void;
  warn(message: string): void;
}

export interface CommandContext<O extends Readonly<Record<string, OptionSpec>>> {
  readonly options: OptionValues<O>;
  readonly positionals: readonly string[];
  /** The directory the command was run in (the project's, for project commands). */
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  /** --json was given: the result goes out as JSON, human text is not printed. */
  readonly json: boolean;
  readonly progress: Progress;
  /** Fired on Ctrl-C (SIGINT/SIGTERM): stop child processes, remove what is half-written. */
  readonly signal: AbortSignal;
  /**
   * For commands that hand the terminal to a long-running process (`serve --debug`): write
   * straight to the user's stdout.
   */
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
}

export interface CommandResult {
  /** Printed to stdout without --json. */
  readonly text?: string;
  /** Printed to stdout as JSON with --json (the whole result a script needs). */
  readonly data?: unknown;
  /** Default ExitCode.ok; `docs --check` answers checkFailed when files differ. */
  readonly exitCode?: ExitCode;
}

export interface Command<
  O extends Readonly<Record<string, OptionSpec>> = Readonly<Record<string, OptionSpec>>,
> {
  readonly name: string;
  /** One line for the command list. */
  readonly summary: string;
  /** A paragraph or two for `tsvider <command> --help`. */
  readonly description: string;
  readonly positionals?: readonly PositionalSpec[];
  readonly options: O;
  /** At least one: shown under "Examples" in --help. */
  readonly examples: readonly { readonly command: string; readonly explanation: string }[];
  run(ctx: CommandContext<O>): Promise<CommandResult>;
}

/**
 * A command as the CLI lists it before loading it: its name and summary, and how to load the
 * rest. `tsvider --version` and `tsvider --help` need only these, and each command's module
 * (and the libraries behind it: esbuild, openpgp, the conformance harness) is loaded when
 * that command runs or shows its own help, so start-up does not pay for every command.
 */
export interface LazyCommand {
  readonly name: string;
  /** The command's own summary, repeated here so the list needs no load (a test keeps them equal). */
  readonly summary: string;
  load(): Promise<Command>;
}

/** What a CLI lists: a command already loaded, or one to load on use. */
export type CommandEntry = Command | LazyCommand;

/** Keeps the option names' types for run(): `defineCommand({ options: { out: {...} }, run({ options }) {...} })`. */
export function defineCommand<const O extends Readonly<Record<string, OptionSpec>>>(
  command: Command<O>,
): Command<O> {
  return command;
}

/**
 * A failure the user can act on: one sentence saying what was wrong and what to do. The runner
 * prints it without a stack trace and exits with `exitCode`.
 */
export class CliError extends Error {
  readonly exitCode: ExitCode;
  constructor(message: string, options: { readonly exitCode?: ExitCode; readonly cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "CliError";
    this.exitCode = options.exitCode ?? ExitCode.failed;
  }
}
