// The error the test kit's whole-life runs throw at the first step that fails: a resource's
// (lifecycle.ts) and an ephemeral resource's (ephemeral.ts). In a file of its own so that
// ephemeral.ts need not import lifecycle.ts, which would close a loop through test-provider.ts.
import type { Diagnostic } from "../diagnostics.js";

/** Thrown by `lifecycle`, and by `ephemeral.cycle`, at the first step that fails. */
export class LifecycleError extends Error {
  readonly step: string;
  readonly diagnostics: readonly Diagnostic[];
  constructor(step: string, message: string, diagnostics: readonly Diagnostic[] = []) {
    const listed = diagnostics.map(
      (d) =>
        `\n  ${d.severity}: ${d.summary}${d.path?.length ? ` (at ${JSON.stringify(d.path)})` : ""}${d.detail ? `\n    ${d.detail}` : ""}`,
    );
    super(`${step}: ${message}${listed.join("")}`);
    this.name = "LifecycleError";
    this.step = step;
    this.diagnostics = diagnostics;
  }
}
