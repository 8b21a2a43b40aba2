// Reading tokens for the parser as hclsyntax's peeker does: comments are skipped (a line
// comment's newline still counts as one where newlines matter), and newlines are skipped
// inside brackets and parentheses, as a stack of "include newlines" settings says.

import type { Range } from "../pos.js";
import type { Token } from "./token.js";

export class Peeker {
  nextIndex = 0;
  private readonly includeNewlines: boolean[] = [true];

  constructor(
    readonly tokens: readonly Token[],
    readonly src: Uint8Array,
  ) {}

  peek(): Token {
    return this.next()[0];
  }

  read(): Token {
    const [tok, i] = this.next();
    this.nextIndex = i;
    return tok;
  }

  nextRange(): Range {
    return this.peek().range;
  }

  prevRange(): Range {
    if (this.nextIndex === 0) return this.nextRange();
    return this.tokens[this.nextIndex - 1]!.range;
  }

  pushIncludeNewlines(include: boolean): void {
    this.includeNewlines.push(include);
  }

  popIncludeNewlines(): void {
    this.includeNewlines.pop();
  }

  /** Skips everything up to the final EOF token (used to give up on input nested too deeply). */
  skipToEnd(): void {
    this.nextIndex = this.tokens.length - 1;
  }

  private including(): boolean {
    return this.includeNewlines[this.includeNewlines.length - 1]!;
  }

  private next(): [Token, number] {
    const toks = this.tokens;
    for (let i = this.nextIndex; i < toks.length; i++) {
      const tok = toks[i]!;
      if (tok.type === "Comment") {
        if (this.including() && tok.end > tok.start && this.src[tok.end - 1] === 0x0a) {
          // A line comment ends its line: it stands for the newline it swallowed.
          return [{ type: "Newline", start: tok.end - 1, end: tok.end, range: tok.range }, i + 1];
        }
        continue;
      }
      if (tok.type === "Newline" && !this.including()) continue;
      return [tok, i + 1];
    }
    return [toks[toks.length - 1]!, toks.length];
  }
}
