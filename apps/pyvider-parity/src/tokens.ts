// A lexer for the part of HCL's native syntax the renamer needs: identifiers, punctuation,
// newlines, and quoted strings without interpolation, each with its byte offsets, so a rename
// rewrites exactly one token and leaves comments, layout and every other string as written.
// @tsvider/hcl parses and evaluates configurations but exports no token stream, and a rename
// has to keep the source text (comments included) byte for byte around what it changes.

export type TokenKind = "ident" | "string" | "punct" | "newline" | "other";

export interface Token {
  readonly kind: TokenKind;
  /** For "string", the literal's text without its quotes (escapes left as written). */
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

export class LexError extends Error {
  override readonly name = "LexError";
}

const IDENT_START = /[A-Za-z_]/;
const IDENT_PART = /[A-Za-z0-9_-]/;

/** Where `source` reads "line:column" at `offset`, for error messages. */
export function lineColumn(source: string, offset: number): string {
  const before = source.slice(0, offset).split("\n");
  return `${before.length}:${(before.at(-1)?.length ?? 0) + 1}`;
}

/**
 * The tokens of `source` (comments dropped). A string with an interpolation or directive
 * comes out as "other" tokens for its literal parts, with the tokens of each `${ }` between
 * them, so a traversal inside a template is renamed like any other.
 */
export function tokenize(source: string, file: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const fail = (message: string, at: number): never => {
    throw new LexError(`${file}:${lineColumn(source, at)}: ${message}`);
  };

  // Reads a template body up to `close` (a quote, or the end of a heredoc), pushing the tokens
  // of each interpolation. Returns the offset after the body.
  const template = (from: number, quoted: boolean, heredocEnd?: RegExp): number => {
    let j = from;
    let literalStart = from;
    let interpolated = false;
    while (j < source.length) {
      const c = source[j];
      if (quoted && c === "\\") {
        j += 2;
        continue;
      }
      if (quoted && c === '"') {
        if (!interpolated)
          tokens.push({ kind: "string", text: source.slice(from, j), start: from - 1, end: j + 1 });
        else
          tokens.push({
            kind: "other",
            text: source.slice(literalStart, j + 1),
            start: literalStart,
            end: j + 1,
          });
        return j + 1;
      }
      if (quoted && c === "\n") fail("a quoted string is not closed on its line", from - 1);
      if (heredocEnd && (j === from || source[j - 1] === "\n")) {
        heredocEnd.lastIndex = j;
        const m = heredocEnd.exec(source);
        if (m && m.index === j) {
          tokens.push({ kind: "other", text: source.slice(literalStart, j), start: literalStart, end: j });
          return j + m[0].length;
        }
      }
      if ((c === "$" || c === "%") && source[j + 1] === "{") {
        if (source[j - 1] === c && source[j - 2] !== c) {
          // `$${` and `%%{` are escapes for a literal `${` and `%{`.
          j += 2;
          continue;
        }
        interpolated = true;
        tokens.push({
          kind: "other",
          text: source.slice(literalStart, j + 2),
          start: literalStart,
          end: j + 2,
        });
        j = expression(j + 2, "}");
        literalStart = j;
        continue;
      }
      j++;
    }
    return fail(quoted ? "a quoted string is not closed" : "a heredoc is not closed", from - 1);
  };

  // Reads tokens up to the bracket `close` at depth zero (or the end of the file when
  // `close` is empty), pushing them. Returns the offset after `close`.
  const expression = (from: number, close: string): number => {
    let j = from;
    const closers: string[] = [];
    while (j < source.length) {
      const c = source[j] as string;
      if (c === "\n") {
        tokens.push({ kind: "newline", text: "\n", start: j, end: j + 1 });
        j++;
      } else if (c === " " || c === "\t" || c === "\r") {
        j++;
      } else if (c === "#" || (c === "/" && source[j + 1] === "/")) {
        while (j < source.length && source[j] !== "\n") j++;
      } else if (c === "/" && source[j + 1] === "*") {
        const endComment = source.indexOf("*/", j + 2);
        if (endComment < 0) fail("a /* comment is not closed", j);
        j = endComment + 2;
      } else if (c === '"') {
        j = template(j + 1, true);
      } else if (c === "<" && source[j + 1] === "<" && /^<<-?[A-Za-z_]/.test(source.slice(j, j + 4))) {
        const m = /^<<(-?)([A-Za-z_][A-Za-z0-9_-]*)[ \t]*\r?\n/.exec(source.slice(j));
        if (!m) fail("a heredoc's marker must end its line", j);
        const header = m as RegExpExecArray;
        tokens.push({ kind: "other", text: header[0], start: j, end: j + header[0].length });
        j = template(j + header[0].length, false, new RegExp(`[ \\t]*${header[2]}[ \\t]*(?=\\r?\\n|$)`, "y"));
      } else if (IDENT_START.test(c)) {
        let k = j + 1;
        while (k < source.length && IDENT_PART.test(source[k] as string)) k++;
        tokens.push({ kind: "ident", text: source.slice(j, k), start: j, end: k });
        j = k;
      } else if (c === ":" && source[j + 1] === ":") {
        tokens.push({ kind: "punct", text: "::", start: j, end: j + 2 });
        j += 2;
      } else if (c === "{" || c === "[" || c === "(") {
        closers.push(c === "{" ? "}" : c === "[" ? "]" : ")");
        tokens.push({ kind: "punct", text: c, start: j, end: j + 1 });
        j++;
      } else if (c === "}" || c === "]" || c === ")") {
        if (closers.length === 0) {
          if (c === close) return j + 1;
          fail(`"${c}" closes nothing`, j);
        }
        const want = closers.pop();
        if (want !== c) fail(`"${c}" where "${want}" was expected`, j);
        tokens.push({ kind: "punct", text: c, start: j, end: j + 1 });
        j++;
      } else if (/[0-9]/.test(c)) {
        let k = j + 1;
        while (k < source.length && /[0-9.eE+-]/.test(source[k] as string)) {
          if ((source[k] === "+" || source[k] === "-") && !/[eE]/.test(source[k - 1] as string)) break;
          k++;
        }
        tokens.push({ kind: "other", text: source.slice(j, k), start: j, end: k });
        j = k;
      } else {
        tokens.push({ kind: "punct", text: c, start: j, end: j + 1 });
        j++;
      }
    }
    if (close !== "") fail(`"${close}" is missing`, from);
    if (closers.length > 0) fail(`"${closers.at(-1)}" is missing at the end of the file`, source.length);
    return j;
  };

  i = expression(0, "");
  return i === source.length ? tokens : fail("unexpected text", i);
}
