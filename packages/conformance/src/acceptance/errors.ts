// What a failed acceptance test throws: which step, of what kind, on which binary, and why,
// with the binary's own output.
import type { CommandResult } from "../workdir.js";

/** What a step of an acceptance test does, as failure messages name it. */
export type StepKind =
  | "config"
  | "plan-only"
  | "refresh"
  | "destroy"
  | "import"
  | "final destroy"
  | "setup"
  | "pre-check";

/** Which step of an acceptance test failed: its position, the number of steps, and its kind. */
export interface StepLabel {
  /** 1-based; 0 for the setup before the first step and steps + 1 for the final destroy. */
  readonly index: number;
  readonly count: number;
  readonly kind: StepKind;
}

export function describeStep(step: StepLabel): string {
  if (step.kind === "setup") return "setup";
  if (step.kind === "pre-check") return "preCheck (before the first step)";
  if (step.kind === "final destroy") return "the final destroy (after the last step)";
  return `step ${step.index} of ${step.count} (${step.kind})`;
}

/**
 * Why an acceptance test failed: the step, the binary, the reason in a sentence, and the command
 * and output that showed it.
 */
export interface AcceptanceFailure {
  readonly step: StepLabel;
  readonly binary: string;
  /** What went wrong, in a sentence. */
  readonly reason: string;
  /** The command that failed or showed the problem, when one did. */
  readonly command?: readonly string[];
  /** The binary's output that shows the problem, in the order it was written (commandOutput). */
  readonly output?: string;
  /** The working directory, when kept (TSVIDER_ACC_KEEP=1). */
  readonly keptDir?: string;
  readonly cause?: unknown;
}

/**
 * Thrown by `acceptanceTest` when a step fails; its message names the step, the binary and the
 * reason, and quotes the command's output.
 */
export class AcceptanceTestError extends Error {
  override readonly name: string = "AcceptanceTestError";
  readonly step: StepLabel;
  readonly binary: string;
  readonly reason: string;
  readonly command?: readonly string[];
  readonly output?: string;

  constructor(failure: AcceptanceFailure) {
    const lines = [`${describeStep(failure.step)} failed on ${failure.binary}: ${failure.reason}`];
    if (failure.command) lines.push(`command: ${failure.command.join(" ")}`);
    if (failure.output?.trim()) lines.push("output:", indent(tail(failure.output.trim(), 80)));
    if (failure.keptDir) lines.push(`working directory kept at ${failure.keptDir}`);
    super(lines.join("\n"), failure.cause === undefined ? undefined : { cause: failure.cause });
    this.step = failure.step;
    this.binary = failure.binary;
    this.reason = failure.reason;
    if (failure.command) this.command = failure.command;
    if (failure.output !== undefined) this.output = failure.output;
  }
}

/**
 * A command's output for a failure report: both streams in the order they arrived. A result
 * without that order (one made by hand rather than by Workdir.run) gives stdout, then stderr,
 * each under a heading, so nothing reads as if it came before what it followed.
 */
export function commandOutput(result: CommandResult): string {
  if (result.output !== undefined) return result.output.trim();
  const stdout = result.stdout.trim();
  const stderr = result.stderr.trim();
  if (stdout === "" || stderr === "") return stdout || stderr;
  return `stdout:\n${stdout}\nstderr:\n${stderr}`;
}

/**
 * The provider crashed (or stopped answering) during a step: the host printed "plugin
 * crashed!" (with the provider's `panic:` report) or "Plugin did not respond".
 */
export class ProviderCrashedError extends AcceptanceTestError {
  override readonly name = "ProviderCrashedError";
}

/** The host's words for a provider process that died under it. */
export function crashIn(output: string): string | undefined {
  const crashed = /The (\S+) plugin crashed!/.exec(output);
  if (crashed) return `the provider crashed (the host says "${crashed[0]}")`;
  if (/Plugin did not respond/.test(output)) {
    return 'the provider crashed or exited (the host says "Plugin did not respond")';
  }
  return undefined;
}

function tail(text: string, lines: number): string {
  const all = text.split("\n");
  return all.length <= lines
    ? text
    : [`... (${all.length - lines} lines before)`, ...all.slice(-lines)].join("\n");
}

function indent(text: string): string {
  return text
    .split("\n")
    .map((l) => `  ${l}`)
    .join("\n");
}

/**
 * The provider's `panic:` report from the host's log (TF_LOG_PATH), where the host files the
 * provider's stderr: the last panic and the indented stack lines under it.
 */
export function panicFromHostLog(log: string): string | undefined {
  const lines = log.split("\n");
  const start = lines.findLastIndex((l) => /\] provider\.[^:]+: panic: /.test(l));
  if (start < 0) return undefined;
  const report: string[] = [];
  for (const line of lines.slice(start)) {
    const m = /\] provider\.[^:]+: (.*)$/.exec(line);
    if (!m || (report.length > 0 && !/^\s/.test(m[1]!))) break;
    report.push(m[1]!);
  }
  return report.join("\n");
}
