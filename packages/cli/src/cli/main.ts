// The runner behind the `tsvider` executable: picks the command, parses its options from the
// command's own declaration, renders --help, reports progress, and turns every ending into an
// exit code a script can trust. Commands only return results or throw CliError; everything
// that reaches the terminal goes through here, so `--json` means the same on every command.
import { parseArgs } from "node:util";
import {
  CliError,
  type Command,
  type CommandEntry,
  type CommandResult,
  ExitCode,
  type OptionSpec,
  type Progress,
} from "./command.js";

export interface CliIo {
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  /** Aborted on Ctrl-C by the executable; tests pass their own. */
  readonly signal?: AbortSignal;
}

/** Options every command takes, handled here. */
const COMMON_OPTIONS = {
  json: {
    type: "boolean",
    description: "Print the result as one JSON document on stdout (progress as JSON lines on stderr).",
  },
  verbose: { type: "boolean", short: "v", description: "Show the details of each step." },
  help: { type: "boolean", short: "h", description: "Show this help." },
} as const satisfies Record<string, OptionSpec>;

/** Exit status after Ctrl-C, as shells report a process ended by SIGINT. */
export const INTERRUPTED_EXIT_CODE = 130;

export interface Cli {
  readonly name: string;
  readonly version: string;
  readonly summary: string;
  /** Loaded commands, or lazy ones whose module is loaded only when they run or show --help. */
  readonly commands: readonly CommandEntry[];
}

export async function runCli(cli: Cli, argv: readonly string[], io: CliIo): Promise<number> {
  const write = (stream: NodeJS.WritableStream, text: string) => {
    if (text !== "") stream.write(text.endsWith("\n") ? text : `${text}\n`);
  };
  const [first, ...rest] = argv;
  if (first === undefined || first === "--help" || first === "-h" || first === "help") {
    const topic = first === "help" ? rest[0] : undefined;
    if (topic !== undefined) {
      const entry = cli.commands.find((c) => c.name === topic);
      if (entry === undefined) return usageError(cli, io, `there is no command "${topic}"`);
      const command = await loadCommand(cli, io, entry);
      if (typeof command === "number") return command;
      write(io.stdout, commandHelp(cli, command));
      return ExitCode.ok;
    }
    write(first === undefined ? io.stderr : io.stdout, overview(cli));
    return first === undefined ? ExitCode.usage : ExitCode.ok;
  }
  if (first === "--version" || first === "-V") {
    write(io.stdout, cli.version);
    return ExitCode.ok;
  }
  const entry = cli.commands.find((c) => c.name === first);
  if (entry === undefined) {
    const near = cli.commands.find((c) => c.name.startsWith(first.slice(0, 2)));
    return usageError(
      cli,
      io,
      `there is no command "${first}"${near === undefined ? "" : ` (did you mean "${near.name}"?)`}; run \`${cli.name} --help\` for the list`,
    );
  }
  const command = await loadCommand(cli, io, entry);
  if (typeof command === "number") return command;

  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: [...rest],
      options: { ...toParseArgsOptions(command.options), ...toParseArgsOptions(COMMON_OPTIONS) },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    return usageError(
      cli,
      io,
      `${(error as Error).message.replace(/\.$/, "")}; run \`${cli.name} ${command.name} --help\``,
      command,
    );
  }
  const values = parsed.values as Record<string, string | boolean | string[] | undefined>;
  if (values.help === true) {
    write(io.stdout, commandHelp(cli, command));
    return ExitCode.ok;
  }
  const json = values.json === true;
  const verbose = values.verbose === true;
  const declared = command.positionals ?? [];
  const missing = declared.find((p, i) => p.required === true && parsed.positionals[i] === undefined);
  if (missing !== undefined) {
    return usageError(
      cli,
      io,
      `${cli.name} ${command.name} needs <${missing.name}>: ${missing.description}`,
      command,
    );
  }
  if (parsed.positionals.length > declared.length) {
    return usageError(
      cli,
      io,
      `${cli.name} ${command.name} takes ${declared.length === 0 ? "no arguments" : `at most ${declared.length} argument(s)`}, not "${parsed.positionals.slice(declared.length).join(" ")}"`,
      command,
    );
  }

  const signal = io.signal ?? new AbortController().signal;
  const progress = progressReporter(io.stderr, { json, verbose });
  // parseArgs typed each value from the same declarations OptionValues reads.
  const options: Record<string, string | boolean | readonly string[] | undefined> = {};
  for (const name of Object.keys(command.options)) options[name] = values[name];

  let result: CommandResult;
  try {
    result = await command.run({
      options: options as never,
      positionals: parsed.positionals,
      cwd: io.cwd,
      env: io.env,
      json,
      progress,
      signal,
      stdout: io.stdout,
      stderr: io.stderr,
    });
  } catch (error) {
    if (signal.aborted) {
      write(io.stderr, `${cli.name} ${command.name}: interrupted; nothing half-written was kept`);
      if (json)
        write(
          io.stdout,
          JSON.stringify({ error: { message: "interrupted", exitCode: INTERRUPTED_EXIT_CODE } }),
        );
      return INTERRUPTED_EXIT_CODE;
    }
    if (error instanceof CliError) {
      write(io.stderr, `${cli.name} ${command.name}: ${error.message}`);
      if (verbose && error.cause instanceof Error && error.cause.stack !== undefined)
        write(io.stderr, error.cause.stack);
      if (json)
        write(io.stdout, JSON.stringify({ error: { message: error.message, exitCode: error.exitCode } }));
      return error.exitCode;
    }
    const message = error instanceof Error ? error.message : String(error);
    write(
      io.stderr,
      `${cli.name} ${command.name}: unexpected failure: ${message}\nThis is a bug in ${cli.name}; please report it with the output of \`${cli.name} ${command.name} --verbose\`.`,
    );
    if (verbose && error instanceof Error && error.stack !== undefined) write(io.stderr, error.stack);
    if (json) write(io.stdout, JSON.stringify({ error: { message, exitCode: ExitCode.failed } }));
    return ExitCode.failed;
  }
  if (json) {
    write(io.stdout, JSON.stringify(result.data ?? null, null, 2));
  } else if (result.text !== undefined) {
    write(io.stdout, result.text);
  }
  return result.exitCode ?? ExitCode.ok;
}

/**
 * The command behind an entry, loading its module if it is lazy; or, when the module cannot be
 * loaded (an installation missing one of its files or dependencies), the exit code after saying so.
 */
async function loadCommand(cli: Cli, io: CliIo, entry: CommandEntry): Promise<Command | number> {
  if ("run" in entry) return entry;
  try {
    return await entry.load();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    io.stderr.write(
      `${cli.name} ${entry.name}: could not load this command: ${message}\nThe installation of ${cli.name} is incomplete; reinstall it (npm install ${cli.name}), and report it if that does not help.\n`,
    );
    return ExitCode.failed;
  }
}

function toParseArgsOptions(options: Readonly<Record<string, OptionSpec>>) {
  const out: Record<string, { type: "string" | "boolean"; short?: string; multiple?: boolean }> = {};
  for (const [name, spec] of Object.entries(options)) {
    out[name] = {
      type: spec.type,
      ...(spec.short === undefined ? {} : { short: spec.short }),
      ...(spec.multiple === true ? { multiple: true } : {}),
    };
  }
  return out;
}

function usageError(cli: Cli, io: CliIo, message: string, command?: Command): number {
  io.stderr.write(`${cli.name}${command === undefined ? "" : ` ${command.name}`}: ${message}\n`);
  return ExitCode.usage;
}

function progressReporter(
  stderr: NodeJS.WritableStream,
  { json, verbose }: { json: boolean; verbose: boolean },
): Progress {
  const emit = (kind: string, message: string, prefix: string) => {
    stderr.write(json ? `${JSON.stringify({ [kind]: message })}\n` : `${prefix}${message}\n`);
  };
  return {
    step: (message) => emit("step", message, "› "),
    detail: (message) => {
      if (verbose) emit("detail", message, "  ");
    },
    warn: (message) => emit("warning", message, "warning: "),
  };
}

function overview(cli: Cli): string {
  const width = Math.max(...cli.commands.map((c) => c.name.length));
  return [
    `${cli.name} ${cli.version}: ${cli.summary}`,
    "",
    `Usage: ${cli.name} <command> [options]`,
    "",
    "Commands:",
    ...cli.commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    "",
    `Every command takes --help (with examples), --json and --verbose. Run \`${cli.name} <command> --help\`.`,
    "Exit codes: 0 done, 1 failed, 2 wrong usage, 3 a check found differences, 130 interrupted.",
  ].join("\n");
}

/** `tsvider <command> --help`: usage, description, options (the command's, then the common ones) and examples. */
export function commandHelp(cli: Cli, command: Command): string {
  const positionals = (command.positionals ?? []).map((p) =>
    p.required === true ? `<${p.name}>` : `[${p.name}]`,
  );
  const optionRows = [...Object.entries(command.options), ...Object.entries(COMMON_OPTIONS)].map(
    ([name, spec]: [string, OptionSpec]) => {
      const flag = `${spec.short === undefined ? "    " : `-${spec.short}, `}--${name}${spec.type === "string" ? ` <${spec.valueName ?? name}>` : ""}`;
      return [flag, `${spec.description}${spec.multiple === true ? " (may be repeated)" : ""}`] as const;
    },
  );
  const argumentRows = (command.positionals ?? []).map((p) => [`<${p.name}>`, p.description] as const);
  const width = Math.max(...[...optionRows, ...argumentRows].map(([flag]) => flag.length));
  const rows = (list: readonly (readonly [string, string])[]) =>
    list.map(([flag, text]) => `  ${flag.padEnd(width)}  ${text}`);
  return [
    `${cli.name} ${command.name}: ${command.summary}`,
    "",
    `Usage: ${cli.name} ${command.name} [options]${positionals.length === 0 ? "" : ` ${positionals.join(" ")}`}`,
    "",
    command.description,
    ...(argumentRows.length === 0 ? [] : ["", "Arguments:", ...rows(argumentRows)]),
    "",
    "Options:",
    ...rows(optionRows),
    "",
    "Examples:",
    ...command.examples.flatMap((e) => [`  $ ${e.command}`, `      ${e.explanation}`]),
  ].join("\n");
}
