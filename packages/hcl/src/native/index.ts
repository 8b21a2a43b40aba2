/**
 * HCL's native syntax: parse configuration files, expressions, templates and traversals.
 *
 * @packageDocumentation
 */
// The native HCL syntax: parse configuration files, expressions, templates and traversals.

import type { File } from "../body.js";
import type { Diagnostic } from "../diagnostic.js";
import type { Expression } from "../expression.js";
import { initialPos, type Pos } from "../pos.js";
import type { Traversal } from "../traversal.js";
import { Parser } from "./parser.js";
import { parseTemplate as parseTemplateTokens } from "./parser-template.js";
import { scanTokens } from "./scanner.js";
import type { NativeBody } from "./structure.js";
import { checkInvalidTokens } from "./token-check.js";

export { NativeExpression } from "./node.js";
export { maxExpressionHeight, maxNestingDepth } from "./parser.js";
export { NativeAttribute, NativeBlock, NativeBody } from "./structure.js";

const encoder = new TextEncoder();

function bytesOf(src: string | Uint8Array): Uint8Array {
  return typeof src === "string" ? encoder.encode(src) : src;
}

/** A file's body and its bytes; `body` is a NativeBody. */
export interface NativeFile extends File {
  readonly body: NativeBody;
}

/** Parses a configuration file (hclsyntax.ParseConfig). */
export function parseConfig(
  src: string | Uint8Array,
  filename: string,
  start: Pos = initialPos,
): { file: NativeFile; diagnostics: Diagnostic[] } {
  const bytes = bytesOf(src);
  const tokens = scanTokens(bytes, filename, start, "normal");
  const diagnostics = checkInvalidTokens(tokens, bytes);
  const parser = new Parser(tokens, bytes);
  const [body, parseDiags] = parser.parseBody("EOF");
  diagnostics.push(...parseDiags);
  return { file: { body, bytes }, diagnostics };
}

/** Parses one expression (hclsyntax.ParseExpression). */
export function parseExpression(
  src: string | Uint8Array,
  filename: string,
  start: Pos = initialPos,
): { expression: Expression; diagnostics: Diagnostic[] } {
  const bytes = bytesOf(src);
  const tokens = scanTokens(bytes, filename, start, "normal");
  const diagnostics = checkInvalidTokens(tokens, bytes);
  const parser = new Parser(tokens, bytes);
  parser.peeker.pushIncludeNewlines(false);
  const [expression, parseDiags] = parser.parseExpression();
  diagnostics.push(...parseDiags);
  const next = parser.peek();
  if (next.type !== "EOF" && !parser.recovery) {
    diagnostics.push({
      severity: "error",
      summary: "Extra characters after expression",
      detail: "An expression was successfully parsed, but extra characters were found after it.",
      subject: next.range,
    });
  }
  parser.peeker.popIncludeNewlines();
  return { expression, diagnostics };
}

/** Parses a bare template, where all the input is template text (hclsyntax.ParseTemplate). */
export function parseTemplate(
  src: string | Uint8Array,
  filename: string,
  start: Pos = initialPos,
): { expression: Expression; diagnostics: Diagnostic[] } {
  const bytes = bytesOf(src);
  const tokens = scanTokens(bytes, filename, start, "template");
  const diagnostics = checkInvalidTokens(tokens, bytes);
  const parser = new Parser(tokens, bytes);
  const [expression, parseDiags] = parseTemplateTokens(parser);
  diagnostics.push(...parseDiags);
  return { expression, diagnostics };
}

/** Parses a traversal such as `var.a[0]["b"]` (hclsyntax.ParseTraversalAbs). */
export function parseTraversalAbs(
  src: string | Uint8Array,
  filename: string,
  start: Pos = initialPos,
): { traversal: Traversal; diagnostics: Diagnostic[] } {
  const bytes = bytesOf(src);
  const tokens = scanTokens(bytes, filename, start, "normal");
  const diagnostics = checkInvalidTokens(tokens, bytes);
  const parser = new Parser(tokens, bytes);
  parser.peeker.pushIncludeNewlines(false);
  const [traversal, parseDiags] = parser.parseTraversal(false);
  diagnostics.push(...parseDiags);
  parser.peeker.popIncludeNewlines();
  return { traversal, diagnostics };
}
