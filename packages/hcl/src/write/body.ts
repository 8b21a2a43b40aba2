// writeBody: a whole body (attributes holding cty values, nested blocks with labels) as HCL
// text, as a Go program gets it from hclwrite by SetAttributeValue for each attribute and
// AppendNewBlock for each block, in the order given, then File.Bytes (which formats).

import type { CtyType, CtyValue } from "@tsvider/cty";
import { identEnd } from "../native/scanner.js";
import type { TokenType } from "../native/token.js";
import { type LayoutToken, layOut, writeTokens } from "./layout.js";
import { quotedStringTokens, valueTokens } from "./value.js";

/** An attribute to write: its name and a wholly known value of `type`. */
export interface AttributeToWrite {
  readonly name: string;
  readonly value: CtyValue;
  readonly type: CtyType;
}

/** A block to write: its type, its labels (written quoted) and its body. */
export interface BlockToWrite {
  readonly type: string;
  readonly labels?: readonly string[];
  readonly body?: BodyToWrite;
}

/** A body: its attributes first, then its blocks, each in the order given. */
export interface BodyToWrite {
  readonly attributes?: readonly AttributeToWrite[];
  readonly blocks?: readonly BlockToWrite[];
}

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });

/**
 * The body as formatted HCL text. Throws a TypeError for an attribute name or block type that
 * is not an identifier (hclwrite would write text that does not parse), an attribute name
 * given twice in one body, and for values valueToHcl refuses (unknowns, capsules).
 */
export function writeBody(body: BodyToWrite): string {
  const tokens: LayoutToken[] = [];
  // An explicit stack, so that deeply nested blocks cannot overflow the call stack.
  const stack: (BodyToWrite | LayoutToken[])[] = [body];
  for (let work = stack.pop(); work !== undefined; work = stack.pop()) {
    if (Array.isArray(work)) {
      tokens.push(...work);
      continue;
    }
    const seen = new Set<string>();
    for (const attr of work.attributes ?? []) {
      const where = `attribute ${JSON.stringify(attr.name)}`;
      if (seen.has(attr.name)) throw new TypeError(`${where} is given twice; give each name once per body`);
      seen.add(attr.name);
      tokens.push(nameToken(attr.name, where), token("Equal", "="));
      try {
        tokens.push(...valueTokens(attr.value, attr.type));
      } catch (e) {
        throw new TypeError(`${where}: ${(e as Error).message}`);
      }
      tokens.push(token("Newline", "\n"));
    }
    const later: (BodyToWrite | LayoutToken[])[] = [];
    for (const block of work.blocks ?? []) {
      const header = [nameToken(block.type, `block type ${JSON.stringify(block.type)}`)];
      for (const label of block.labels ?? []) header.push(...quotedStringTokens(label));
      header.push(token("OBrace", "{"), token("Newline", "\n"));
      later.push(header, block.body ?? {}, [token("CBrace", "}"), token("Newline", "\n")]);
    }
    for (let i = later.length - 1; i >= 0; i--) stack.push(later[i]!);
  }
  tokens.push(token("EOF", ""));
  layOut(tokens);
  return decoder.decode(writeTokens(tokens));
}

function token(type: TokenType, text: string): LayoutToken {
  return { type, bytes: encoder.encode(text), spacesBefore: 0 };
}

function nameToken(name: string, where: string): LayoutToken {
  const bytes = encoder.encode(name);
  if (bytes.length === 0 || identEnd(bytes, 0) !== bytes.length) {
    throw new TypeError(
      `${where} is not an HCL identifier (a letter or "_", then letters, digits, "_" or "-")`,
    );
  }
  return { type: "Ident", bytes, spacesBefore: 0 };
}
