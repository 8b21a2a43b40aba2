/**
 * Diagnostics: the problems parsing, decoding and evaluating report, with the source ranges they
 * are about.
 *
 * @packageDocumentation
 */
// Problems found while parsing, decoding or evaluating, as hcl.Diagnostic: a summary for a
// headline, a detail sentence or two, and where in the source it happened.

import type { EvalContext } from "./eval-context.js";
import type { Expression } from "./expression.js";
import { formatRange, type Range } from "./pos.js";

/** How serious a diagnostic is: an error stops the operation, a warning does not. */
export type Severity = "error" | "warning";

/**
 * A problem found while parsing, decoding or evaluating, with a summary, a detail and the source
 * ranges it is about (hcl.Diagnostic).
 */
export interface Diagnostic {
  readonly severity: Severity;
  readonly summary: string;
  readonly detail?: string;
  /** The exact construct the problem is about. */
  readonly subject?: Range;
  /** A wider span around the subject, for showing the construct in its surroundings. */
  readonly context?: Range;
  /** The expression being evaluated, when the problem came from evaluation. */
  readonly expression?: Expression;
  /** The context it was evaluated in. */
  readonly evalContext?: EvalContext;
}

/** Whether any of the diagnostics is an error (warnings alone give false). */
export function hasErrors(d: readonly Diagnostic[]): boolean {
  return d.some((x) => x.severity === "error");
}

/** One line per diagnostic: "file.hcl:1,3-7: Summary; Detail", as hcl.Diagnostic.Error(). */
export function formatDiagnostic(d: Diagnostic): string {
  const where = d.subject ? `${formatRange(d.subject)}: ` : "";
  return d.detail ? `${where}${d.summary}; ${d.detail}` : `${where}${d.summary}`;
}

/** Thrown only by convenience wrappers that turn error diagnostics into an exception. */
export class HclError extends Error {
  override readonly name = "HclError";
  readonly diagnostics: readonly Diagnostic[];
  constructor(diagnostics: readonly Diagnostic[]) {
    const errors = diagnostics.filter((d) => d.severity === "error");
    const shown = errors.length > 0 ? errors : diagnostics;
    super(shown.map(formatDiagnostic).join("\n") || "HCL error");
    this.diagnostics = diagnostics;
  }
}

/** Throws an HclError if any diagnostic is an error. */
export function throwIfErrors(diagnostics: readonly Diagnostic[]): void {
  if (hasErrors(diagnostics)) throw new HclError(diagnostics);
}
