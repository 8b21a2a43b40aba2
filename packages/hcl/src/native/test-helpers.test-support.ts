// Compact forms of ranges and diagnostics for tests: "line,column,byte-line,column,byte".
import type { Diagnostic } from "../diagnostic.js";
import type { Range } from "../pos.js";

export function r(x: Range | undefined): string {
  return x
    ? `${x.start.line},${x.start.column},${x.start.byte}-${x.end.line},${x.end.column},${x.end.byte}`
    : "";
}

/** [summary, detail, subject, context] of each diagnostic. */
export function diags(ds: readonly Diagnostic[]): [string, string, string, string][] {
  return ds.map((d) => [d.summary, d.detail ?? "", r(d.subject), r(d.context)]);
}
