// `tsvider sweep`: deletes what acceptance tests left on real infrastructure, with the sweepers
// the project exports (see @tsvider/conformance's defineSweepers and ../sweep/load.ts), each
// after those it depends on. It prints what each deleted and exits 1 if any failed, so a CI
// job that sweeps before the tests shows what a killed run had left.
import { relative } from "node:path";
import { CliError, defineCommand, ExitCode } from "../cli/command.js";
import { loadProject } from "../project.js";

export const sweepCommand = defineCommand({
  name: "sweep",
  summary: "Delete what acceptance tests left behind, with the project's sweepers",
  description: [
    "Loads the sweepers the project exports as `sweepers` from src/sweepers.ts (or the module",
    'package.json names in "tsvider": { "sweepers": "<path>" }), made with defineSweepers from',
    "@tsvider/conformance, and runs them one after another, each after the sweepers it depends on.",
    "Each gets the name prefix its tests use (the set's prefix, or --prefix) and the environment,",
    "deletes the leftovers whose names start with it, and says what it deleted, which is printed",
    "per sweeper. A sweeper that throws is reported as failed and those that depend on it are not",
    "run; the others still are. The exit code is 1 when any sweeper failed or was not run.",
  ].join("\n"),
  options: {
    prefix: {
      type: "string",
      valueName: "prefix",
      description: "Delete names starting with <prefix> instead of the sweepers' own prefix.",
    },
    sweeper: {
      type: "string",
      multiple: true,
      valueName: "name",
      description: "Run only this sweeper and those it depends on.",
    },
  },
  examples: [
    { command: "tsvider sweep", explanation: "Run every sweeper of the project." },
    {
      command: "tsvider sweep --sweeper acme_folder",
      explanation: "Run acme_folder, after the sweepers it depends on.",
    },
    {
      command: "tsvider sweep --prefix tfacc-ci --json",
      explanation: "Sweep another prefix; report as JSON.",
    },
  ],
  async run({ options, cwd, env, progress, signal }) {
    const project = loadProject(cwd);
    const { loadSweepers, sweepersFile } = await import("../sweep/load.js");
    const { runSweepers } = await import("@tsvider/conformance");
    const file = sweepersFile(project);
    const shown = relative(cwd, file) || file;
    progress.step(`Loading the sweepers from ${shown}`);
    const set = await loadSweepers(project, file);
    let report: Awaited<ReturnType<typeof runSweepers>>;
    try {
      report = await runSweepers(set, {
        env,
        signal,
        ...(options.prefix === undefined ? {} : { prefix: options.prefix }),
        ...(options.sweeper === undefined ? {} : { only: options.sweeper }),
        onStart: (name) => progress.step(`Sweeping ${name}`),
      });
    } catch (err) {
      if (err instanceof TypeError) {
        const usage = options.sweeper !== undefined && err.message.startsWith("no sweeper named");
        throw new CliError(`${err.message} (in ${shown})`, {
          ...(usage ? { exitCode: ExitCode.usage } : {}),
          cause: err,
        });
      }
      throw err;
    }
    const lines = [`Sweepers of ${shown}, prefix "${report.prefix}":`];
    for (const outcome of report.outcomes) {
      const deleted = outcome.deleted.length ? `deleted ${outcome.deleted.join(", ")}` : "nothing to delete";
      if (outcome.status === "swept") lines.push(`  ${outcome.name}: ${deleted}`);
      else if (outcome.status === "failed") {
        const before = outcome.deleted.length ? ` (it ${deleted} first)` : "";
        lines.push(`  ${outcome.name}: failed: ${outcome.error}${before}`);
      } else lines.push(`  ${outcome.name}: ${outcome.error}`);
    }
    const failed = report.outcomes.filter((o) => o.status !== "swept").length;
    if (failed > 0) {
      lines.push(
        `${failed} of ${report.outcomes.length} sweepers did not finish: fix what they say and run \`tsvider sweep\` again.`,
      );
    }
    return { text: lines.join("\n"), data: report, exitCode: report.failed ? ExitCode.failed : ExitCode.ok };
  },
});
