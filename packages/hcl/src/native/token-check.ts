// Diagnostics for tokens that are never valid (hclsyntax's checkInvalidTokens): bitwise
// operators, stray characters, tabs, bytes that are not UTF-8, newlines in quoted strings.

import type { Diagnostic } from "../diagnostic.js";
import type { Token } from "./token.js";

export function checkInvalidTokens(tokens: readonly Token[], src: Uint8Array): Diagnostic[] {
  const diags: Diagnostic[] = [];
  let toldBitwise = 0;
  let toldBacktick = 0;
  let toldApostrophe = 0;
  let toldSemicolon = 0;
  let toldBadUTF8 = 0;
  const push = (summary: string, detail: string, tok: Token): void => {
    diags.push({ severity: "error", summary, detail, subject: tok.range });
  };
  for (const tok of tokens) {
    switch (tok.type) {
      case "BitwiseAnd":
      case "BitwiseOr":
      case "BitwiseXor":
      case "BitwiseNot":
        if (toldBitwise < 4) {
          const suggestion =
            tok.type === "BitwiseAnd"
              ? ' Did you mean boolean AND ("&&")?'
              : tok.type === "BitwiseOr"
                ? ' Did you mean boolean OR ("||")?'
                : tok.type === "BitwiseNot"
                  ? ' Did you mean boolean NOT ("!")?'
                  : "";
          push("Unsupported operator", `Bitwise operators are not supported.${suggestion}`, tok);
          toldBitwise++;
        }
        break;
      case "Backtick":
        if (toldBacktick % 2 === 0) {
          push(
            "Invalid character",
            'The "`" character is not valid. To create a multi-line string, use the "heredoc" syntax, like "<<EOT".',
            tok,
          );
        }
        if (toldBacktick <= 2) toldBacktick++;
        break;
      case "Apostrophe":
        if (toldApostrophe % 2 === 0) {
          push(
            "Invalid character",
            'Single quotes are not valid. Use double quotes (") to enclose strings.',
            tok,
          );
        }
        if (toldApostrophe <= 2) toldApostrophe++;
        break;
      case "Semicolon":
        if (toldSemicolon < 1) {
          push(
            "Invalid character",
            'The ";" character is not valid. Use newlines to separate arguments and blocks, and commas to separate items in collection values.',
            tok,
          );
          toldSemicolon++;
        }
        break;
      case "BadUTF8":
        if (toldBadUTF8 < 1) {
          push(
            "Invalid character encoding",
            "All input files must be UTF-8 encoded. Ensure that UTF-8 encoding is selected in your editor.",
            tok,
          );
          toldBadUTF8++;
        }
        break;
      case "QuotedNewline":
        push(
          "Invalid multi-line string",
          'Quoted strings may not be split over multiple lines. To produce a multi-line string, either use the \\n escape to represent a newline character or use the "heredoc" multi-line template syntax.',
          tok,
        );
        break;
      case "Invalid": {
        const ch = new TextDecoder().decode(src.subarray(tok.start, tok.end));
        if (ch === "\u201c" || ch === "\u201d") {
          push(
            "Invalid character",
            '"Curly quotes" are not valid here. These can sometimes be inadvertently introduced when sharing code via documents or discussion forums. It might help to replace the character with a "straight quote".',
            tok,
          );
        } else {
          push("Invalid character", "This character is not used within the language.", tok);
        }
        break;
      }
      default:
        break;
    }
  }
  return diags;
}
