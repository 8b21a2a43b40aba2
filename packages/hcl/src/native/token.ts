// Tokens of the native syntax, as hclsyntax's scanner produces them: a type, the bytes it
// spans and its range. The names are hclsyntax's without the "Token" prefix, so token
// streams can be compared with hashicorp's scanner directly.

import type { Range } from "../pos.js";

export type TokenType =
  | "OBrace"
  | "CBrace"
  | "OBrack"
  | "CBrack"
  | "OParen"
  | "CParen"
  | "OQuote"
  | "CQuote"
  | "OHeredoc"
  | "CHeredoc"
  | "Star"
  | "Slash"
  | "Plus"
  | "Minus"
  | "Percent"
  | "Equal"
  | "EqualOp"
  | "NotEqual"
  | "LessThan"
  | "LessThanEq"
  | "GreaterThan"
  | "GreaterThanEq"
  | "And"
  | "Or"
  | "Bang"
  | "Dot"
  | "Comma"
  | "DoubleColon"
  | "Ellipsis"
  | "FatArrow"
  | "Question"
  | "Colon"
  | "TemplateInterp"
  | "TemplateControl"
  | "TemplateSeqEnd"
  | "QuotedLit"
  | "StringLit"
  | "NumberLit"
  | "Ident"
  | "Comment"
  | "Newline"
  | "EOF"
  | "BitwiseAnd"
  | "BitwiseOr"
  | "BitwiseNot"
  | "BitwiseXor"
  | "Apostrophe"
  | "Backtick"
  | "Semicolon"
  | "Invalid"
  | "BadUTF8"
  | "QuotedNewline"
  | "Nil";

export interface Token {
  readonly type: TokenType;
  /** Offsets into the given bytes (a leading BOM counted), not including the start position. */
  readonly start: number;
  readonly end: number;
  readonly range: Range;
}
