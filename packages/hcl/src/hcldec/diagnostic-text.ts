// Diagnostics as text for a terminal, in the layout of hcl's DiagnosticTextWriter: the
// severity and summary, the source lines involved with the subject highlighted, then the
// values of the variables the expression refers to, then the detail word-wrapped.

import * as cty from "@tsvider/cty";
import type { TypedValue } from "@tsvider/cty/function";
import type { Diagnostic } from "../diagnostic.js";
import { hasErrors } from "../diagnostic.js";
import { goQuote } from "../internal/go-quote.js";
import { isNullValue, unmarkTop } from "../internal/typed-values.js";
import type { Range } from "../pos.js";
import { rangeOver } from "../pos.js";
import { type Traversal, traverseAbs } from "../traversal.js";

const utf8 = new TextDecoder();

/** Greedy word wrap at `width` columns, as go-wordwrap does (long words stay whole). */
function wrap(text: string, width: number): string {
  if (width <= 0) return text;
  return text
    .split("\n")
    .map((line) => {
      const words = line.split(" ");
      const out: string[] = [];
      let current = "";
      for (const w of words) {
        if (current === "") current = w;
        else if ([...current].length + 1 + [...w].length <= width) current += ` ${w}`;
        else {
          out.push(current);
          current = w;
        }
      }
      out.push(current);
      return out.join("\n");
    })
    .join("\n");
}

/** A source file for showing diagnostics: its bytes, and what encloses a byte offset ("block \"x\""). */
export interface SourceFile {
  readonly bytes: Uint8Array;
  readonly contextAt?: (offset: number) => string;
}

export function formatDiagnosticText(
  d: Diagnostic,
  files: ReadonlyMap<string, SourceFile>,
  width: number,
  color: boolean,
): string {
  const colorCode = color ? (d.severity === "error" ? "\x1b[31m" : "\x1b[33m") : "";
  const reset = color ? "\x1b[0m" : "";
  const highlight = color ? "\x1b[1;4m" : "";
  let out = `${colorCode}${d.severity === "error" ? "Error" : "Warning"}${reset}: ${d.summary}\n\n`;
  if (d.subject !== undefined) {
    let snip: Range = d.context === undefined ? d.subject : rangeOver(d.subject, d.context);
    let mark: Range = d.subject;
    // An empty range cannot be shown, so it becomes one character long.
    const widen = (r: Range): Range =>
      r.start.byte === r.end.byte
        ? { ...r, end: { ...r.end, byte: r.end.byte + 1, column: r.end.column + 1 } }
        : r;
    snip = widen(snip);
    mark = widen(mark);
    const file = files.get(d.subject.filename);
    if (file === undefined) {
      out += `  on ${d.subject.filename} line ${d.subject.start.line}:\n  (source code not available)\n\n`;
    } else {
      const src = file.bytes;
      const context = file.contextAt?.(d.subject.start.byte) ?? "";
      out += `  on ${d.subject.filename} line ${d.subject.start.line}${context === "" ? "" : `, in ${context}`}:\n`;
      let lineStart = 0;
      for (let line = 1; lineStart <= src.length; line++) {
        let lineEnd = src.indexOf(0x0a, lineStart);
        if (lineEnd < 0) lineEnd = src.length;
        const textEnd = lineEnd > lineStart && src[lineEnd - 1] === 0x0d ? lineEnd - 1 : lineEnd;
        if (lineStart < snip.end.byte && snip.start.byte < Math.max(lineEnd, lineStart + 1)) {
          const a = Math.min(Math.max(mark.start.byte, lineStart), textEnd);
          const b = Math.min(Math.max(mark.end.byte, lineStart), textEnd);
          out += `${String(line).padStart(4)}: ${utf8.decode(src.subarray(lineStart, a))}${a < b ? highlight : ""}${utf8.decode(
            src.subarray(a, b),
          )}${a < b ? reset : ""}${utf8.decode(src.subarray(b, textEnd))}\n`;
        }
        if (lineEnd >= src.length) break;
        lineStart = lineEnd + 1;
      }
      out += "\n";
    }
  }
  if (d.subject !== undefined && d.expression !== undefined && d.evalContext !== undefined) {
    // The values of what the expression refers to, for when it is evaluated in several scopes.
    const statements: string[] = [];
    const seen = new Set<string>();
    for (const t of d.expression.variables()) {
      const r = traverseAbs(t, d.evalContext);
      if (hasErrors(r.diagnostics)) continue;
      const name = traversalText(t);
      if (seen.has(name)) continue;
      const v = unmarkTop(r.value.value).value;
      if (cty.isUnknown(v)) continue;
      statements.push(isNullValue(v) ? `${name} set to null` : `${name} as ${valueText(r.value)}`);
      seen.add(name);
    }
    statements.sort();
    statements.forEach((stmt, i) => {
      out += `${i === 0 ? "with " : "     "}${stmt}${i === statements.length - 1 ? ".\n\n" : ",\n"}`;
    });
  }
  if (d.detail !== undefined && d.detail !== "") out += `${wrap(d.detail, width)}\n\n`;
  return out;
}

function traversalText(t: Traversal): string {
  let out = "";
  for (const step of t) {
    if (step.kind === "root") out += step.name;
    else if (step.kind === "attr") out += `.${step.name}`;
    else if (step.kind === "index") {
      const primitive =
        step.keyType.kind === "string" || step.keyType.kind === "number" || step.keyType.kind === "bool";
      out += `[${primitive ? valueText({ value: step.key, type: step.keyType }) : "..."}]`;
    }
  }
  return out;
}

/** Go's %g with 10 significant digits (big.Float.Text('g', 10)). */
function numberText(n: cty.CtyValue): string {
  const x = Number(typeof n === "bigint" ? n : n instanceof cty.Decimal ? n.text : (n as number));
  if (x === 0) return "0";
  const exp = Math.floor(Math.log10(Math.abs(Number(x.toPrecision(10)))));
  if (exp < -4 || exp >= 10) {
    const [mant, e] = x.toExponential(9).split("e");
    const m = mant!.includes(".") ? mant!.replace(/0+$/, "").replace(/\.$/, "") : mant!;
    const sign = e!.startsWith("-") ? "-" : "+";
    return `${m}e${sign}${e!.replace(/^[+-]/, "").padStart(2, "0")}`;
  }
  const fixed = x.toPrecision(10);
  return fixed.includes(".") ? fixed.replace(/0+$/, "").replace(/\.$/, "") : fixed;
}

/** A short description of a value, as hcl's diagnostics text gives it. */
function valueText(tv: TypedValue): string {
  const v = unmarkTop(tv.value).value;
  const t = tv.type;
  if (v === null) return "null";
  if (cty.isUnknown(v)) return "(not yet known)";
  switch (t.kind) {
    case "bool":
      return v ? "true" : "false";
    case "number":
      return numberText(v);
    case "string":
      return goQuote(v as string);
    case "list":
    case "set":
    case "map":
    case "tuple": {
      const n = Object.keys(v as object).length;
      const name = cty.friendlyName(t);
      return n === 0 ? `empty ${name}` : n === 1 ? `${name} with 1 element` : `${name} with ${n} elements`;
    }
    case "object": {
      const names = Object.keys(t.attributes);
      if (names.length === 0) return "object with no attributes";
      return names.length === 1
        ? `object with 1 attribute ${goQuote(names[0]!)}`
        : `object with ${names.length} attributes`;
    }
    default:
      return cty.friendlyName(t);
  }
}
