// The syntax-neutral body interface (hcl.Body): a body's content is read against a schema,
// so the same decoding works for native and JSON syntax.

import type { Diagnostic } from "./diagnostic.js";
import type { Expression } from "./expression.js";
import type { Range } from "./pos.js";

export interface AttributeSchema {
  readonly name: string;
  readonly required?: boolean;
}

export interface BlockHeaderSchema {
  readonly type: string;
  readonly labelNames?: readonly string[];
}

export interface BodySchema {
  readonly attributes?: readonly AttributeSchema[];
  readonly blocks?: readonly BlockHeaderSchema[];
}

export interface Attribute {
  readonly name: string;
  readonly expr: Expression;
  readonly range: Range;
  readonly nameRange: Range;
}

export interface Block {
  readonly type: string;
  readonly labels: readonly string[];
  readonly body: Body;
  /** The header: from the type to the opening brace. */
  readonly defRange: Range;
  readonly typeRange: Range;
  readonly labelRanges: readonly Range[];
}

export interface BodyContent {
  readonly attributes: Readonly<Record<string, Attribute>>;
  readonly blocks: readonly Block[];
  readonly missingItemRange: Range;
}

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

export interface File {
  readonly body: Body;
  readonly bytes: Uint8Array;
}
