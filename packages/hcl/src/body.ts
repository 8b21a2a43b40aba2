/**
 * The body interface that native and JSON syntax both implement: a body's attributes and blocks,
 * read through a schema.
 *
 * @packageDocumentation
 */
// The syntax-neutral body interface (hcl.Body): a body's content is read against a schema,
// so the same decoding works for native and JSON syntax.

import type { Diagnostic } from "./diagnostic.js";
import type { Expression } from "./expression.js";
import type { Range } from "./pos.js";

/** An attribute a body schema asks for, by name, and whether the body must set it. */
export interface AttributeSchema {
  readonly name: string;
  readonly required?: boolean;
}

/**
 * A block type a body schema asks for, with the names of its labels (how many labels each block
 * of the type must have).
 */
export interface BlockHeaderSchema {
  readonly type: string;
  readonly labelNames?: readonly string[];
}

/** What `Body.content` and `Body.partialContent` look for in a body: attributes and block types. */
export interface BodySchema {
  readonly attributes?: readonly AttributeSchema[];
  readonly blocks?: readonly BlockHeaderSchema[];
}

/**
 * An attribute set in a body (`name = expression`), with the source ranges of the whole and of its
 * name.
 */
export interface Attribute {
  readonly name: string;
  readonly expr: Expression;
  readonly range: Range;
  readonly nameRange: Range;
}

/** A block in a body (`type "label" { ... }`): its type, labels, body and their source ranges. */
export interface Block {
  readonly type: string;
  readonly labels: readonly string[];
  readonly body: Body;
  /** The header: from the type to the opening brace. */
  readonly defRange: Range;
  readonly typeRange: Range;
  readonly labelRanges: readonly Range[];
}

/** The attributes and blocks of a body that a schema asked for, as `Body.content` returns them. */
export interface BodyContent {
  readonly attributes: Readonly<Record<string, Attribute>>;
  readonly blocks: readonly Block[];
  readonly missingItemRange: Range;
}

/** A body of attributes and blocks, native or JSON syntax, read through a schema (hcl.Body). */
export interface Body {
  /** Everything in the body must be in the schema; anything else is an error. */
  content(schema: BodySchema): { content: BodyContent; diagnostics: Diagnostic[] };
  /** What the schema names, and a body holding the rest. */
  partialContent(schema: BodySchema): { content: BodyContent; remain: Body; diagnostics: Diagnostic[] };
  /** The body as attributes only (blocks are errors), for maps of arbitrary names. */
  justAttributes(): { attributes: Record<string, Attribute>; diagnostics: Diagnostic[] };
  /** Where to point when something required is missing. */
  missingItemRange(): Range;
}

/** A parsed configuration file: its root body and the bytes it was parsed from. */
export interface File {
  readonly body: Body;
  readonly bytes: Uint8Array;
}
