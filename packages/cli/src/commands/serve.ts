// `tsvider serve --debug`: run the provider from source for tofu or terraform to reattach to.
import { relative } from "node:path";
import { CliError, defineCommand, ExitCode } from "../cli/command.js";
import { loadProject } from "../project.js";
import { serveDebug } from "../serve/debug.js";

export const serveCommand = defineCommand({
  name: "serve",
  summary: "Run the provider from source in debug mode, for tofu to reattach to",
  description: [
    "With --debug: bundles the project's provider with source maps, runs it with",
    "`node --enable-source-maps` in debug mode and prints the TF_REATTACH_PROVIDERS value that",
    "makes tofu and terraform use this process instead of starting the provider themselves. It",
    "keeps serving across commands, with its log on this terminal (INFO and above unless",
    "TF_LOG_PROVIDER or TF_LOG says otherwise; hclog JSON with --json), until Ctrl-C stops it.",
    "--inspect opens the Node inspector (chrome://inspect, or your editor's debugger) on it, with",
    "breakpoints in the TypeScript sources. Without --debug there is nothing to run: hosts start",
    "providers themselves (see `tsvider install`). With --json, a line with the reattach value",
    "comes out when it serves, and the result when it stops.",
  ].join("\n"),
  options: {
    debug: { type: "boolean", description: "Serve in debug (reattach) mode; required." },
    inspect: { type: "boolean", description: "Start the Node inspector (default 127.0.0.1:9229)." },
    "inspect-port": {
      type: "string",
      valueName: "[host:]port",
      description: "Start the Node inspector on this port (implies --inspect).",
    },
  },
  examples: [
    {
      command: "tsvider serve --debug",
      explanation: "Serve; then, in another terminal, export the printed TF_REATTACH_PROVIDERS and run tofu.",
    },
    {
      command: "tsvider serve --debug --inspect",
      explanation: "The same, with a debugger attachable on port 9229.",
    },
    { command: "tsvider serve --debug --inspect-port 9333", explanation: "The inspector on port 9333." },
  ],
  async run({ options, cwd, env, json, signal, stdout, stderr, progress }) {
    if (options.debug !== true) {
      throw new CliError(
        "`tsvider serve` only runs a provider in debug mode (`tsvider serve --debug`), for tofu or terraform to reattach to: otherwise they start providers themselves, from the executable `tsvider install` puts in a mirror",
        { exitCode: ExitCode.usage },
      );
    }
    const inspectPort = options["inspect-port"];
    if (inspectPort !== undefined && !/^(?:[^:\s]+:)?\d{1,5}$/.test(inspectPort)) {
      throw new CliError(
        `--inspect-port "${inspectPort}" is not a port or host:port, such as 9229 or 127.0.0.1:9229`,
        {
          exitCode: ExitCode.usage,
        },
      );
    }
    const project = loadProject(cwd);
    const address = `${project.namespace}/${project.type}`;
    const result = await serveDebug({
      project,
      cwd,
      env,
      signal,
      stdout,
      stderr,
      progress,
      rawLog: json,
      ...(inspectPort !== undefined
        ? { inspect: inspectPort }
        : options.inspect === true
          ? { inspect: true }
          : {}),
      onServing({ reattach, addresses, pid }) {
        if (json) {
          stdout.write(
            `${JSON.stringify({ serving: { address, version: project.version, pid, addresses, reattach } })}\n`,
          );
          return;
        }
        // Single quotes hold anything but a single quote in POSIX shells.
        const quoted = `'${reattach.replaceAll("'", `'"'"'`)}'`;
        stdout.write(
          [
            `${address} ${project.version} is serving in debug mode from ${relative(cwd, project.entry) || project.entry} (process ${pid}).`,
            "Run tofu or terraform (in another terminal) with:",
            "",
            `  export TF_REATTACH_PROVIDERS=${quoted}`,
            "",
            "Ctrl-C stops it.",
            "",
          ].join("\n"),
        );
      },
    });
    return {
      text: `${address}: stopped${result.exitCode === 0 || result.exitCode === null ? "" : ` (exit code ${result.exitCode})`}.`,
      data: { stopped: true, exitCode: result.exitCode, signal: result.exitSignal },
    };
  },
});
