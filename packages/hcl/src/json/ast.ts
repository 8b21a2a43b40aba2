// The JSON syntax tree: plain JSON values with the source range of each, and object
// properties kept in order with duplicates, as HCL's JSON syntax needs them (json/spec.md).

import type { CtyNumber } from "@tsvider/cty";
import type { Range } from "../pos.js";

export interface ObjectNode {
  readonly kind: "object";
  readonly attrs: readonly ObjectAttr[];
  /** Brace to brace. */
  readonly range: Range;
  readonly openRange: Range;
  readonly closeRange: Range;
}

/** One property of an object, in source order; a name may appear more than once. */
export interface ObjectAttr {
  readonly name: string;
  readonly value: JsonNode;
  readonly nameRange: Range;
}

export interface ArrayNode {
  readonly kind: "array";
  readonly values: readonly JsonNode[];
  /** Bracket to bracket. */
  readonly range: Range;
  readonly openRange: Range;
}

export interface StringNode {
  readonly kind: "string";
  readonly value: string;
  readonly range: Range;
}

export interface NumberNode {
  readonly kind: "number";
  readonly value: CtyNumber;
  readonly range: Range;
}

export interface BoolNode {
  readonly kind: "bool";
  readonly value: boolean;
  readonly range: Range;
}

export interface NullNode {
  readonly kind: "null";
  readonly range: Range;
}

/** A placeholder where the input was too broken to give a value (a diagnostic says why). */
export interface InvalidNode {
  readonly kind: "invalid";
  readonly range: Range;
}

export type JsonNode = ObjectNode | ArrayNode | StringNode | NumberNode | BoolNode | NullNode | InvalidNode;

/** Where a node starts: an object's or array's opening delimiter, else the whole value. */
export function nodeStartRange(node: JsonNode): Range {
  return node.kind === "object" || node.kind === "array" ? node.openRange : node.range;
}
