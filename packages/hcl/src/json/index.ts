/**
 * HCL's JSON syntax: JSON files read as bodies, JSON values as expressions.
 *
 * @packageDocumentation
 */
// HCL's JSON syntax (json/spec.md): JSON files as HCL bodies, JSON values as expressions.

import type { Body, File } from "../body.js";
import type { Diagnostic } from "../diagnostic.js";
import type { Expression } from "../expression.js";
import { initialPos, type Pos } from "../pos.js";
import { nodeStartRange } from "./ast.js";
import { JsonBody } from "./body.js";
import { JsonExpression } from "./expression.js";
import { parseJsonValue } from "./parser.js";

export { JsonBody } from "./body.js";
export { JsonExpression } from "./expression.js";
export { maxNestingDepth } from "./parser.js";

const encoder = new TextEncoder();
const bytesOf = (src: string | Uint8Array): Uint8Array =>
  typeof src === "string" ? encoder.encode(src) : src;

/**
 * Parses a JSON configuration file. The root must be an object or an array of objects; with
 * errors, the file's body holds what could be read (possibly nothing).
 */
export function parseJson(
  src: string | Uint8Array,
  filename: string,
  start: Pos = initialPos,
): { file: File; diagnostics: Diagnostic[] } {
  const bytes = bytesOf(src);
  let { node, diagnostics } = parseJsonValue(bytes, filename, start);
  if (node.kind !== "object" && node.kind !== "array") {
    diagnostics.push({
      severity: "error",
      summary: "Root value must be object",
      detail:
        "The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects.",
      subject: nodeStartRange(node),
    });
    // An empty body in its place, so reading it gives no second error about the same thing.
    const fake = { filename, start: initialPos, end: initialPos };
    const zero = { line: 0, column: 0, byte: 0 };
    node = {
      kind: "object",
      attrs: [],
      range: fake,
      openRange: fake,
      closeRange: { filename: "", start: zero, end: zero },
    };
  }
  return { file: { body: new JsonBody(node) as Body, bytes }, diagnostics };
}

/** Parses one JSON value as an expression (hcl's json.ParseExpression). */
export function parseJsonExpression(
  src: string | Uint8Array,
  filename: string,
  start: Pos = initialPos,
): { expression: Expression; diagnostics: Diagnostic[] } {
  const { node, diagnostics } = parseJsonValue(bytesOf(src), filename, start);
  return { expression: new JsonExpression(node), diagnostics };
}

/** Whether an expression came from JSON (hcl's json.IsJSONExpression). */
export function isJsonExpression(e: Expression): e is JsonExpression {
  return e instanceof JsonExpression;
}

/** Whether a body came from JSON (hcl's json.IsJSONBody). */
export function isJsonBody(b: Body): b is JsonBody {
  return b instanceof JsonBody;
}
