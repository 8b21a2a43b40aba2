// A working directory driven by a real tofu (or terraform) binary, with a CLI config of ours
// and none of the caller's TF_* settings that would change what runs.
import { spawn } from "node:child_process";

/** How a command run by `Workdir.run` ended: its arguments, exit code and output. */
export interface CommandResult {
  readonly args: readonly string[];
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  /**
   * Both streams in the order their output arrived, as a terminal would have shown them (each
   * chunk the binary wrote stays whole). `Workdir.run` always sets it.
   */
  readonly output?: string;
}

/**
 * Thrown by `Workdir.run` when the command exits with a code it did not expect; the message quotes
 * the end of its output.
 */
export class CommandFailedError extends Error {
  override readonly name = "CommandFailedError";
  constructor(readonly result: CommandResult) {
    const tail = (result.stderr.trim() || result.stdout.trim()).split("\n").slice(-30).join("\n");
    super(`"${result.args.join(" ")}" exited with ${result.code}:\n${tail}`);
  }
}

// Settings from the caller's environment that would make a run depend on the machine.
const ISOLATED = [
  "TF_CLI_CONFIG_FILE",
  "TERRAFORM_CONFIG",
  "TF_PLUGIN_CACHE_DIR",
  "TF_DATA_DIR",
  "TF_WORKSPACE",
  "TF_REATTACH_PROVIDERS",
  "TF_CLI_ARGS",
];

/**
 * Options of a `Workdir`: the directory, the tofu or terraform binary, the CLI configuration file
 * and the environment.
 */
export interface WorkdirOptions {
  readonly dir: string;
  readonly binary: string;
  /** Path of the CLI configuration file, such as one from mirrorCliConfig. */
  readonly cliConfigFile: string;
  readonly env?: NodeJS.ProcessEnv;
  /**
   * Variables set for every run after the machine's settings are cleared, such as TF_LOG or
   * TF_REATTACH_PROVIDERS for a provider in debug mode.
   */
  readonly extraEnv?: NodeJS.ProcessEnv;
}

/**
 * A working directory in which tofu or terraform commands are run, with a given CLI configuration
 * (such as one that installs providers from a filesystem mirror).
 */
export class Workdir {
  readonly dir: string;
  readonly binary: string;
  readonly #env: NodeJS.ProcessEnv;

  constructor(options: WorkdirOptions) {
    this.dir = options.dir;
    this.binary = options.binary;
    const env: NodeJS.ProcessEnv = { ...(options.env ?? process.env) };
    for (const key of Object.keys(env))
      if (ISOLATED.includes(key) || key.startsWith("TF_CLI_ARGS_")) delete env[key];
    this.#env = {
      ...env,
      TF_CLI_CONFIG_FILE: options.cliConfigFile,
      TF_IN_AUTOMATION: "1",
      TF_INPUT: "0",
      CHECKPOINT_DISABLE: "1",
      ...options.extraEnv,
    };
  }

  /**
   * Runs the binary with `args` in the directory. Exit codes outside `okCodes` (default [0])
   * throw a CommandFailedError carrying the output. `echo` copies output to this process's.
   * Aborting `signal` kills the binary with SIGKILL (on SIGTERM tofu would wait for the
   * provider call in flight, which may never end) and rejects with the AbortError.
   */
  run(
    args: readonly string[],
    options: { okCodes?: readonly number[]; echo?: boolean; signal?: AbortSignal } = {},
  ): Promise<CommandResult> {
    const okCodes = options.okCodes ?? [0];
    return new Promise((resolve, reject) => {
      const child = spawn(this.binary, args, {
        cwd: this.dir,
        env: this.#env,
        stdio: ["ignore", "pipe", "pipe"],
        ...(options.signal ? { signal: options.signal, killSignal: "SIGKILL" as const } : {}),
      });
      let stdout = "";
      let stderr = "";
      // Two pipes, so the order is that of arrival: what a failure report shows is then read
      // in the order things happened (a diagnostic beside the step that printed it).
      let output = "";
      child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
        stdout += chunk;
        output += chunk;
        if (options.echo) process.stdout.write(chunk);
      });
      child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
        stderr += chunk;
        output += chunk;
        if (options.echo) process.stderr.write(chunk);
      });
      child.on("error", reject);
      child.on("close", (code) => {
        const result = { args: [this.binary, ...args], code: code ?? -1, stdout, stderr, output };
        if (okCodes.includes(result.code)) resolve(result);
        else reject(new CommandFailedError(result));
      });
    });
  }
}
