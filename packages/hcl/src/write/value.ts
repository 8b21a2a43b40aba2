// valueToHcl: a known cty value as HCL expression text, as hclwrite.TokensForValue writes it:
// strings quoted with hcl's escapes, numbers in full decimal, collections as tuple and object
// constructors (an object or map over lines, its `=` aligned), keys sorted as cty iterates them.

import {
  type CtyType,
  type CtyValue,
  canonicalSet,
  compareBytewise,
  Dynamic,
  Marked,
  numberText,
  RefinedUnknown,
  Unknown,
} from "@tsvider/cty";
import { isPrint } from "@tsvider/cty/unicode";
import { identEnd } from "../native/scanner.js";
import type { TokenType } from "../native/token.js";
import { type LayoutToken, layOut, writeTokens } from "./layout.js";

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });

/**
 * HCL text for a known value of `type` (marks are looked through). Throws a TypeError for an
 * unknown value anywhere in it, which HCL text cannot express (hclwrite panics there), and for
 * capsule values.
 */
export function valueToHcl(value: CtyValue, type: CtyType): string {
  const tokens = valueTokens(value, type);
  layOut(tokens);
  return decoder.decode(writeTokens(tokens));
}

/** The tokens of valueToHcl, not yet laid out (hclwrite.TokensForValue). */
export function valueTokens(value: CtyValue, type: CtyType): LayoutToken[] {
  const tokens: LayoutToken[] = [];
  appendValue(value, type, tokens);
  return tokens;
}

const token = (type: TokenType, text: string): LayoutToken => ({
  type,
  bytes: encoder.encode(text),
  spacesBefore: 0,
});

// An explicit stack, so that deeply nested values cannot overflow the call stack: each entry
// is a value to write, or tokens to emit once the values before it are written.
type Work = { readonly value: CtyValue; readonly type: CtyType } | { readonly emit: readonly LayoutToken[] };

function appendValue(root: CtyValue, rootType: CtyType, out: LayoutToken[]): void {
  const stack: Work[] = [{ value: root, type: rootType }];
  for (let work = stack.pop(); work !== undefined; work = stack.pop()) {
    if ("emit" in work) {
      out.push(...work.emit);
      continue;
    }
    let { value, type } = work;
    while (value instanceof Marked) value = value.value;
    if (value instanceof Dynamic) {
      type = value.type;
      value = value.value;
      while (value instanceof Marked) value = value.value;
    }
    if (value === Unknown || value instanceof RefinedUnknown) {
      throw new TypeError("an unknown value cannot be written as HCL; write only wholly known values");
    }
    if (value === null) {
      out.push(token("Ident", "null"));
      continue;
    }
    // Work is pushed in reverse: the stack pops the last pushed first.
    const later: Work[] = [];
    switch (type.kind) {
      case "bool":
        out.push(token("Ident", value ? "true" : "false"));
        break;
      case "number":
        out.push(token("NumberLit", numberLiteral(value)));
        break;
      case "string":
        out.push(...quotedStringTokens(value as string));
        break;
      case "list":
      case "set":
      case "tuple": {
        const elements =
          type.kind === "set"
            ? canonicalSet(value as readonly CtyValue[], type.element)
            : (value as readonly CtyValue[]);
        out.push(token("OBrack", "["));
        elements.forEach((e, i) => {
          if (i > 0) later.push({ emit: [token("Comma", ",")] });
          later.push({ value: e, type: type.kind === "tuple" ? type.elements[i]! : type.element });
        });
        later.push({ emit: [token("CBrack", "]")] });
        break;
      }
      case "map":
      case "object": {
        const record = value as Readonly<Record<string, CtyValue>>;
        const keys = type.kind === "object" ? type.attributeNames : Object.keys(record).sort(compareBytewise);
        out.push(token("OBrace", "{"));
        if (keys.length > 0) out.push(token("Newline", "\n"));
        for (const key of keys) {
          later.push({ emit: [...keyTokens(key), token("Equal", "=")] });
          later.push({
            value: record[key]!,
            type: type.kind === "object" ? type.attributes[key]! : type.element,
          });
          later.push({ emit: [token("Newline", "\n")] });
        }
        later.push({ emit: [token("CBrace", "}")] });
        break;
      }
      default:
        throw new TypeError(`a ${type.kind} value cannot be written as HCL`);
    }
    for (let i = later.length - 1; i >= 0; i--) stack.push(later[i]!);
  }
}

/** A key as a bare name where it is a valid identifier, else as a quoted string. */
function keyTokens(key: string): LayoutToken[] {
  const bytes = encoder.encode(key);
  if (bytes.length > 0 && identEnd(bytes, 0) === bytes.length)
    return [{ type: "Ident", bytes, spacesBefore: 0 }];
  return quotedStringTokens(key);
}

/** A string as hclwrite writes a cty string value: a quoted literal with hcl's escapes. */
export function quotedStringTokens(s: string): LayoutToken[] {
  return s === ""
    ? [token("OQuote", '"'), token("CQuote", '"')]
    : [token("OQuote", '"'), token("QuotedLit", escapeQuoted(s)), token("CQuote", '"')];
}

/** A number in full decimal (go's big.Float Text('f', -1)); infinities as Go writes them. */
function numberLiteral(n: CtyValue): string {
  if (n === Number.POSITIVE_INFINITY) return "+Inf";
  if (n === Number.NEGATIVE_INFINITY) return "-Inf";
  return numberText(n as Parameters<typeof numberText>[0]);
}

/** The text of a quoted string literal: hcl's escapes, and `${`/`%{` doubled so they stay text. */
function escapeQuoted(s: string): string {
  let out = "";
  for (let i = 0; i < s.length; ) {
    const cp = s.codePointAt(i)!;
    const ch = String.fromCodePoint(cp);
    i += ch.length;
    switch (ch) {
      case "\n":
        out += "\\n";
        break;
      case "\r":
        out += "\\r";
        break;
      case "\t":
        out += "\\t";
        break;
      case '"':
        out += '\\"';
        break;
      case "\\":
        out += "\\\\";
        break;
      case "$":
      case "%":
        out += s[i] === "{" ? ch + ch : ch;
        break;
      default:
        if (isPrint(cp)) out += ch;
        else if (cp < 0x10000) out += `\\u${cp.toString(16).padStart(4, "0")}`;
        else out += `\\U${cp.toString(16).padStart(8, "0")}`;
    }
  }
  return out;
}
