// Templates: the parts of a quoted string, heredoc or bare template (literals, ${...}
// interpolations, %{...} directives), with strip markers (~), flush-heredoc indentation
// removal, and the directives assembled into conditionals and joined 'for' expressions.

import * as cty from "@tsvider/cty";
import type { Diagnostic } from "../diagnostic.js";
import { nameSuggestion } from "../internal/did-you-mean.js";
import { goQuote } from "../internal/go-quote.js";
import { dynamicUnknown } from "../internal/typed-values.js";
import { formatRange, type Range, rangeBetween } from "../pos.js";
import { LiteralValueExpr } from "./expr-basic.js";
import { ConditionalExpr } from "./expr-conditional.js";
import { ForExpr } from "./expr-for.js";
import { TemplateExpr, TemplateJoinExpr, TemplateWrapExpr } from "./expr-template.js";
import { errorDiag, type NativeExpression } from "./node.js";
import { maxNestingDepth, type Parser } from "./parser.js";
import { isGoSpace } from "./scanner.js";
import { clusterCount, leadingClusters } from "./scanner-graphemes.js";
import { parseStringLiteral } from "./string-lit.js";
import type { Token, TokenType } from "./token.js";

type TemplatePart =
  | { kind: "literal"; val: string; range: Range }
  | { kind: "interp"; expr: NativeExpression; range: Range }
  | { kind: "if"; cond: NativeExpression; range: Range }
  | { kind: "for"; keyVar: string; valVar: string; coll: NativeExpression; range: Range }
  | { kind: "endCtrl"; which: "endif" | "else" | "endfor"; range: Range }
  | { kind: "end"; range: Range };

function trimLeftSpace(s: string): string {
  let i = 0;
  for (const ch of s) {
    if (!isGoSpace(ch.codePointAt(0)!)) break;
    i += ch.length;
  }
  return s.slice(i);
}

function trimRightSpace(s: string): string {
  const chars = [...s];
  let n = chars.length;
  while (n > 0 && isGoSpace(chars[n - 1]!.codePointAt(0)!)) n--;
  return chars.slice(0, n).join("");
}

/** The template's expressions, whether it is a single interpolation, its range, diagnostics. */
export function parseTemplateInner(
  p: Parser,
  end: TokenType,
  flushHeredoc: boolean,
): [NativeExpression[], boolean, Range, Diagnostic[]] {
  const [parts, range, diags] = parseTemplateParts(p, end);
  if (flushHeredoc) flushHeredocParts(parts);
  meldLiterals(parts);
  const tp = new TemplateParser(parts);
  const [exprs, exprDiags] = tp.parseRoot();
  diags.push(...exprDiags);
  const passthru = parts.length === 2 && parts[0]!.kind === "interp";
  return [exprs, passthru, range, diags];
}

/** A bare template (hcl's ParseTemplate): the whole input is template text. */
export function parseTemplate(p: Parser): [NativeExpression, Diagnostic[]] {
  const [exprs, passthru, range, diags] = parseTemplateInner(p, "EOF", false);
  if (passthru) return [new TemplateWrapExpr(exprs[0]!, range), diags];
  return [new TemplateExpr(exprs, range), diags];
}

function parseTemplateParts(p: Parser, end: TokenType): [TemplatePart[], Range, Diagnostic[]] {
  const parts: TemplatePart[] = [];
  const diags: Diagnostic[] = [];
  const startRange = p.peeker.nextRange();
  let ltrimNext = false;
  let nextCanTrimPrev = false;
  let endRange: Range | undefined;
  const trimPrev = (canTrimPrev: boolean, introducerLength: number, hasTilde: boolean): void => {
    if (canTrimPrev && introducerLength === 3 && hasTilde && parts.length > 0) {
      const prev = parts[parts.length - 1]!;
      if (prev.kind === "literal") prev.val = trimRightSpace(prev.val);
    }
  };
  for (;;) {
    const next = p.read();
    if (next.type === end) {
      endRange = next.range;
      break;
    }
    const ltrim = ltrimNext;
    ltrimNext = false;
    const canTrimPrev = nextCanTrimPrev;
    nextCanTrimPrev = false;
    // Ends a ${...} or %{...} sequence at its closing brace (noting a ~ strip marker), or
    // recovers to it, with the error `misplaced` makes of the token found instead unless
    // already recovering. Returns the token found where the brace belongs.
    const endSeq = (misplaced: (close: Token) => Diagnostic): Token => {
      const close = p.peek();
      if (close.type === "TemplateSeqEnd") {
        p.read();
        if (close.end - close.start === 2 && p.src[close.start] === 0x7e) ltrimNext = true;
      } else {
        if (!p.recovery) diags.push(misplaced(close));
        p.recover("TemplateSeqEnd");
      }
      p.peeker.popIncludeNewlines();
      return close;
    };
    if (next.type === "StringLit" || next.type === "QuotedLit") {
      const s = parseStringLiteral(
        p.src,
        next.start,
        next.end,
        next.type === "QuotedLit",
        next.range.filename,
        next.range.start,
      );
      diags.push(...s.diagnostics);
      parts.push({ kind: "literal", val: ltrim ? trimLeftSpace(s.value) : s.value, range: next.range });
      nextCanTrimPrev = true;
      continue;
    }
    const hasTilde = next.end - next.start === 3 && p.src[next.start + 2] === 0x7e;
    if (next.type === "TemplateInterp") {
      trimPrev(canTrimPrev, next.end - next.start, hasTilde);
      p.peeker.pushIncludeNewlines(false);
      const [expr, exprDiags] = p.parseExpression();
      diags.push(...exprDiags);
      const close = endSeq((close) => {
        if (close.type === "EOF") {
          return errorDiag(
            "Unclosed template interpolation sequence",
            "There is no closing brace for this interpolation sequence before the end of the file. This might be caused by incorrect nesting inside the given expression.",
            startRange,
          );
        }
        if (close.type === "Colon") {
          return errorDiag(
            "Extra characters after interpolation expression",
            'Template interpolation doesn\'t expect a colon at this location. Did you intend this to be a literal sequence to be processed as part of another language? If so, you can escape it by starting with "$${" instead of just "${".',
            close.range,
            rangeBetween(startRange, close.range),
          );
        }
        if ((close.type === "CQuote" || close.type === "OQuote") && end === "CQuote") {
          return errorDiag(
            "Unclosed template interpolation sequence",
            "There is no closing brace for this interpolation sequence before the end of the quoted template. This might be caused by incorrect nesting inside the given expression.",
            startRange,
          );
        }
        return errorDiag(
          "Extra characters after interpolation expression",
          'Expected a closing brace to end the interpolation expression, but found extra characters.\n\nThis can happen when you include interpolation syntax for another language, such as shell scripting, but forget to escape the interpolation start token. If this is an embedded sequence for another language, escape it by starting with "$${" instead of just "${".',
          close.range,
          rangeBetween(startRange, close.range),
        );
      });
      parts.push({ kind: "interp", expr, range: rangeBetween(next.range, close.range) });
      continue;
    }
    if (next.type === "TemplateControl") {
      trimPrev(canTrimPrev, next.end - next.start, hasTilde);
      p.peeker.pushIncludeNewlines(false);
      const kw = p.peek();
      const giveUp = (): void => {
        p.recover("TemplateSeqEnd");
        p.peeker.popIncludeNewlines();
      };
      if (kw.type !== "Ident") {
        if (!p.recovery) {
          diags.push(
            errorDiag(
              "Invalid template directive",
              'A template directive keyword ("if", "for", etc) is expected at the beginning of a %{ sequence.',
              kw.range,
              rangeBetween(next.range, kw.range),
            ),
          );
        }
        giveUp();
        continue;
      }
      p.read();
      const word = p.text(kw);
      if (word === "if") {
        const [cond, condDiags] = p.parseExpression();
        diags.push(...condDiags);
        parts.push({ kind: "if", cond, range: rangeBetween(next.range, p.peeker.nextRange()) });
      } else if (word === "else" || word === "endif" || word === "endfor") {
        parts.push({ kind: "endCtrl", which: word, range: rangeBetween(next.range, p.peeker.nextRange()) });
      } else if (word === "for") {
        const directiveError = (detail: string): void => {
          if (!p.recovery) diags.push(errorDiag("Invalid 'for' directive", detail, p.peek().range));
          giveUp();
        };
        if (p.peek().type !== "Ident") {
          directiveError("For directive requires variable name after 'for'.");
          continue;
        }
        let keyVar = "";
        let valVar = p.text(p.read());
        if (p.peek().type === "Comma") {
          keyVar = valVar;
          p.read();
          if (p.peek().type !== "Ident") {
            directiveError("For directive requires value variable name after comma.");
            continue;
          }
          valVar = p.text(p.read());
        }
        if (!p.isKeyword(p.peek(), "in")) {
          directiveError("For directive requires 'in' keyword after names.");
          continue;
        }
        p.read();
        const [coll, collDiags] = p.parseExpression();
        diags.push(...collDiags);
        parts.push({
          kind: "for",
          keyVar,
          valVar,
          coll,
          range: rangeBetween(next.range, p.peeker.nextRange()),
        });
      } else {
        if (!p.recovery) {
          const s = nameSuggestion(word, ["if", "for", "else", "endif", "endfor"]);
          diags.push(
            errorDiag(
              "Invalid template control keyword",
              `${goQuote(word)} is not a valid template control keyword.${s ? ` Did you mean ${goQuote(s)}?` : ""}`,
              kw.range,
              rangeBetween(next.range, kw.range),
            ),
          );
        }
        giveUp();
        continue;
      }
      endSeq((close) =>
        errorDiag(
          `Extra characters in ${word} marker`,
          "Expected a closing brace to end the sequence, but found extra characters.",
          close.range,
          rangeBetween(startRange, close.range),
        ),
      );
      continue;
    }
    if (!p.recovery) {
      diags.push(
        errorDiag(
          "Unterminated template string",
          "No closing marker was found for the string.",
          next.range,
          rangeBetween(startRange, next.range),
        ),
      );
    }
    const final = p.recover(end);
    endRange = final.range;
    break;
  }
  if (parts.length === 0) {
    parts.push({
      kind: "literal",
      val: "",
      range: { filename: startRange.filename, start: startRange.end, end: startRange.end },
    });
  }
  parts.push({ kind: "end", range: endRange });
  return [parts, rangeBetween(startRange, endRange), diags];
}

/** Removes the common leading white space of the lines of a `<<-` heredoc. */
function flushHeredocParts(parts: TemplatePart[]): void {
  let minSpaces = Number.POSITIVE_INFINITY;
  let newline = true;
  const adjust: (TemplatePart & { kind: "literal" })[] = [];
  for (const part of parts) {
    if (newline) {
      newline = false;
      let spaces = Number.POSITIVE_INFINITY;
      if (part.kind === "literal") {
        const trimmed = trimLeftSpace(part.val);
        if (trimmed.length === 0 && part.val.endsWith("\n")) {
          spaces = Number.POSITIVE_INFINITY;
        } else {
          spaces = clusterCount(Buffer.from(part.val.slice(0, part.val.length - trimmed.length), "utf8"));
          adjust.push(part);
        }
      } else if (part.kind === "end") {
        break;
      } else {
        spaces = 0;
      }
      if (spaces < minSpaces) minSpaces = spaces;
    }
    if (part.kind === "literal" && part.val.endsWith("\n")) newline = true;
  }
  if (!Number.isFinite(minSpaces)) return;
  for (const lit of adjust) {
    // Grapheme clusters as hcl's textseg splits them (its Unicode tables, not the runtime's).
    const { units: cut, bytes } = leadingClusters(lit.val.slice(0, minSpaces * 8 + 16), minSpaces);
    lit.val = lit.val.slice(cut);
    lit.range = {
      filename: lit.range.filename,
      start: {
        line: lit.range.start.line,
        column: lit.range.start.column + minSpaces,
        byte: lit.range.start.byte + bytes,
      },
      end: lit.range.end,
    };
  }
}

function meldLiterals(parts: TemplatePart[]): void {
  let i = 1;
  while (i < parts.length) {
    const prev = parts[i - 1]!;
    const cur = parts[i]!;
    if (prev.kind === "literal" && cur.kind === "literal") {
      prev.val += cur.val;
      prev.range = { filename: prev.range.filename, start: prev.range.start, end: cur.range.end };
      parts.splice(i, 1);
      continue;
    }
    i++;
  }
}

/** What a directive that cannot be assembled stands as: an unknown of unknown type. */
function placeholder(range: Range): LiteralValueExpr {
  return new LiteralValueExpr(dynamicUnknown, range);
}

/** A clause's expressions (at least one) as one template spanning them. */
function templateOf(exprs: NativeExpression[]): TemplateExpr {
  return new TemplateExpr(exprs, rangeBetween(exprs[0]!.range, exprs[exprs.length - 1]!.range));
}

function emptyAt(filename: string, at: Range["start"]): LiteralValueExpr {
  return new LiteralValueExpr({ value: "", type: cty.string }, { filename, start: at, end: at });
}

/** Assembles template parts into expressions: %{if} into conditionals, %{for} into joins. */
class TemplateParser {
  private pos = 0;
  private depth = 0;
  /** Set once nesting went too deep: the unbalanced directives left are not reported. */
  private gaveUp = false;
  constructor(private readonly parts: TemplatePart[]) {}

  private peek(): TemplatePart {
    return this.parts[this.pos]!;
  }
  private read(): TemplatePart {
    const t = this.peek();
    if (t.kind !== "end") this.pos++;
    return t;
  }

  parseRoot(): [NativeExpression[], Diagnostic[]] {
    const exprs: NativeExpression[] = [];
    const diags: Diagnostic[] = [];
    while (this.peek().kind !== "end") {
      const [e, d] = this.parseExpr();
      diags.push(...d);
      exprs.push(e);
    }
    return [exprs, diags];
  }

  private parseExpr(): [NativeExpression, Diagnostic[]] {
    const next = this.peek();
    switch (next.kind) {
      case "literal":
        this.read();
        return [new LiteralValueExpr({ value: next.val.normalize("NFC"), type: cty.string }, next.range), []];
      case "interp":
        this.read();
        return [next.expr, []];
      case "if":
      case "for": {
        this.depth++;
        try {
          if (this.depth > maxNestingDepth) {
            // Skip the rest: the directives are nested beyond what we parse.
            this.pos = this.parts.length - 1;
            this.gaveUp = true;
            return [
              placeholder(next.range),
              [
                errorDiag(
                  "Nesting too deep",
                  `Template directives are nested more than ${maxNestingDepth} levels deep, which is more than this parser supports.`,
                  next.range,
                ),
              ],
            ];
          }
          return next.kind === "if" ? this.parseIf() : this.parseFor();
        } finally {
          this.depth--;
        }
      }
      case "end":
      case "endCtrl":
        this.read();
        return [
          placeholder(next.range),
          [
            errorDiag(
              next.kind === "end" ? "Unexpected end of template" : `Unexpected ${next.which} directive`,
              "The control directives within this template are unbalanced.",
              next.range,
            ),
          ],
        ];
    }
  }

  /**
   * Parses the expressions of one clause of `open`'s directive into `into`, up to the part that
   * ends the clause: a control directive (read), or the end of the template (reported here as
   * the missing end directive, unless nesting already gave up).
   */
  private parseClause(
    open: TemplatePart & { kind: "if" | "for" },
    into: NativeExpression[],
    diags: Diagnostic[],
  ): TemplatePart & { kind: "end" | "endCtrl" } {
    for (;;) {
      const next = this.peek();
      if (next.kind === "end") {
        if (!this.gaveUp) {
          diags.push(
            errorDiag(
              "Unexpected end of template",
              `The ${open.kind} directive at ${formatRange(open.range)} is missing its corresponding end${open.kind} directive.`,
              next.range,
            ),
          );
        }
        return next;
      }
      if (next.kind === "endCtrl") {
        this.read();
        return next;
      }
      const [e, d] = this.parseExpr();
      diags.push(...d);
      into.push(e);
    }
  }

  private parseIf(): [NativeExpression, Diagnostic[]] {
    const open = this.read() as TemplatePart & { kind: "if" };
    const ifExprs: NativeExpression[] = [];
    const elseExprs: NativeExpression[] = [];
    const diags: Diagnostic[] = [];
    let current = ifExprs;
    let endifRange: Range;
    for (;;) {
      const next = this.parseClause(open, current, diags);
      if (next.kind === "endCtrl") {
        if (next.which === "else") {
          if (current === ifExprs) {
            current = elseExprs;
            continue;
          }
          diags.push(
            errorDiag(
              "Unexpected else directive",
              `Already in the else clause for the if started at ${formatRange(open.range)}.`,
              next.range,
            ),
          );
        } else if (next.which === "endif") {
          endifRange = next.range;
          break;
        } else {
          diags.push(
            errorDiag(
              `Unexpected ${next.which} directive`,
              `Expecting an endif directive for the if started at ${formatRange(open.range)}.`,
              next.range,
            ),
          );
        }
      }
      return [placeholder(next.range), diags];
    }
    if (ifExprs.length === 0) ifExprs.push(emptyAt(open.range.filename, open.range.end));
    if (elseExprs.length === 0) elseExprs.push(emptyAt(endifRange.filename, endifRange.start));
    const trueExpr = templateOf(ifExprs);
    const falseExpr = templateOf(elseExprs);
    return [new ConditionalExpr(open.cond, trueExpr, falseExpr, rangeBetween(open.range, endifRange)), diags];
  }

  private parseFor(): [NativeExpression, Diagnostic[]] {
    const open = this.read() as TemplatePart & { kind: "for" };
    const content: NativeExpression[] = [];
    const diags: Diagnostic[] = [];
    const next = this.parseClause(open, content, diags);
    if (next.kind !== "endCtrl" || next.which !== "endfor") {
      if (next.kind === "endCtrl") {
        diags.push(
          next.which === "else"
            ? errorDiag(
                "Unexpected else directive",
                "An else clause is not expected for a for directive.",
                next.range,
              )
            : errorDiag(
                `Unexpected ${next.which} directive`,
                `Expecting an endfor directive corresponding to the for directive at ${formatRange(open.range)}.`,
                next.range,
              ),
        );
      }
      return [placeholder(next.range), diags];
    }
    const endforRange = next.range;
    if (content.length === 0) content.push(emptyAt(open.range.filename, open.range.end));
    const body = templateOf(content);
    const forExpr = new ForExpr(
      open.keyVar,
      open.valVar,
      open.coll,
      undefined,
      body,
      undefined,
      false,
      rangeBetween(open.range, endforRange),
      open.range,
      endforRange,
    );
    return [new TemplateJoinExpr(forExpr), diags];
  }
}
