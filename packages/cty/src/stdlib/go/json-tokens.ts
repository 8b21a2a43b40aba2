// Go standard library, package encoding/json: the Decoder's Token and More (with UseNumber)
// and the scanner's errors, reimplemented for go-cty's jsondecode.
//
// JSON read token by token as Go's encoding/json Decoder reads it (Token and More, with
// UseNumber), which is how go-cty's json.ImpliedType and json.Unmarshal read a document. Its
// errors are Go's, word for word: the scanner's "invalid character 'x' …", the decoder's own
// "invalid character ',' after array element" (said by Token, which checks the punctuation
// between values itself), "EOF" where the input ends before a token, "unexpected EOF" where it
// ends inside one. Only scalars go through the scanner; Token handles brackets and punctuation.
import { goQuoteRune } from "../../internal/text/go-quote.js";
import { decodeRune, utf8Text } from "../../internal/text/go-utf8.js";

/** A syntax error with encoding/json's message. */
export class GoJsonSyntaxError extends Error {
  override readonly name = "GoJsonSyntaxError";
}

export type GoJsonToken =
  | { readonly kind: "delim"; readonly char: "[" | "]" | "{" | "}"; readonly offset: number }
  | { readonly kind: "string"; readonly value: string; readonly offset: number }
  | { readonly kind: "number"; readonly text: string; readonly offset: number }
  | { readonly kind: "bool"; readonly value: boolean; readonly offset: number }
  | { readonly kind: "null"; readonly offset: number };

// The Decoder's token states: where it is in the document's punctuation.
enum TokenState {
  TopValue,
  ArrayStart,
  ArrayValue,
  ArrayComma,
  ObjectStart,
  ObjectKey,
  ObjectColon,
  ObjectValue,
  ObjectComma,
}

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0d || c === 0x0a;
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isHex = (c: number) => isDigit(c) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46);

/**
 * encoding/json's quoteChar: a byte for an error message. A byte is taken as the code point
 * of the same number (so the first byte of "é" shows as 'Ã'), then quoted as a rune.
 */
export function quoteJsonByte(c: number): string {
  if (c === 0x27) return "'\\''";
  if (c === 0x22) return "'\"'";
  return goQuoteRune(c);
}

const invalidCharacter = (c: number, context: string) =>
  new GoJsonSyntaxError(`invalid character ${quoteJsonByte(c)} ${context}`);

/** A Decoder over the whole input: Token() and More() as Go's. */
export class GoJsonTokenizer {
  private pos = 0;
  private state = TokenState.TopValue;
  private readonly stack: TokenState[] = [];

  constructor(private readonly bytes: Uint8Array) {}

  /** Where the next token would start (after any spaces Token or More skipped). */
  get offset(): number {
    return this.pos;
  }

  /** Decoder.More: whether another element follows (false at a closing bracket or the end). */
  more(): boolean {
    const c = this.peekOrEnd();
    return c !== undefined && c !== 0x5d && c !== 0x7d;
  }

  /** Decoder.Token. */
  token(): GoJsonToken {
    for (;;) {
      const c = this.peek();
      const offset = this.pos;
      switch (c) {
        case 0x5b: // [
        case 0x7b: // {
          if (!this.valueAllowed()) throw this.tokenError(c);
          this.pos++;
          this.stack.push(this.state);
          this.state = c === 0x5b ? TokenState.ArrayStart : TokenState.ObjectStart;
          return { kind: "delim", char: c === 0x5b ? "[" : "{", offset };
        case 0x5d: // ]
        case 0x7d: {
          // }
          const [start, comma] =
            c === 0x5d
              ? [TokenState.ArrayStart, TokenState.ArrayComma]
              : [TokenState.ObjectStart, TokenState.ObjectComma];
          if (this.state !== start && this.state !== comma) throw this.tokenError(c);
          this.pos++;
          this.state = this.stack.pop()!;
          this.valueEnd();
          return { kind: "delim", char: c === 0x5d ? "]" : "}", offset };
        }
        case 0x3a: // :
          if (this.state !== TokenState.ObjectColon) throw this.tokenError(c);
          this.pos++;
          this.state = TokenState.ObjectValue;
          continue;
        case 0x2c: // ,
          if (this.state === TokenState.ArrayComma) {
            this.pos++;
            this.state = TokenState.ArrayValue;
            continue;
          }
          if (this.state === TokenState.ObjectComma) {
            this.pos++;
            this.state = TokenState.ObjectKey;
            continue;
          }
          throw this.tokenError(c);
        case 0x22: // "
          if (this.state === TokenState.ObjectStart || this.state === TokenState.ObjectKey) {
            const end = scanScalar(this.bytes, this.pos);
            const value = unquote(this.bytes, this.pos, end);
            this.pos = end;
            this.state = TokenState.ObjectColon;
            return { kind: "string", value, offset };
          }
          break;
      }
      if (!this.valueAllowed()) throw this.tokenError(c);
      const end = scanScalar(this.bytes, this.pos);
      const token = literal(this.bytes, this.pos, end);
      this.pos = end;
      this.valueEnd();
      return token;
    }
  }

  private peekOrEnd(): number | undefined {
    while (this.pos < this.bytes.length && isSpace(this.bytes[this.pos]!)) this.pos++;
    return this.bytes[this.pos];
  }

  private peek(): number {
    const c = this.peekOrEnd();
    // The reader's io.EOF, passed through as it is.
    if (c === undefined) throw new GoJsonSyntaxError("EOF");
    return c;
  }

  private valueAllowed(): boolean {
    switch (this.state) {
      case TokenState.TopValue:
      case TokenState.ArrayStart:
      case TokenState.ArrayValue:
      case TokenState.ObjectValue:
        return true;
      default:
        return false;
    }
  }

  private valueEnd(): void {
    if (this.state === TokenState.ArrayStart || this.state === TokenState.ArrayValue) {
      this.state = TokenState.ArrayComma;
    } else if (this.state === TokenState.ObjectValue) {
      this.state = TokenState.ObjectComma;
    }
  }

  private tokenError(c: number): GoJsonSyntaxError {
    // Go names no context right after "{" (its switch has no case for that state).
    const context = {
      [TokenState.TopValue]: " looking for beginning of value",
      [TokenState.ArrayStart]: " looking for beginning of value",
      [TokenState.ArrayValue]: " looking for beginning of value",
      [TokenState.ObjectValue]: " looking for beginning of value",
      [TokenState.ArrayComma]: " after array element",
      [TokenState.ObjectKey]: " looking for beginning of object key string",
      [TokenState.ObjectColon]: " after object key",
      [TokenState.ObjectComma]: " after object key:value pair",
      [TokenState.ObjectStart]: "",
    }[this.state];
    return new GoJsonSyntaxError(`invalid character ${quoteJsonByte(c)}${context}`);
  }
}

/**
 * The end of the scalar (string, number, true, false, null) starting at `start`, as the
 * scanner finds it: a scalar ends where the next byte cannot continue it, whatever that byte
 * is (the next Token call judges it). Input ending inside one is "unexpected EOF".
 */
function scanScalar(bytes: Uint8Array, start: number): number {
  const c = bytes[start]!;
  let i = start + 1;
  const at = (k: number) => bytes[k];
  const fail = (k: number, context: string): never => {
    const b = at(k);
    throw b === undefined ? new GoJsonSyntaxError("unexpected EOF") : invalidCharacter(b, context);
  };
  if (c === 0x22) {
    for (;;) {
      const b = at(i);
      if (b === undefined) fail(i, "");
      if (b === 0x22) return i + 1;
      if (b! < 0x20) fail(i, "in string literal");
      if (b === 0x5c) {
        const e = at(i + 1);
        if (e === undefined) fail(i + 1, "");
        if (e === 0x75) {
          for (let k = 2; k < 6; k++)
            if (!isHex(at(i + k) ?? -1)) fail(i + k, "in \\u hexadecimal character escape");
          i += 6;
          continue;
        }
        if (![0x62, 0x66, 0x6e, 0x72, 0x74, 0x5c, 0x2f, 0x22].includes(e!))
          fail(i + 1, "in string escape code");
        i += 2;
        continue;
      }
      i++;
    }
  }
  if (c === 0x2d || isDigit(c)) {
    i = start;
    if (at(i) === 0x2d) {
      i++;
      if (!isDigit(at(i) ?? -1)) fail(i, "in numeric literal");
    }
    if (at(i) === 0x30) i++;
    else while (isDigit(at(i) ?? -1)) i++;
    if (at(i) === 0x2e) {
      i++;
      if (!isDigit(at(i) ?? -1)) fail(i, "after decimal point in numeric literal");
      while (isDigit(at(i) ?? -1)) i++;
    }
    if (at(i) === 0x65 || at(i) === 0x45) {
      i++;
      if (at(i) === 0x2b || at(i) === 0x2d) i++;
      if (!isDigit(at(i) ?? -1)) fail(i, "in exponent of numeric literal");
      while (isDigit(at(i) ?? -1)) i++;
    }
    return i;
  }
  const word = c === 0x74 ? "true" : c === 0x66 ? "false" : c === 0x6e ? "null" : undefined;
  if (word === undefined) throw invalidCharacter(c, "looking for beginning of value");
  for (let k = 1; k < word.length; k++) {
    if (at(start + k) !== word.charCodeAt(k)) fail(start + k, `in literal ${word} (expecting '${word[k]}')`);
  }
  return start + word.length;
}

function literal(bytes: Uint8Array, start: number, end: number): GoJsonToken {
  switch (bytes[start]) {
    case 0x22:
      return { kind: "string", value: unquote(bytes, start, end), offset: start };
    case 0x74:
      return { kind: "bool", value: true, offset: start };
    case 0x66:
      return { kind: "bool", value: false, offset: start };
    case 0x6e:
      return { kind: "null", offset: start };
    default:
      return { kind: "number", text: utf8Text(bytes, start, end), offset: start };
  }
}

function hex4(bytes: Uint8Array, i: number): number {
  if (bytes[i] !== 0x5c || bytes[i + 1] !== 0x75 || i + 6 > bytes.length) return -1;
  const digits = utf8Text(bytes, i + 2, i + 6);
  return /^[0-9a-fA-F]{4}$/.test(digits) ? Number.parseInt(digits, 16) : -1;
}

/**
 * The text of a scanned string literal, as Go's unquote makes it: \uXXXX escapes of a
 * surrogate pair join into one character, and a surrogate that is not half of a pair
 * becomes U+FFFD.
 */
function unquote(bytes: Uint8Array, start: number, end: number): string {
  let out = "";
  let runStart = start + 1;
  const last = end - 1;
  let i = runStart;
  while (i < last) {
    if (bytes[i] !== 0x5c) {
      i += decodeRune(bytes, i).width;
      continue;
    }
    out += utf8Text(bytes, runStart, i);
    const e = bytes[i + 1]!;
    if (e === 0x75) {
      const unit = hex4(bytes, i);
      i += 6;
      if (unit >= 0xd800 && unit <= 0xdfff) {
        const low = hex4(bytes, i);
        if (unit <= 0xdbff && low >= 0xdc00 && low <= 0xdfff) {
          out += String.fromCharCode(unit, low);
          i += 6;
        } else {
          out += "\ufffd";
        }
      } else {
        out += String.fromCharCode(unit);
      }
    } else {
      out +=
        { b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" }[String.fromCharCode(e)] ?? String.fromCharCode(e);
      i += 2;
    }
    runStart = i;
  }
  return out + utf8Text(bytes, runStart, last);
}
