// formatTerraform: what `terraform fmt` and `tofu fmt` write for a file. Both refuse a file
// with syntax errors; otherwise they read it into hclwrite's tree and rewrite three things
// before laying the tokens out as hclwrite.Format does:
// - every attribute whose value is a quoted template holding one interpolation and nothing
//   else ("${x}") gets the bare expression instead (in parentheses when it spans lines);
// - the `type` of a top-level `variable` block: a bare `list`, `map` or `set` gets `(any)`,
//   and the quoted types of Terraform 0.11 ("string", "list", "map") become type expressions;
// - every block's labels are written again as quoted strings, which drops comments before and
//   between them. A label quoted in several tokens (one holding `$` or `%` on its own, like
//   "a$b") is not read back by hclwrite's label reader, so the command drops that label.
// And reading the file into that tree loses the key of a variable's index step that is
// neither a string nor a number: `a[true]` and `a[null]` come out as `a[]`.
// Everything is decided on tokens, as Terraform does it, so the result is Terraform's byte for
// byte, oddities included; the two losses come with a warning each, naming what is lost where.

import type { Diagnostic } from "../diagnostic.js";
import { parseConfig } from "../native/index.js";
import type { NativeExpression } from "../native/node.js";
import { scanTokens } from "../native/scanner.js";
import type { NativeBody } from "../native/structure.js";
import type { Token } from "../native/token.js";
import { initialPos, type Range } from "../pos.js";
import { type LayoutToken, layOut, layoutTokens, writeTokens } from "./layout.js";
import { quotedStringTokens } from "./value.js";

const encoder = new TextEncoder();
// ignoreBOM: a U+FEFF that formatting leaves at the start is text, not a mark to drop.
const decoder = new TextDecoder("utf-8", { fatal: false, ignoreBOM: true });

/** The formatted text, or (`text` absent) the syntax errors that make the command refuse it. */
export interface TerraformFormatResult {
  readonly text?: string;
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * The text `terraform fmt` (or `tofu fmt`, which agrees) writes for a native-syntax file
 * (`.tf`, `.tfvars`, `.tftest.hcl`). A file with syntax errors is refused as the command
 * refuses it: no text, and the parse's diagnostics (file:line ranges) say what is wrong.
 */
export function formatTerraform(src: string, filename = "main.tf"): TerraformFormatResult {
  const { bytes, diagnostics } = formatTerraformBytes(encoder.encode(src), filename);
  return bytes === undefined ? { diagnostics } : { text: decoder.decode(bytes), diagnostics };
}

/** formatTerraform on bytes, which need not all be UTF-8 (the command works on bytes too). */
export function formatTerraformBytes(
  src: Uint8Array,
  filename = "main.tf",
): { readonly bytes?: Uint8Array; readonly diagnostics: readonly Diagnostic[] } {
  const { file, diagnostics } = parseConfig(src, filename);
  if (diagnostics.some((d) => d.severity === "error")) return { diagnostics };

  const scanned = scanTokens(src, filename, initialPos, "normal");
  const tokens = layoutTokens(src, scanned);
  const replacements: Replacement[] = [];
  const losses: Diagnostic[] = [];
  collect(file.body, [], new Spans(scanned), tokens, replacements, losses);
  replacements.sort((a, b) => a.from - b.from);

  const out: LayoutToken[] = [];
  let at = 0;
  for (const r of replacements) {
    for (; at < r.from; at++) out.push(tokens[at]!);
    out.push(...r.tokens);
    at = r.to;
  }
  for (; at < tokens.length; at++) out.push(tokens[at]!);
  layOut(out);
  return { bytes: writeTokens(out), diagnostics: [...diagnostics, ...losses] };
}

/** Tokens [from, to) of the file replaced by `tokens`. */
interface Replacement {
  readonly from: number;
  readonly to: number;
  readonly tokens: readonly LayoutToken[];
}

/** Token indices for source ranges, as hclwrite partitions its token list by AST ranges. */
class Spans {
  private readonly starts: number[];
  constructor(tokens: readonly Token[]) {
    this.starts = tokens.map((t) => t.range.start.byte);
  }
  /** The first token starting at or after `byte`. */
  private firstFrom(byte: number): number {
    let lo = 0;
    let hi = this.starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.starts[mid]! < byte) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
  /** The tokens within a range: those starting inside it. */
  of(range: Range): [number, number] {
    const from = this.firstFrom(range.start.byte);
    return [from, Math.max(from, this.firstFrom(range.end.byte))];
  }
}

function collect(
  body: NativeBody,
  inBlocks: readonly string[],
  spans: Spans,
  tokens: readonly LayoutToken[],
  out: Replacement[],
  losses: Diagnostic[],
): void {
  const variableType = inBlocks.length === 1 && inBlocks[0] === "variable";
  for (const [name, attr] of body.attributes) {
    const [from, to] = spans.of(attr.expr.range);
    const dropped = droppedKeys(attr.expr, spans, tokens, losses);
    const expr = tokens.slice(from, to).filter((_, i) => !dropped.has(from + i));
    const rewritten = (variableType && name === "type" ? typeExpr(expr) : valueExpr(expr)) ?? expr;
    if (rewritten !== expr || dropped.size > 0) out.push({ from, to, tokens: rewritten });
  }
  for (const block of body.blocks) {
    if (block.labelRanges.length > 0) {
      const [typeAt] = spans.of(block.typeRange);
      const labels: LayoutToken[] = [];
      block.labelRanges.forEach((range, i) => {
        const [s, e] = spans.of(range);
        if (readableLabel(tokens.slice(s, e))) labels.push(...quotedStringTokens(block.labels[i]!));
        else {
          losses.push({
            severity: "warning",
            summary: "Label dropped by terraform fmt",
            detail: `terraform fmt and tofu fmt write this block without its label ${JSON.stringify(block.labels[i]!)}: they cannot read back a label quoted in several pieces (a "$" or "%" on its own). Leave "$" and "%" out of the label, or keep this file away from fmt.`,
            subject: range,
          });
        }
      });
      const [, lastEnd] = spans.of(block.labelRanges[block.labelRanges.length - 1]!);
      out.push({ from: typeAt + 1, to: lastEnd, tokens: labels });
    }
    collect(block.body, [...inBlocks, block.type], spans, tokens, out, losses);
  }
}

/**
 * The tokens hclwrite loses when it reads the expression: in a variable's traversal, the key
 * of an index step that is neither a string nor a number (`a[true]`, `a[null]`), between the
 * brackets. Its reader keeps only those two kinds of key, so the command writes `a[]`.
 */
function droppedKeys(
  expr: NativeExpression,
  spans: Spans,
  tokens: readonly LayoutToken[],
  losses: Diagnostic[],
): Set<number> {
  const dropped = new Set<number>();
  for (const traversal of expr.variables()) {
    for (const step of traversal) {
      if (step.kind !== "index" || step.keyType.kind === "string" || step.keyType.kind === "number") continue;
      losses.push({
        severity: "warning",
        summary: "Index key dropped by terraform fmt",
        detail:
          "terraform fmt and tofu fmt write this index step as [] (it keeps only string and number keys in a reference), which no longer parses. Write the key as a string or a number.",
        subject: step.range,
      });
      const [s, e] = spans.of(step.range);
      let open = s;
      while (open < e && tokens[open]!.type !== "OBrack") open++;
      for (let k = open + 1; k < e && tokens[k]!.type !== "CBrack"; k++) dropped.add(k);
    }
  }
  return dropped;
}

/** Whether hclwrite reads the label back: a bare name, or a quoted string in one piece (or empty). */
function readableLabel(t: readonly LayoutToken[]): boolean {
  if (t.length === 1) return t[0]!.type === "Ident";
  if (t.length === 2) return t[0]!.type === "OQuote" && t[1]!.type === "CQuote";
  return t.length === 3 && t[0]!.type === "OQuote" && t[1]!.type === "QuotedLit" && t[2]!.type === "CQuote";
}

const newToken = (type: LayoutToken["type"], text: string): LayoutToken => ({
  type,
  bytes: encoder.encode(text),
  spacesBefore: 0,
});

const textOf = (t: LayoutToken): string => decoder.decode(t.bytes);

/** "${expr}" as `expr`, or undefined to leave the value as it is. */
function valueExpr(tokens: readonly LayoutToken[]): LayoutToken[] | undefined {
  if (tokens.length < 5) return undefined;
  if (
    tokens[0]!.type !== "OQuote" ||
    tokens[1]!.type !== "TemplateInterp" ||
    tokens[tokens.length - 2]!.type !== "TemplateSeqEnd" ||
    tokens[tokens.length - 1]!.type !== "CQuote"
  ) {
    return undefined;
  }
  const inside = tokens.slice(2, -2);
  // Only one interpolation and no literal text at the outer level; sequences inside nested
  // quoted strings belong to the expression.
  let quotes = 0;
  for (const t of inside) {
    if (t.type === "OQuote") quotes++;
    else if (t.type === "CQuote") quotes--;
    else if (quotes > 0) continue;
    else if (t.type === "TemplateInterp" || t.type === "TemplateSeqEnd" || t.type === "QuotedLit")
      return undefined;
  }
  let start = 0;
  let end = inside.length;
  while (start < end && inside[start]!.type === "Newline") start++;
  while (end > start && inside[end - 1]!.type === "Newline") end--;
  const trimmed = inside.slice(start, end);
  // An expression over several lines goes in parentheses so that it still parses unwrapped.
  let multiLine = false;
  let leadingParen = false;
  let trailingParen = false;
  trimmed.forEach((t, i) => {
    if (i === 0 && t.type === "OParen") leadingParen = true;
    else if (t.type === "Newline") multiLine = true;
    else if (i === trimmed.length - 1 && t.type === "CParen") trailingParen = true;
  });
  if (multiLine && !(leadingParen && trailingParen)) {
    return [newToken("OParen", "("), ...trimmed, newToken("CParen", ")")];
  }
  return trimmed;
}

/** A variable's type as Terraform normalizes it, or undefined to leave it as it is. */
function typeExpr(tokens: readonly LayoutToken[]): LayoutToken[] | undefined {
  if (tokens.length === 1) {
    const keyword = tokens[0]!;
    if (keyword.type !== "Ident") return undefined;
    const name = textOf(keyword);
    // A collection without an element type means one of any type.
    if (name !== "list" && name !== "map" && name !== "set") return undefined;
    return [keyword, newToken("OParen", "("), newToken("Ident", "any"), newToken("CParen", ")")];
  }
  if (tokens.length === 3) {
    const [open, lit, close] = tokens as [LayoutToken, LayoutToken, LayoutToken];
    if (open.type !== "OQuote" || lit.type !== "QuotedLit" || close.type !== "CQuote") return undefined;
    // Terraform 0.11's quoted types; their collections held strings.
    switch (textOf(lit)) {
      case "string":
        return [newToken("Ident", "string")];
      case "list":
      case "map":
        return [
          newToken("Ident", textOf(lit)),
          newToken("OParen", "("),
          newToken("Ident", "string"),
          newToken("CParen", ")"),
        ];
      default:
        return undefined;
    }
  }
  return undefined;
}
