// The JSON parser: tokens to a tree of JSON nodes with ranges, reporting mistakes with
// hcl's JSON diagnostics (the same summaries, details and ranges) and recovering as hcl does,
// so a broken file still yields the parts that could be read.

import { decimalFromText } from "@tsvider/cty";
import type { Diagnostic } from "../diagnostic.js";
import { nameSuggestion } from "../internal/did-you-mean.js";
import { goQuote } from "../internal/go-quote.js";
import type { Pos, Range } from "../pos.js";
import { type JsonNode, nodeStartRange, type ObjectAttr } from "./ast.js";
import { scan, type Token } from "./scanner.js";

/**
 * How deeply arrays and objects may nest. The parser recurses once per level (and so do
 * evaluation and body decoding), so a bound keeps hostile input from overflowing the stack;
 * real configuration comes nowhere near it.
 */
export const maxNestingDepth = 1000;

class Peeker {
  #pos = 0;
  constructor(readonly tokens: readonly Token[]) {}
  peek(): Token {
    return this.tokens[this.#pos]!;
  }
  read(): Token {
    const t = this.tokens[this.#pos]!;
    if (t.type !== "eof") this.#pos++;
    return t;
  }
}

const err = (summary: string, detail: string, subject: Range, context?: Range): Diagnostic =>
  context === undefined
    ? { severity: "error", summary, detail, subject }
    : { severity: "error", summary, detail, subject, context };

const valueStartDetail = "A JSON value must start with a brace, a bracket, a number, a string, or a keyword.";

/** Parses one JSON value and checks nothing follows it. */
export function parseJsonValue(
  bytes: Uint8Array,
  filename: string,
  start: Pos,
): { node: JsonNode; diagnostics: Diagnostic[] } {
  const p = new Peeker(scan(bytes, filename, start));
  const parser = new Parser(p, bytes, start.byte);
  const node = parser.value(0);
  const diagnostics = parser.diagnostics;
  if (diagnostics.length === 0 && p.peek().type !== "eof") {
    diagnostics.push(
      err("Extraneous data after value", "Extra characters appear after the JSON value.", p.peek().range),
    );
  }
  return { node, diagnostics };
}

class Parser {
  readonly diagnostics: Diagnostic[] = [];
  constructor(
    readonly p: Peeker,
    readonly bytes: Uint8Array,
    readonly base: number,
  ) {}

  value(depth: number): JsonNode {
    const tok = this.p.peek();
    let node: JsonNode | undefined;
    switch (tok.type) {
      case "{":
      case "[":
        node =
          depth >= maxNestingDepth
            ? this.tooDeep()
            : tok.type === "{"
              ? this.object(depth)
              : this.array(depth);
        break;
      case "number":
        node = this.number();
        break;
      case "string":
        node = this.string();
        break;
      case "keyword":
        node = this.keyword();
        break;
      case "}":
        this.diagnostics.push(err("Missing JSON value", valueStartDetail, tok.range));
        break;
      case "]":
        this.diagnostics.push(err("Missing array element value", valueStartDetail, tok.range));
        break;
      case "eof":
        this.diagnostics.push(err("Missing value", "The JSON data ends prematurely.", tok.range));
        break;
      default:
        this.diagnostics.push(err("Invalid start of value", valueStartDetail, tok.range));
    }
    return node ?? { kind: "invalid", range: tok.range };
  }

  /** Skips a whole nested value (iteratively) and reports it: the input nests too deeply. */
  tooDeep(): undefined {
    const open = this.p.read();
    let level = 1;
    while (level > 0) {
      const t = this.p.read();
      if (t.type === "eof") break;
      if (t.type === "{" || t.type === "[") level++;
      else if (t.type === "}" || t.type === "]") level--;
    }
    this.diagnostics.push(
      err(
        "Too deeply nested",
        `JSON arrays and objects may nest at most ${maxNestingDepth} levels deep; flatten this value.`,
        open.range,
      ),
    );
    return undefined;
  }

  object(depth: number): JsonNode | undefined {
    const p = this.p;
    const open = p.read();
    const attrs: ObjectAttr[] = [];
    // Skips ahead to what looks like the end of this object, so parsing can go on after an
    // error. (The count starts at one for this object, as hcl's does.)
    const recover = (first: Token) => {
      let level = 1;
      for (let tok = first; ; tok = p.read()) {
        if (tok.type === "{") level++;
        else if (tok.type === "}") {
          level--;
          if (level <= 1) return;
        } else if (tok.type === "eof") return;
      }
    };
    for (;;) {
      if (p.peek().type === "}") break;
      const key = this.value(depth + 1);
      if (key.kind !== "string") {
        this.diagnostics.push(
          err(
            "Invalid object property name",
            "A JSON object property name must be a string",
            nodeStartRange(key),
          ),
        );
        return undefined;
      }
      const colon = p.read();
      if (colon.type !== ":") {
        recover(colon);
        if (colon.type === "}" || colon.type === ",") {
          this.diagnostics.push(
            err(
              "Missing object value",
              "A JSON object attribute must have a value, introduced by a colon.",
              colon.range,
            ),
          );
        } else if (colon.type === "=") {
          this.diagnostics.push(
            err(
              "Missing property value colon",
              "JSON uses a colon as its name/value delimiter, not an equals sign.",
              colon.range,
            ),
          );
        } else {
          this.diagnostics.push(
            err(
              "Missing property value colon",
              "A colon must appear between an object property's name and its value.",
              colon.range,
            ),
          );
        }
        return undefined;
      }
      const value = this.value(depth + 1);
      attrs.push({ name: key.value, value, nameRange: key.range });
      const next = p.peek();
      if (next.type === ",") {
        const comma = p.read();
        if (p.peek().type === "}") {
          this.diagnostics.push(
            err(
              "Trailing comma in object",
              "JSON does not permit a trailing comma after the final property in an object.",
              comma.range,
            ),
          );
          return undefined;
        }
        continue;
      }
      if (next.type === "eof") {
        this.diagnostics.push(
          err("Unclosed object", "No closing brace was found for this JSON object.", open.range),
        );
        return undefined;
      }
      if (next.type === "]") {
        p.read();
        this.diagnostics.push(
          err(
            "Mismatched braces",
            "A JSON object must be closed with a brace, not a bracket.",
            p.peek().range,
          ),
        );
        return undefined;
      }
      if (next.type === "}") break;
      recover(p.read());
      this.diagnostics.push(
        err(
          "Missing attribute seperator comma",
          "A comma must appear between each property definition in an object.",
          p.peek().range,
        ),
      );
      return undefined;
    }
    const close = p.read();
    return {
      kind: "object",
      attrs,
      range: { filename: open.range.filename, start: open.range.start, end: close.range.end },
      openRange: open.range,
      closeRange: close.range,
    };
  }

  array(depth: number): JsonNode | undefined {
    const p = this.p;
    const open = p.read();
    const values: JsonNode[] = [];
    const recover = (first: Token) => {
      let level = 1;
      for (let tok = first; ; tok = p.read()) {
        if (tok.type === "[") level++;
        else if (tok.type === "]") {
          level--;
          if (level <= 1) return;
        } else if (tok.type === "eof") return;
      }
    };
    for (;;) {
      if (p.peek().type === "]") break;
      values.push(this.value(depth + 1));
      const next = p.peek();
      if (next.type === ",") {
        const comma = p.read();
        if (p.peek().type === "]") {
          this.diagnostics.push(
            err(
              "Trailing comma in array",
              "JSON does not permit a trailing comma after the final value in an array.",
              comma.range,
            ),
          );
          return undefined;
        }
        continue;
      }
      if (next.type === ":") {
        recover(p.read());
        this.diagnostics.push(
          err(
            "Invalid array value",
            "A colon is not used to introduce values in a JSON array.",
            p.peek().range,
          ),
        );
        return undefined;
      }
      if (next.type === "eof") {
        recover(p.read());
        // hcl calls an unclosed array an "object" in this summary.
        this.diagnostics.push(
          err("Unclosed object", "No closing bracket was found for this JSON array.", open.range),
        );
        return undefined;
      }
      if (next.type === "}") {
        recover(p.read());
        this.diagnostics.push(
          err(
            "Mismatched brackets",
            "A JSON array must be closed with a bracket, not a brace.",
            p.peek().range,
          ),
        );
        return undefined;
      }
      if (next.type === "]") break;
      recover(p.read());
      this.diagnostics.push(
        err(
          "Missing attribute seperator comma",
          "A comma must appear between each value in an array.",
          p.peek().range,
        ),
      );
      return undefined;
    }
    const close = p.read();
    return {
      kind: "array",
      values,
      range: { filename: open.range.filename, start: open.range.start, end: close.range.end },
      openRange: open.range,
    };
  }

  number(): JsonNode | undefined {
    const tok = this.p.read();
    const text = this.text(tok);
    // hcl reads a JSON number as go-cty's cty.ParseNumberVal does, at 512 bits, so the
    // number is a Decimal even where a double would hold it (11 % 5.1 must work at 512 bits).
    if (/^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/.test(text)) {
      try {
        return { kind: "number", value: decimalFromText(text), range: tok.range };
      } catch {
        // cty refuses numbers past the exponent range of go-cty's big floats (about 10^±600000000).
        this.diagnostics.push(
          err("Invalid JSON number", "This number is too large (or too small) to represent.", tok.range),
        );
        return undefined;
      }
    }
    this.diagnostics.push(
      err("Invalid JSON number", "There is a syntax error in the given JSON number.", tok.range),
    );
    return undefined;
  }

  string(): JsonNode | undefined {
    const tok = this.p.read();
    const decoded = decodeString(this.bytes, tok.start, tok.end);
    if (typeof decoded === "number") {
      // Point one byte (and, as hcl does, one column per byte) past the start, at the offset
      // where a JSON reader notices the problem.
      const { start } = tok.range;
      const errStart: Pos = { line: start.line, column: start.column + decoded, byte: start.byte + decoded };
      const errRange: Range = {
        filename: tok.range.filename,
        start: errStart,
        end: { line: errStart.line, column: errStart.column + 1, byte: errStart.byte + 1 },
      };
      this.diagnostics.push(
        err("Invalid JSON string", "There is a syntax error in the given JSON string.", errRange, tok.range),
      );
      return undefined;
    }
    if (decoded.badUtf8 !== undefined) {
      // JSON text must be UTF-8; hcl's reader would quietly substitute U+FFFD.
      const at = decoded.badUtf8;
      const startPos = tok.range.start;
      const offset = at - tok.start;
      const subjectStart: Pos = {
        line: startPos.line,
        column: startPos.column + offset,
        byte: startPos.byte + offset,
      };
      this.diagnostics.push(
        err(
          "Invalid character encoding",
          "All input files must be UTF-8 encoded. Ensure that UTF-8 encoding is selected in your editor.",
          {
            filename: tok.range.filename,
            start: subjectStart,
            end: { line: subjectStart.line, column: subjectStart.column + 1, byte: subjectStart.byte + 1 },
          },
          tok.range,
        ),
      );
    }
    return { kind: "string", value: decoded.value, range: tok.range };
  }

  keyword(): JsonNode | undefined {
    const tok = this.p.read();
    const s = this.text(tok);
    if (s === "true" || s === "false") return { kind: "bool", value: s === "true", range: tok.range };
    if (s === "null") return { kind: "null", range: tok.range };
    if (s === "undefined" || s === "NaN" || s === "Infinity") {
      this.diagnostics.push(
        err(
          "Invalid JSON keyword",
          `The JavaScript identifier ${goQuote(s)} cannot be used in JSON.`,
          tok.range,
        ),
      );
      return undefined;
    }
    const suggestion = nameSuggestion(s, ["false", "true", "null"]);
    const dym = suggestion === undefined ? "" : ` Did you mean ${goQuote(suggestion)}?`;
    this.diagnostics.push(
      err("Invalid JSON keyword", `${goQuote(s)} is not a valid JSON keyword.${dym}`, tok.range),
    );
    return undefined;
  }

  text(tok: Token): string {
    return latin1(this.bytes, tok.start, tok.end);
  }
}

/** Bytes known to be ASCII (or a token's bytes, read one character per byte) as a string. */
function latin1(bytes: Uint8Array, start: number, end: number): string {
  if (end - start > 32) return laxUtf8.decode(bytes.subarray(start, end));
  let s = "";
  for (let i = start; i < end; i++) s += String.fromCharCode(bytes[i]!);
  return s;
}

function isAscii(bytes: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (bytes[i]! >= 0x80) return false;
  return true;
}

const hexValue = (b: number): number =>
  b >= 0x30 && b <= 0x39
    ? b - 0x30
    : b >= 0x61 && b <= 0x66
      ? b - 0x57
      : b >= 0x41 && b <= 0x46
        ? b - 0x37
        : -1;

const simpleEscapes: Record<number, string> = {
  34: '"',
  92: "\\",
  47: "/",
  98: "\b",
  102: "\f",
  110: "\n",
  114: "\r",
  116: "\t",
};

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });
const laxUtf8 = new TextDecoder("utf-8");

/**
 * A string token's value, as a JSON reader decodes it: escapes resolved, a lone UTF-16
 * surrogate escape as U+FFFD. On a syntax error, the offset (from the opening quote) where a
 * JSON reader reports it: just past the offending byte, or the token's length when it ends
 * too early. `badUtf8` is the byte offset of the first invalid UTF-8, if any.
 */
function decodeString(
  bytes: Uint8Array,
  start: number,
  end: number,
): number | { value: string; badUtf8?: number } {
  let out = "";
  let runStart = start + 1;
  let badUtf8: number | undefined;
  const flushRun = (runEnd: number) => {
    if (runEnd > runStart) {
      if (isAscii(bytes, runStart, runEnd)) {
        out += latin1(bytes, runStart, runEnd);
        return;
      }
      const run = bytes.subarray(runStart, runEnd);
      try {
        out += strictUtf8.decode(run);
      } catch {
        badUtf8 ??= runStart + firstInvalidUtf8(run);
        out += laxUtf8.decode(run);
      }
    }
  };
  const getU4 = (at: number): number => {
    if (at + 6 > end || bytes[at] !== 0x5c || bytes[at + 1] !== 0x75) return -1;
    let v = 0;
    for (let k = at + 2; k < at + 6; k++) {
      const h = hexValue(bytes[k]!);
      if (h < 0) return -1;
      v = v * 16 + h;
    }
    return v;
  };
  let i = start + 1;
  for (;;) {
    if (i >= end) return end - start; // no closing quote
    const c = bytes[i]!;
    if (c === 0x22) {
      if (i !== end - 1) return i - start + 1;
      flushRun(i);
      break;
    }
    if (c < 0x20) return i - start + 1;
    if (c !== 0x5c) {
      i++;
      continue;
    }
    flushRun(i);
    if (i + 1 >= end) return end - start;
    const e = bytes[i + 1]!;
    const simple = simpleEscapes[e];
    if (simple !== undefined) {
      out += simple;
      i += 2;
    } else if (e === 0x75) {
      for (let k = i + 2; k < i + 6; k++) {
        if (k >= end) return end - start;
        if (hexValue(bytes[k]!) < 0) return k - start + 1;
      }
      let rune = getU4(i);
      i += 6;
      if (rune >= 0xd800 && rune < 0xe000) {
        const low = getU4(i);
        if (rune < 0xdc00 && low >= 0xdc00 && low < 0xe000) {
          rune = 0x10000 + ((rune - 0xd800) << 10) + (low - 0xdc00);
          i += 6;
        } else {
          rune = 0xfffd;
        }
      }
      out += String.fromCodePoint(rune);
    } else {
      return i + 1 - start + 1;
    }
    runStart = i;
  }
  const value = out;
  return badUtf8 === undefined ? { value } : { value, badUtf8 };
}

function firstInvalidUtf8(run: Uint8Array): number {
  for (let i = 0; i < run.length; ) {
    const b = run[i]!;
    const need =
      b < 0x80
        ? 0
        : b >= 0xc2 && b <= 0xdf
          ? 1
          : b >= 0xe0 && b <= 0xef
            ? 2
            : b >= 0xf0 && b <= 0xf4
              ? 3
              : -1;
    if (need < 0) return i;
    try {
      strictUtf8.decode(run.subarray(i, i + need + 1));
    } catch {
      return i;
    }
    i += need + 1;
  }
  return 0;
}
