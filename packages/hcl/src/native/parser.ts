// The native syntax parser: bodies (attributes and blocks), expressions with hcl's operator
// precedence, and hcl's error recovery and diagnostics, token for token as hclsyntax's
// parser. Recursion follows the input's nesting, so a nesting limit keeps deep input from
// exhausting the stack: past it the parser reports "Nesting too deep" and stops reading.

import * as cty from "@tsvider/cty";
import type { TypedValue } from "@tsvider/cty/function";
import { type Diagnostic, hasErrors } from "../diagnostic.js";
import { goQuote } from "../internal/go-quote.js";
import { dynamicUnknown, unknownOf } from "../internal/typed-values.js";
import { type Range, rangeBetween } from "../pos.js";
import type { Traverser } from "../traversal.js";
import {
  AnonSymbolExpr,
  ExprSyntaxError,
  IndexExpr,
  LiteralValueExpr,
  ParenthesesExpr,
  RelativeTraversalExpr,
  ScopeTraversalExpr,
} from "./expr-basic.js";
import { FunctionCallExpr } from "./expr-call.js";
import { ObjectConsExpr, type ObjectConsItem, ObjectConsKeyExpr, TupleConsExpr } from "./expr-collections.js";
import { ConditionalExpr } from "./expr-conditional.js";
import { ForExpr } from "./expr-for.js";
import { BinaryOpExpr, binaryOps, type Operation, opLogicalNot, opNegate, UnaryOpExpr } from "./expr-ops.js";
import { SplatExpr } from "./expr-splat.js";
import { TemplateExpr, TemplateWrapExpr } from "./expr-template.js";
import { errorDiag, type NativeExpression } from "./node.js";
import { parseTemplateInner } from "./parser-template.js";
import { Peeker } from "./peeker.js";
import { parseStringLiteral } from "./string-lit.js";
import { NativeAttribute, NativeBlock, NativeBody, redefinedDetail } from "./structure.js";
import type { Token, TokenType } from "./token.js";

/**
 * How deeply constructs may nest (brackets, parentheses, braces, blocks, templates). hcl has
 * no limit; ours keeps recursion well inside the JavaScript stack, with room for the frames of
 * whatever called the parser (a provider's RPC handler, a test runner). At 500, for expressions
 * nested 480 deep used all of Node's default stack (Node 20 and 24 alike); at 250 every
 * construct leaves more than four fifths of it free.
 */
export const maxNestingDepth = 250;

/**
 * The deepest expression tree accepted (evaluation recurses over it). Operator chains and
 * splat or index chains grow trees without nesting brackets, so they are measured too.
 */
export const maxExpressionHeight = 1000;

const heights = new WeakMap<NativeExpression, number>();

/** A node's height, from its children's (cached as the parser builds trees bottom-up). */
function heightOf(n: NativeExpression): number {
  const cached = heights.get(n);
  if (cached !== undefined) return cached;
  let h = 0;
  for (const c of n.children()) h = Math.max(h, heightOf(c.node));
  heights.set(n, h + 1);
  return h + 1;
}

const utf8 = new TextDecoder("utf-8", { fatal: false });

/** The range of a token that was never read (Go's zero Token). */
export const zeroRange: Range = Object.freeze({
  filename: "",
  start: { line: 0, column: 0, byte: 0 },
  end: { line: 0, column: 0, byte: 0 },
});

// What hcl says where a body wants an argument or a block and finds neither.
const itemRequired = "Argument or block definition required";
const itemRequiredDetail = "An argument or block definition is required here.";
const itemRequiredEqualsDetail = `${itemRequiredDetail} To set an argument, use the equals sign "=" to introduce the argument value.`;

const zeroToken: Token = { type: "Nil", start: 0, end: 0, range: zeroRange };

const opposite: Partial<Record<TokenType, TokenType>> = {
  OBrace: "CBrace",
  OBrack: "CBrack",
  OParen: "CParen",
  OQuote: "CQuote",
  OHeredoc: "CHeredoc",
  CBrace: "OBrace",
  CBrack: "OBrack",
  CParen: "OParen",
  CQuote: "OQuote",
  CHeredoc: "OHeredoc",
  TemplateControl: "TemplateSeqEnd",
  TemplateInterp: "TemplateSeqEnd",
  TemplateSeqEnd: "TemplateInterp",
};

export function oppositeBracket(t: TokenType): TokenType {
  return opposite[t] ?? "Nil";
}

type Result<T> = [T, Diagnostic[]];

/** The precedence level (index into binaryOps) of each operator token. */
const operatorLevel: Partial<Record<TokenType, number>> = Object.fromEntries(
  binaryOps.flatMap((ops, level) => Object.keys(ops).map((t) => [t, level])),
);

export class Parser {
  readonly peeker: Peeker;
  recovery = false;
  private depth = 0;

  constructor(
    readonly tokens: readonly Token[],
    readonly src: Uint8Array,
  ) {
    this.peeker = new Peeker(tokens, src);
  }

  // Peeker shorthands.
  peek(): Token {
    return this.peeker.peek();
  }
  read(): Token {
    return this.peeker.read();
  }
  text(tok: Token): string {
    return utf8.decode(this.src.subarray(tok.start, tok.end));
  }
  isKeyword(tok: Token, kw: string): boolean {
    return tok.type === "Ident" && tok.end - tok.start === kw.length && this.text(tok) === kw;
  }

  /**
   * Enters one level of nesting; past the limit, reports it, skips the rest of the input and
   * returns false (the caller then returns a placeholder).
   */
  enter(at: Token, diagnostics: Diagnostic[]): boolean {
    this.depth++;
    if (this.depth <= maxNestingDepth) return true;
    if (!this.recovery) {
      diagnostics.push(
        errorDiag(
          "Nesting too deep",
          `This construct is nested more than ${maxNestingDepth} levels deep, which is more than this parser supports. Reduce the nesting of brackets, parentheses, braces, blocks or templates.`,
          at.range,
        ),
      );
    }
    this.recovery = true;
    this.peeker.skipToEnd();
    return false;
  }
  leave(): void {
    this.depth--;
  }

  /**
   * Checks the height of a node that extends a chain (operators, splats, index steps): past
   * the limit, reports it, skips the rest of the input and returns a placeholder instead.
   */
  private chained(node: NativeExpression, diagnostics: Diagnostic[]): NativeExpression {
    // A path down the tree gains at most two nodes per byte of source (limits.test.ts holds
    // the parser to that), so an expression this short cannot reach the limit: most never pay
    // for measuring their height.
    if (node.range.end.byte - node.range.start.byte < maxExpressionHeight / 4) return node;
    if (heightOf(node) <= maxExpressionHeight) return node;
    if (!this.recovery) {
      diagnostics.push(
        errorDiag(
          "Expression too deeply nested",
          `This expression's operators, splats or index steps nest more than ${maxExpressionHeight} levels deep, which is more than this parser supports. Split it into smaller expressions.`,
          node.range,
        ),
      );
    }
    this.recovery = true;
    this.peeker.skipToEnd();
    return new LiteralValueExpr(dynamicUnknown, node.range);
  }

  // ---- Bodies ----

  parseBody(end: TokenType): Result<NativeBody> {
    const attrs = new Map<string, NativeAttribute>();
    const blocks: NativeBlock[] = [];
    const diags: Diagnostic[] = [];
    const startRange = this.peeker.prevRange();
    let endRange: Range;
    for (;;) {
      const next = this.peek();
      if (next.type === end) {
        endRange = this.peeker.nextRange();
        this.read();
        break;
      }
      if (next.type === "Newline") {
        this.read();
        continue;
      }
      if (next.type === "Ident") {
        const [item, itemDiags] = this.parseBodyItem();
        diags.push(...itemDiags);
        if (item instanceof NativeBlock) blocks.push(item);
        else if (item instanceof NativeAttribute) {
          const existing = attrs.get(item.name);
          if (existing) {
            diags.push(
              errorDiag(
                "Attribute redefined",
                redefinedDetail(item.name, existing.nameRange),
                item.nameRange,
              ),
            );
          } else {
            attrs.set(item.name, item);
          }
        }
        continue;
      }
      const bad = this.read();
      if (!this.recovery) {
        if (bad.type === "OQuote") {
          diags.push(errorDiag("Invalid argument name", "Argument names must not be quoted.", bad.range));
        } else if (bad.type === "EOF") {
          diags.push(
            end === "CBrace"
              ? errorDiag(
                  "Unclosed configuration block",
                  "There is no closing brace for this block before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.",
                  startRange,
                )
              : errorDiag(
                  "Unclosed configuration body",
                  "Found end of file before the end of this configuration body.",
                  startRange,
                ),
          );
        } else {
          diags.push(errorDiag(itemRequired, itemRequiredDetail, bad.range));
        }
      }
      endRange = this.peeker.prevRange();
      this.recover(end);
      break;
    }
    const body = new NativeBody(attrs, blocks, rangeBetween(startRange, endRange), {
      filename: endRange.filename,
      start: endRange.end,
      end: endRange.end,
    });
    return [body, diags];
  }

  private parseBodyItem(): Result<NativeBlock | NativeAttribute | undefined> {
    const ident = this.read();
    if (ident.type !== "Ident") return this.abandonBodyItem(itemRequired, itemRequiredDetail, ident.range);
    const next = this.peek();
    switch (next.type) {
      case "Equal":
        return this.finishParsingBodyAttribute(ident, false);
      case "OQuote":
      case "OBrace":
      case "Ident":
        return this.finishParsingBodyBlock(ident);
      default:
        return this.abandonBodyItem(itemRequired, itemRequiredEqualsDetail, ident.range);
    }
  }

  private parseSingleAttrBody(): Result<NativeBody | undefined> {
    const ident = this.read();
    if (ident.type !== "Ident") return this.abandonBodyItem(itemRequired, itemRequiredDetail, ident.range);
    const next = this.peek();
    switch (next.type) {
      case "Equal": {
        const [attr, diags] = this.finishParsingBodyAttribute(ident, true);
        const attrs = new Map([[attr.name, attr]]);
        const body = new NativeBody(attrs, [], attr.range, {
          filename: attr.range.filename,
          start: attr.range.end,
          end: attr.range.end,
        });
        return [body, diags];
      }
      case "OQuote":
      case "OBrace":
      case "Ident":
        return this.abandonBodyItem(
          "Argument definition required",
          `A single-line block definition can contain only a single argument. If you meant to define argument ${goQuote(this.text(ident))}, use an equals sign to assign it a value. To define a nested block, place it on a line of its own within its parent block.`,
          rangeBetween(ident.range, next.range),
        );
      default:
        return this.abandonBodyItem(itemRequired, itemRequiredEqualsDetail, ident.range);
    }
  }

  /** A body item that cannot be read: skipped to its end, as hcl recovers, with its error. */
  private abandonBodyItem(summary: string, detail: string, range: Range): Result<undefined> {
    this.recoverAfterBodyItem();
    return [undefined, [errorDiag(summary, detail, range)]];
  }

  private finishParsingBodyAttribute(ident: Token, singleLine: boolean): Result<NativeAttribute> {
    const eqTok = this.read();
    let endRange: Range;
    const [expr, diags] = this.parseExpression();
    if (this.recovery && hasErrors(diags)) {
      endRange = this.peeker.prevRange();
      this.recoverAfterBodyItem();
    } else {
      endRange = this.peeker.prevRange();
      if (!singleLine) {
        const end = this.peek();
        if (end.type !== "Newline" && end.type !== "EOF") {
          if (!this.recovery) {
            let summary = "Missing newline after argument";
            let detail = "An argument definition must end with a newline.";
            if (end.type === "Comma") {
              summary = "Unexpected comma after argument";
              detail = `Argument definitions must be separated by newlines, not commas. ${detail}`;
            }
            diags.push(errorDiag(summary, detail, end.range, rangeBetween(ident.range, end.range)));
          }
          endRange = this.peeker.prevRange();
          this.recoverAfterBodyItem();
        } else {
          endRange = this.peeker.prevRange();
          this.read();
        }
      }
    }
    const attr = new NativeAttribute(
      this.text(ident),
      expr,
      rangeBetween(ident.range, endRange),
      ident.range,
      eqTok.range,
    );
    return [attr, diags];
  }

  private finishParsingBodyBlock(ident: Token): Result<NativeBlock> {
    const blockType = this.text(ident);
    const diags: Diagnostic[] = [];
    const labels: string[] = [];
    const labelRanges: Range[] = [];
    let oBrace: Token = zeroToken;
    for (;;) {
      const tok = this.peek();
      if (tok.type === "OBrace") {
        oBrace = this.read();
        break;
      }
      if (tok.type === "OQuote") {
        const [label, labelRange, labelDiags] = this.parseQuotedStringLiteral();
        diags.push(...labelDiags);
        labels.push(label);
        labelRanges.push(labelRange);
        continue;
      }
      if (tok.type === "Ident") {
        this.read();
        labels.push(this.text(tok));
        labelRanges.push(tok.range);
        continue;
      }
      const context = rangeBetween(ident.range, tok.range);
      if (tok.type === "Equal") {
        diags.push(
          errorDiag(
            "Invalid block definition",
            'The equals sign "=" indicates an argument definition, and must not be used when defining a block.',
            tok.range,
            context,
          ),
        );
      } else if (tok.type === "Newline") {
        diags.push(
          errorDiag(
            "Invalid block definition",
            'A block definition must have block content delimited by "{" and "}", starting on the same line as the block header.',
            tok.range,
            context,
          ),
        );
      } else if (!this.recovery) {
        diags.push(
          errorDiag(
            "Invalid block definition",
            'Either a quoted string block label or an opening brace ("{") is expected here.',
            tok.range,
            context,
          ),
        );
      }
      this.recoverAfterBodyItem();
      const body = new NativeBody(new Map(), [], ident.range, ident.range);
      return [
        new NativeBlock(blockType, labels, body, ident.range, labelRanges, ident.range, ident.range),
        diags,
      ];
    }

    if (!this.enter(oBrace, diags)) {
      this.leave();
      const body = new NativeBody(new Map(), [], oBrace.range, oBrace.range);
      return [
        new NativeBlock(blockType, labels, body, ident.range, labelRanges, oBrace.range, oBrace.range),
        diags,
      ];
    }
    let body: NativeBody | undefined;
    let bodyDiags: Diagnostic[];
    const afterBrace = this.peek().type;
    if (afterBrace === "Newline" || afterBrace === "EOF" || afterBrace === "CBrace") {
      [body, bodyDiags] = this.parseBody("CBrace");
    } else {
      [body, bodyDiags] = this.parseSingleAttrBody();
      const next = this.peek();
      if (next.type === "CBrace") {
        this.read();
      } else if (next.type === "Comma") {
        diags.push(
          errorDiag(
            "Invalid single-argument block definition",
            "Single-line block syntax can include only one argument definition. To define multiple arguments, use the multi-line block syntax with one argument definition per line.",
            next.range,
          ),
        );
        this.recover("CBrace");
      } else if (next.type === "Newline") {
        diags.push(
          errorDiag(
            "Invalid single-argument block definition",
            "An argument definition on the same line as its containing block creates a single-line block definition, which must also be closed on the same line. Place the block's closing brace immediately after the argument definition.",
            next.range,
          ),
        );
        this.recover("CBrace");
      } else {
        if (!this.recovery) {
          diags.push(
            next.type === "EOF"
              ? errorDiag(
                  "Unclosed configuration block",
                  "There is no closing brace for this block before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.",
                  oBrace.range,
                  rangeBetween(ident.range, oBrace.range),
                )
              : errorDiag(
                  "Invalid single-argument block definition",
                  "A single-line block definition must end with a closing brace immediately after its single argument definition.",
                  next.range,
                ),
          );
        }
        this.recover("CBrace");
      }
    }
    this.leave();
    diags.push(...bodyDiags);
    const cBraceRange = this.peeker.prevRange();
    const eol = this.peek();
    if (eol.type === "Newline" || eol.type === "EOF") {
      this.read();
    } else {
      if (!this.recovery) {
        diags.push(
          errorDiag(
            "Missing newline after block definition",
            "A block definition must end with a newline.",
            eol.range,
            rangeBetween(ident.range, eol.range),
          ),
        );
      }
      this.recoverAfterBodyItem();
    }
    if (!body) body = new NativeBody(new Map(), [], rangeBetween(oBrace.range, cBraceRange), cBraceRange);
    return [
      new NativeBlock(blockType, labels, body, ident.range, labelRanges, oBrace.range, cBraceRange),
      diags,
    ];
  }

  // ---- Expressions ----

  parseExpression(): Result<NativeExpression> {
    return this.parseTernaryConditional();
  }

  private parseTernaryConditional(): Result<NativeExpression> {
    const startRange = this.peeker.nextRange();
    const diags: Diagnostic[] = [];
    const [condExpr, condDiags] = this.parseBinaryOps();
    diags.push(...condDiags);
    if (this.recovery && hasErrors(condDiags)) return [condExpr, diags];
    const question = this.peek();
    if (question.type !== "Question") return [condExpr, diags];
    this.read();
    if (!this.enter(question, diags)) {
      this.leave();
      return [condExpr, diags];
    }
    try {
      return this.finishConditional(startRange, condExpr, diags);
    } finally {
      this.leave();
    }
  }

  private finishConditional(
    startRange: Range,
    condExpr: NativeExpression,
    diags: Diagnostic[],
  ): Result<NativeExpression> {
    const [trueExpr, trueDiags] = this.parseExpression();
    diags.push(...trueDiags);
    if (this.recovery && hasErrors(trueDiags)) return [condExpr, diags];
    const colon = this.peek();
    if (colon.type !== "Colon") {
      diags.push(
        errorDiag(
          "Missing false expression in conditional",
          "The conditional operator (...?...:...) requires a false expression, delimited by a colon.",
          colon.range,
          rangeBetween(startRange, colon.range),
        ),
      );
      return [condExpr, diags];
    }
    this.read();
    const [falseExpr, falseDiags] = this.parseExpression();
    diags.push(...falseDiags);
    if (this.recovery && hasErrors(falseDiags)) return [condExpr, diags];
    return [
      new ConditionalExpr(condExpr, trueExpr, falseExpr, rangeBetween(startRange, falseExpr.range)),
      diags,
    ];
  }

  /**
   * hclsyntax parses one precedence level per (recursive) call; this runs the same steps
   * with an explicit stack of levels so that deep nesting uses fewer JavaScript frames.
   */
  private parseBinaryOps(): Result<NativeExpression> {
    interface Frame {
      level: number;
      lhs?: NativeExpression;
      op?: Operation;
      rhs?: NativeExpression;
      diags: Diagnostic[];
      phase: "lhs" | "rhs";
    }
    const frames: Frame[] = [];
    // The frame's operands joined by its operator, whether its level ends or goes on.
    const combine = (frame: Frame, op: Operation): NativeExpression =>
      this.chained(
        new BinaryOpExpr(frame.lhs!, op, frame.rhs!, rangeBetween(frame.lhs!.range, frame.rhs!.range)),
        frame.diags,
      );
    // Parses an operand for the levels from `from` down. Frames are made only for the levels
    // down to the next operator's own: the deeper ones would hand the operand straight back.
    const descend = (from: number): Result<NativeExpression> => {
      const operand = this.parseExpressionWithTraversals();
      if (this.recovery && hasErrors(operand[1])) return operand;
      const level = operatorLevel[this.peek().type] ?? -1;
      for (let l = from; l <= level; l++) frames.push({ level: l, diags: [], phase: "lhs" });
      return operand;
    };
    let result = descend(0);
    for (;;) {
      const frame = frames[frames.length - 1];
      if (!frame) return result;
      const [expr, exprDiags] = result;
      frame.diags.push(...exprDiags);
      if (frame.phase === "lhs") frame.lhs = expr;
      else frame.rhs = expr;
      if (this.recovery && hasErrors(exprDiags)) {
        frames.pop();
        result = [frame.lhs!, frame.diags];
        continue;
      }
      const next = this.peek();
      const newOp = binaryOps[frame.level]![next.type];
      if (!newOp) {
        frames.pop();
        result = [frame.op ? combine(frame, frame.op) : frame.lhs!, frame.diags];
        continue;
      }
      if (frame.op) {
        frame.lhs = combine(frame, frame.op);
        if (this.recovery && hasErrors(frame.diags)) {
          frames.pop();
          result = [frame.lhs, frame.diags];
          continue;
        }
      }
      frame.op = newOp;
      this.read();
      frame.phase = "rhs";
      result = descend(frame.level + 1);
    }
  }

  private parseExpressionWithTraversals(): Result<NativeExpression> {
    const [term, diags] = this.parseExpressionTerm();
    const [ret, more] = this.parseExpressionTraversals(term);
    return [ret, [...diags, ...more]];
  }

  parseExpressionTraversals(from: NativeExpression): Result<NativeExpression> {
    const diags: Diagnostic[] = [];
    let ret = from;
    for (;;) {
      const next = this.peek();
      if (next.type === "Dot") {
        const dot = this.read();
        const attrTok = this.peek();
        if (attrTok.type === "Ident") {
          this.read();
          const rng = rangeBetween(dot.range, attrTok.range);
          ret = this.chained(
            makeRelativeTraversal(ret, { kind: "attr", name: this.text(attrTok), range: rng }, rng),
            diags,
          );
        } else if (attrTok.type === "NumberLit") {
          const numTok = this.read();
          const text = this.text(numTok);
          const dotIdx = text.indexOf(".");
          const rng = rangeBetween(dot.range, numTok.range);
          if (dotIdx >= 0) {
            diags.push(
              errorDiag(
                "Invalid legacy index syntax",
                `When using the legacy index syntax, chaining two indexes together is not permitted. Use the proper index syntax instead, like [${text.slice(0, dotIdx)}][${text.slice(dotIdx + 1)}].`,
                numTok.range,
              ),
            );
            ret = makeRelativeTraversal(
              ret,
              { kind: "index", key: cty.Unknown, keyType: cty.dynamic, range: rng },
              rng,
            );
            continue;
          }
          const [num, numDiags] = this.numberLitValue(numTok);
          diags.push(...numDiags);
          ret = makeRelativeTraversal(
            ret,
            { kind: "index", key: num.value, keyType: num.type, range: rng },
            rng,
          );
        } else if (attrTok.type === "Star") {
          const marker = this.read();
          const trav: Traverser[] = [];
          const firstRange = this.peeker.nextRange();
          let lastRange = marker.range;
          let broke = false;
          while (this.peek().type === "Dot") {
            const d = this.read();
            if (this.peek().type === "NumberLit") {
              const numTok = this.read();
              const text = this.text(numTok);
              const dotIdx = text.indexOf(".");
              if (dotIdx >= 0) {
                diags.push(
                  errorDiag(
                    "Invalid legacy index syntax",
                    `When using the legacy index syntax, chaining two indexes together is not permitted. Use the proper index syntax with a full splat expression [*] instead, like [${text.slice(0, dotIdx)}][${text.slice(dotIdx + 1)}].`,
                    attrTok.range,
                  ),
                );
                trav.push({
                  kind: "index",
                  key: cty.Unknown,
                  keyType: cty.dynamic,
                  range: rangeBetween(d.range, numTok.range),
                });
                lastRange = numTok.range;
                continue;
              }
              const [num, numDiags] = this.numberLitValue(numTok);
              diags.push(...numDiags);
              trav.push({
                kind: "index",
                key: num.value,
                keyType: num.type,
                range: rangeBetween(d.range, numTok.range),
              });
              lastRange = numTok.range;
              continue;
            }
            if (this.peek().type !== "Ident") {
              if (!this.recovery) {
                if (this.peek().type === "Star") {
                  diags.push(
                    errorDiag(
                      "Nested splat expression not allowed",
                      "A splat expression (*) cannot be used inside another attribute-only splat expression.",
                      this.peek().range,
                    ),
                  );
                } else {
                  diags.push(
                    errorDiag(
                      "Invalid attribute name",
                      "An attribute name is required after a dot.",
                      attrTok.range,
                    ),
                  );
                }
              }
              this.recovery = true;
              broke = true;
              break;
            }
            const nameTok = this.read();
            trav.push({
              kind: "attr",
              name: this.text(nameTok),
              range: rangeBetween(d.range, nameTok.range),
            });
            lastRange = nameTok.range;
          }
          // hcl abandons the splat under construction here and goes on with the next token.
          if (broke) continue;
          const item = new AnonSymbolExpr(rangeBetween(dot.range, marker.range));
          const each: NativeExpression =
            trav.length === 0
              ? item
              : new RelativeTraversalExpr(item, trav, rangeBetween(firstRange, lastRange));
          ret = this.chained(
            new SplatExpr(
              ret,
              each,
              item,
              rangeBetween(from.range, lastRange),
              rangeBetween(dot.range, marker.range),
            ),
            diags,
          );
        } else {
          diags.push(
            errorDiag("Invalid attribute name", "An attribute name is required after a dot.", attrTok.range),
          );
          ret = new ExprSyntaxError(dynamicUnknown, [...diags], rangeBetween(from.range, dot.range));
          this.recovery = true;
        }
        continue;
      }
      if (next.type === "OBrack") {
        const open = this.read();
        if (this.peek().type === "Star") {
          this.read();
          let close = this.read();
          if (close.type !== "CBrack" && !this.recovery) {
            // hcl's diagnostic points at the token recovery stops at (its subject aliases
            // the variable that recovery then overwrites).
            close = this.recover("CBrack");
            diags.push(
              errorDiag(
                "Missing close bracket on splat index",
                'The star for a full splat operator must be immediately followed by a closing bracket ("]").',
                close.range,
              ),
            );
          }
          const item = new AnonSymbolExpr(rangeBetween(open.range, close.range));
          if (!this.enter(open, diags)) {
            this.leave();
            return [ret, diags];
          }
          const [each, nested] = this.parseExpressionTraversals(item);
          this.leave();
          diags.push(...nested);
          ret = this.chained(
            new SplatExpr(
              ret,
              each,
              item,
              rangeBetween(from.range, each.range),
              rangeBetween(open.range, close.range),
            ),
            diags,
          );
          continue;
        }
        let close: Token;
        if (!this.enter(open, diags)) {
          this.leave();
          return [ret, diags];
        }
        this.peeker.pushIncludeNewlines(false);
        const [keyExpr, keyDiags] = this.parseExpression();
        this.leave();
        diags.push(...keyDiags);
        if (this.recovery && hasErrors(keyDiags)) {
          close = this.recover("CBrack");
        } else {
          close = this.read();
          if (close.type !== "CBrack" && !this.recovery) {
            // As above: hcl reports the token recovery stops at.
            close = this.recover("CBrack");
            diags.push(
              errorDiag(
                "Missing close bracket on index",
                'The index operator must end with a closing bracket ("]").',
                close.range,
              ),
            );
          }
        }
        this.peeker.popIncludeNewlines();
        const rng = rangeBetween(open.range, close.range);
        if (keyExpr instanceof LiteralValueExpr) {
          ret = makeRelativeTraversal(
            ret,
            { kind: "index", key: keyExpr.val.value, keyType: keyExpr.val.type, range: rng },
            rng,
          );
        } else if (keyExpr instanceof TemplateExpr && keyExpr.isStringLiteral()) {
          const v = keyExpr.value().value;
          ret = makeRelativeTraversal(ret, { kind: "index", key: v.value, keyType: v.type, range: rng }, rng);
        } else {
          ret = this.chained(
            new IndexExpr(ret, keyExpr, rangeBetween(from.range, rng), open.range, rng),
            diags,
          );
        }
        continue;
      }
      break;
    }
    return [ret, diags];
  }

  private parseExpressionTerm(): Result<NativeExpression> {
    const start = this.peek();
    const nests =
      start.type === "OParen" ||
      start.type === "OQuote" ||
      start.type === "OHeredoc" ||
      start.type === "Minus" ||
      start.type === "Bang" ||
      start.type === "OBrack" ||
      start.type === "OBrace";
    if (!nests) return this.parseSimpleTerm(start);
    const tooDeep: Diagnostic[] = [];
    if (!this.enter(start, tooDeep)) {
      this.leave();
      return [new LiteralValueExpr(dynamicUnknown, start.range), tooDeep];
    }
    try {
      return this.parseNestingTerm(start);
    } finally {
      this.leave();
    }
  }

  private parseSimpleTerm(start: Token): Result<NativeExpression> {
    switch (start.type) {
      case "NumberLit": {
        const tok = this.read();
        const [num, diags] = this.numberLitValue(tok);
        return [new LiteralValueExpr(num, tok.range), diags];
      }
      case "Ident": {
        const tok = this.read();
        const after = this.peek().type;
        if (after === "OParen" || after === "DoubleColon") return this.finishParsingFunctionCall(tok);
        const name = this.text(tok);
        switch (name) {
          case "true":
            return [new LiteralValueExpr({ value: true, type: cty.bool }, tok.range), []];
          case "false":
            return [new LiteralValueExpr({ value: false, type: cty.bool }, tok.range), []];
          case "null":
            return [new LiteralValueExpr({ value: null, type: cty.dynamic }, tok.range), []];
          default:
            return [new ScopeTraversalExpr([{ kind: "root", name, range: tok.range }], tok.range), []];
        }
      }
      default: {
        const diags: Diagnostic[] = [];
        if (!this.recovery) {
          diags.push(
            start.type === "EOF"
              ? errorDiag(
                  "Missing expression",
                  "Expected the start of an expression, but found the end of the file.",
                  start.range,
                )
              : errorDiag(
                  "Invalid expression",
                  "Expected the start of an expression, but found an invalid expression token.",
                  start.range,
                ),
          );
        }
        this.recovery = true;
        return [new LiteralValueExpr(dynamicUnknown, start.range), diags];
      }
    }
  }

  private parseNestingTerm(start: Token): Result<NativeExpression> {
    switch (start.type) {
      case "OParen": {
        const oParen = this.read();
        this.peeker.pushIncludeNewlines(false);
        const [expr, diags] = this.parseExpression();
        if (hasErrors(diags)) {
          this.recover("CParen");
          this.peeker.popIncludeNewlines();
          return [expr, diags];
        }
        const close = this.peek();
        if (close.type !== "CParen") {
          diags.push(
            errorDiag(
              "Unbalanced parentheses",
              "Expected a closing parenthesis to terminate the expression.",
              close.range,
              rangeBetween(start.range, close.range),
            ),
          );
          this.recovery = true;
        }
        const cParen = this.read();
        this.peeker.popIncludeNewlines();
        return [new ParenthesesExpr(expr, rangeBetween(oParen.range, cParen.range)), diags];
      }
      case "OQuote":
      case "OHeredoc": {
        const open = this.read();
        const closer = oppositeBracket(open.type);
        const flush = open.type === "OHeredoc" && this.src[open.start + 2] === 0x2d;
        const [exprs, passthru, , diags] = parseTemplateInner(this, closer, flush);
        const closeRange = this.peeker.prevRange();
        const rng = rangeBetween(open.range, closeRange);
        if (passthru) return [new TemplateWrapExpr(exprs[0]!, rng), diags];
        return [new TemplateExpr(exprs, rng), diags];
      }
      case "Minus":
      case "Bang": {
        const tok = this.read();
        const [operand, diags] = this.parseExpressionWithTraversals();
        const op = start.type === "Minus" ? opNegate : opLogicalNot;
        return [new UnaryOpExpr(op, operand, rangeBetween(tok.range, operand.range), tok.range), diags];
      }
      case "OBrack":
        return this.parseTupleCons();
      default:
        return this.parseObjectCons();
    }
  }

  numberLitValue(tok: Token): Result<TypedValue> {
    const text = this.text(tok);
    try {
      // hcl holds a number literal at 512 bits (cty.ParseNumberVal): a Decimal, so that
      // arithmetic on literals gives go-cty's digits (11 % 5.1 is 0.8 to 150 places).
      return [{ value: cty.decimalFromText(text), type: cty.number }, []];
    } catch {
      return [
        unknownOf(cty.number),
        [
          errorDiag(
            "Invalid number literal",
            "Failed to recognize the value of this number literal.",
            tok.range,
          ),
        ],
      ];
    }
  }

  private finishParsingFunctionCall(name: Token): Result<NativeExpression> {
    const diags: Diagnostic[] = [];
    let openTok = this.read();
    let nameStr = this.text(name);
    let nameEnd = name.range.end;
    while (openTok.type === "DoubleColon") {
      const nextName = this.read();
      if (nextName.type !== "Ident") {
        const d = errorDiag(
          "Missing function name",
          "Function scope resolution symbol :: must be followed by a function name in this scope.",
          nextName.range,
          rangeBetween(name.range, nextName.range),
        );
        diags.push(d);
        this.recoverOver("OParen");
        return [new ExprSyntaxError(dynamicUnknown, [d], rangeBetween(name.range, nextName.range)), diags];
      }
      nameStr = `${nameStr}::${this.text(nextName)}`;
      nameEnd = nextName.range.end;
      openTok = this.read();
    }
    const nameRange: Range = { filename: name.range.filename, start: name.range.start, end: nameEnd };
    if (openTok.type !== "OParen") {
      const d = errorDiag(
        "Missing open parenthesis",
        "Function selector must be followed by an open parenthesis to begin the function call.",
        openTok.range,
        rangeBetween(name.range, openTok.range),
      );
      diags.push(d);
      this.recoverOver("OParen");
      return [new ExprSyntaxError(dynamicUnknown, [d], rangeBetween(name.range, openTok.range)), diags];
    }
    const nested: Diagnostic[] = [];
    if (!this.enter(openTok, nested)) {
      this.leave();
      return [new LiteralValueExpr(dynamicUnknown, openTok.range), nested];
    }
    const args: NativeExpression[] = [];
    let expandFinal = false;
    let closeTok: Token = zeroToken;
    this.peeker.pushIncludeNewlines(false);
    for (;;) {
      if (this.peek().type === "CParen") {
        closeTok = this.read();
        break;
      }
      const [arg, argDiags] = this.parseExpression();
      args.push(arg);
      diags.push(...argDiags);
      if (this.recovery && hasErrors(argDiags)) {
        const recovered = this.recover("CParen");
        if (recovered.type === "CParen") closeTok = recovered;
        break;
      }
      const sep = this.read();
      if (sep.type === "CParen") {
        closeTok = sep;
        break;
      }
      if (sep.type === "Ellipsis") {
        expandFinal = true;
        if (this.peek().type !== "CParen") {
          if (!this.recovery) {
            diags.push(
              errorDiag(
                "Missing closing parenthesis",
                "An expanded function argument (with ...) must be immediately followed by closing parentheses.",
                sep.range,
                rangeBetween(name.range, sep.range),
              ),
            );
          }
          closeTok = this.recover("CParen");
        } else {
          closeTok = this.read();
        }
        break;
      }
      if (sep.type !== "Comma") {
        diags.push(
          sep.type === "EOF"
            ? errorDiag(
                "Unterminated function call",
                "There is no closing parenthesis for this function call before the end of the file. This may be caused by incorrect parenthesis nesting elsewhere in this file.",
                rangeBetween(name.range, openTok.range),
              )
            : errorDiag(
                "Missing argument separator",
                "A comma is required to separate each function argument from the next.",
                sep.range,
                rangeBetween(name.range, sep.range),
              ),
        );
        closeTok = this.recover("CParen");
        break;
      }
      if (this.peek().type === "CParen") {
        closeTok = this.read();
        break;
      }
    }
    this.peeker.popIncludeNewlines();
    this.leave();
    return [
      new FunctionCallExpr(nameStr, args, expandFinal, nameRange, openTok.range, closeTok.range),
      diags,
    ];
  }

  /**
   * Where a tuple or object constructor wants a separator or its closer and finds `next`: the
   * unterminated constructor (at the end of the file) or the missing separator, reported unless
   * already recovering; then recovery to the closer, which is returned.
   */
  private missingSeparator(
    open: Token,
    next: Token,
    closer: "CBrack" | "CBrace",
    summary: string,
    detail: string,
    diags: Diagnostic[],
  ): Token {
    if (!this.recovery) {
      diags.push(
        next.type === "EOF"
          ? unterminatedCons(closer, open.range)
          : errorDiag(summary, detail, next.range, rangeBetween(open.range, next.range)),
      );
    }
    return this.recover(closer);
  }

  private parseTupleCons(): Result<NativeExpression> {
    const open = this.read();
    this.peeker.pushIncludeNewlines(false);
    try {
      if (this.isKeyword(this.peek(), "for")) return this.finishParsingForExpr(open);
      let close: Token;
      const diags: Diagnostic[] = [];
      const exprs: NativeExpression[] = [];
      for (;;) {
        let next = this.peek();
        if (next.type === "CBrack") {
          close = this.read();
          break;
        }
        const [expr, exprDiags] = this.parseExpression();
        exprs.push(expr);
        diags.push(...exprDiags);
        if (this.recovery && hasErrors(exprDiags)) {
          close = this.recover("CBrack");
          break;
        }
        next = this.peek();
        if (next.type === "CBrack") {
          close = this.read();
          break;
        }
        if (next.type !== "Comma") {
          close = this.missingSeparator(
            open,
            next,
            "CBrack",
            "Missing item separator",
            "Expected a comma to mark the beginning of the next item.",
            diags,
          );
          break;
        }
        this.read();
      }
      return [new TupleConsExpr(exprs, rangeBetween(open.range, close.range), open.range), diags];
    } finally {
      this.peeker.popIncludeNewlines();
    }
  }

  private parseObjectCons(): Result<NativeExpression> {
    const open = this.read();
    this.peeker.pushIncludeNewlines(false);
    const isFor = this.isKeyword(this.peek(), "for");
    this.peeker.popIncludeNewlines();
    if (isFor) return this.finishParsingForExpr(open);
    this.peeker.pushIncludeNewlines(true);
    try {
      let close: Token;
      const diags: Diagnostic[] = [];
      const items: ObjectConsItem[] = [];
      for (;;) {
        let next = this.peek();
        if (next.type === "Newline") {
          this.read();
          continue;
        }
        if (next.type === "CBrace") {
          close = this.read();
          break;
        }
        const forceNonLiteral = this.peek().type === "OParen";
        const [rawKey, keyDiags] = this.parseExpression();
        diags.push(...keyDiags);
        if (this.recovery && hasErrors(keyDiags)) {
          close = this.recover("CBrace");
          break;
        }
        const key = new ObjectConsKeyExpr(rawKey, forceNonLiteral);
        next = this.peek();
        if (next.type !== "Equal" && next.type !== "Colon") {
          if (!this.recovery) {
            const context = rangeBetween(open.range, next.range);
            switch (next.type) {
              case "Newline":
              case "Comma":
                diags.push(
                  errorDiag(
                    "Missing attribute value",
                    'Expected an attribute value, introduced by an equals sign ("=").',
                    next.range,
                    context,
                  ),
                );
                break;
              case "Ident":
                diags.push(
                  errorDiag(
                    "Missing key/value separator",
                    'Expected an equals sign ("=") to mark the beginning of the attribute value. If you intended to given an attribute name containing periods or spaces, write the name in quotes to create a string literal.',
                    next.range,
                    context,
                  ),
                );
                break;
              case "EOF":
                diags.push(unterminatedCons("CBrace", open.range));
                break;
              default:
                diags.push(
                  errorDiag(
                    "Missing key/value separator",
                    'Expected an equals sign ("=") to mark the beginning of the attribute value.',
                    next.range,
                    context,
                  ),
                );
            }
          }
          close = this.recover("CBrace");
          break;
        }
        this.read();
        const [value, valueDiags] = this.parseExpression();
        diags.push(...valueDiags);
        if (this.recovery && hasErrors(valueDiags)) {
          if (value instanceof ExprSyntaxError) items.push({ keyExpr: key, valueExpr: value });
          close = this.recover("CBrace");
          break;
        }
        items.push({ keyExpr: key, valueExpr: value });
        next = this.peek();
        if (next.type === "CBrace") {
          close = this.read();
          break;
        }
        if (next.type !== "Comma" && next.type !== "Newline") {
          close = this.missingSeparator(
            open,
            next,
            "CBrace",
            "Missing attribute separator",
            "Expected a newline or comma to mark the beginning of the next attribute.",
            diags,
          );
          break;
        }
        this.read();
      }
      return [new ObjectConsExpr(items, rangeBetween(open.range, close.range), open.range), diags];
    } finally {
      this.peeker.popIncludeNewlines();
    }
  }

  private finishParsingForExpr(open: Token): Result<NativeExpression> {
    this.peeker.pushIncludeNewlines(false);
    try {
      return this.forExprBody(open);
    } finally {
      this.peeker.popIncludeNewlines();
    }
  }

  private forExprBody(open: Token): Result<NativeExpression> {
    this.read(); // "for"
    const makeObj = open.type === "OBrace";
    const closeType: TokenType = makeObj ? "CBrace" : "CBrack";
    const diags: Diagnostic[] = [];
    const fail = (detail: string): Result<NativeExpression> => {
      if (!this.recovery) {
        const at = this.peek();
        diags.push(
          errorDiag("Invalid 'for' expression", detail, at.range, rangeBetween(open.range, at.range)),
        );
      }
      const close = this.recover(closeType);
      return [new LiteralValueExpr(dynamicUnknown, rangeBetween(open.range, close.range)), diags];
    };
    const bail = (): Result<NativeExpression> => {
      const close = this.recover(closeType);
      return [new LiteralValueExpr(dynamicUnknown, rangeBetween(open.range, close.range)), diags];
    };
    if (this.peek().type !== "Ident") return fail("For expression requires variable name after 'for'.");
    let keyName = "";
    let valName = this.text(this.read());
    if (this.peek().type === "Comma") {
      keyName = valName;
      this.read();
      if (this.peek().type !== "Ident")
        return fail("For expression requires value variable name after comma.");
      valName = this.text(this.read());
    }
    if (!this.isKeyword(this.peek(), "in"))
      return fail("For expression requires the 'in' keyword after its name declarations.");
    this.read();
    const [collExpr, collDiags] = this.parseExpression();
    diags.push(...collDiags);
    if (this.recovery && hasErrors(collDiags)) return bail();
    if (this.peek().type !== "Colon")
      return fail("For expression requires a colon after the collection expression.");
    this.read();
    let keyExpr: NativeExpression | undefined;
    let keyDiags: Diagnostic[] = [];
    let [valExpr, valDiags] = this.parseExpression();
    if (this.peek().type === "FatArrow") {
      this.read();
      keyExpr = valExpr;
      keyDiags = valDiags;
      [valExpr, valDiags] = this.parseExpression();
    }
    diags.push(...keyDiags, ...valDiags);
    if (this.recovery && (hasErrors(keyDiags) || hasErrors(valDiags))) return bail();
    let group = false;
    let ellipsis: Token = zeroToken;
    if (this.peek().type === "Ellipsis") {
      ellipsis = this.read();
      group = true;
    }
    let condExpr: NativeExpression | undefined;
    if (this.isKeyword(this.peek(), "if")) {
      this.read();
      const [c, condDiags] = this.parseExpression();
      condExpr = c;
      diags.push(...condDiags);
      if (this.recovery && hasErrors(condDiags)) return bail();
    }
    let close: Token;
    if (this.peek().type === closeType) {
      close = this.read();
    } else {
      if (!this.recovery) {
        const at = this.peek();
        diags.push(
          errorDiag(
            "Invalid 'for' expression",
            "Extra characters after the end of the 'for' expression.",
            at.range,
            rangeBetween(open.range, at.range),
          ),
        );
      }
      close = this.recover(closeType);
    }
    const whole = rangeBetween(open.range, close.range);
    if (!makeObj) {
      if (keyExpr) {
        diags.push(
          errorDiag(
            "Invalid 'for' expression",
            "Key expression is not valid when building a tuple.",
            keyExpr.range,
            whole,
          ),
        );
      }
      if (group) {
        diags.push(
          errorDiag(
            "Invalid 'for' expression",
            "Grouping ellipsis (...) cannot be used when building a tuple.",
            ellipsis.range,
            whole,
          ),
        );
      }
    } else if (!keyExpr) {
      diags.push(
        errorDiag(
          "Invalid 'for' expression",
          "Key expression is required when building an object.",
          valExpr.range,
          whole,
        ),
      );
    }
    return [
      new ForExpr(
        keyName,
        valName,
        collExpr,
        keyExpr,
        valExpr,
        condExpr,
        group,
        whole,
        open.range,
        close.range,
      ),
      diags,
    ];
  }

  /** A quoted string with no template sequences (block labels, traversal keys). */
  parseQuotedStringLiteral(): [string, Range, Diagnostic[]] {
    const oQuote = this.read();
    if (oQuote.type !== "OQuote") {
      return [
        "",
        oQuote.range,
        [errorDiag("Invalid string literal", "A quoted string is required here.", oQuote.range)],
      ];
    }
    const diags: Diagnostic[] = [];
    let ret = "";
    let endRange: Range;
    for (;;) {
      const tok = this.read();
      if (tok.type === "CQuote") {
        endRange = tok.range;
        break;
      }
      if (tok.type === "QuotedLit") {
        const s = parseStringLiteral(this.src, tok.start, tok.end, true, tok.range.filename, tok.range.start);
        diags.push(...s.diagnostics);
        ret += s.value;
        continue;
      }
      if (tok.type === "TemplateControl" || tok.type === "TemplateInterp") {
        const which = tok.type === "TemplateControl" ? "%" : "$";
        diags.push(
          errorDiag(
            "Invalid string literal",
            `Template sequences are not allowed in this string. To include a literal "${which}", double it (as "${which}${which}") to escape it.`,
            tok.range,
            rangeBetween(oQuote.range, tok.range),
          ),
        );
        ret += `${which}{ ... }`;
        this.recover("TemplateSeqEnd");
        continue;
      }
      if (tok.type === "EOF") {
        diags.push(
          errorDiag(
            "Unterminated string literal",
            "Unable to find the closing quote mark before the end of the file.",
            tok.range,
            rangeBetween(oQuote.range, tok.range),
          ),
        );
        endRange = tok.range;
        break;
      }
      diags.push(
        errorDiag(
          "Invalid string literal",
          "This item is not valid in a string literal.",
          tok.range,
          rangeBetween(oQuote.range, tok.range),
        ),
      );
      this.recover("CQuote");
      endRange = tok.range;
      break;
    }
    return [ret.normalize("NFC"), rangeBetween(oQuote.range, endRange), diags];
  }

  // ---- Recovery ----

  /** Skips to the `end` token that balances what was open, reading it; or to EOF. */
  recover(end: TokenType): Token {
    const start = oppositeBracket(end);
    this.recovery = true;
    let nest = 0;
    for (;;) {
      const tok = this.read();
      let ty = tok.type;
      if (end === "TemplateSeqEnd" && ty === "TemplateControl") ty = "TemplateInterp";
      if (ty === start) nest++;
      else if (ty === end) {
        if (nest < 1) return tok;
        nest--;
      } else if (ty === "EOF") return tok;
    }
  }

  private recoverOver(start: TokenType): void {
    const end = oppositeBracket(start);
    for (;;) {
      const tok = this.read();
      if (tok.type === start || tok.type === "EOF") break;
    }
    this.recover(end);
  }

  recoverAfterBodyItem(): void {
    this.recovery = true;
    const open: TokenType[] = [];
    for (;;) {
      const tok = this.read();
      switch (tok.type) {
        case "Newline":
          if (open.length === 0) return;
          break;
        case "EOF":
          return;
        case "OBrace":
        case "OBrack":
        case "OParen":
        case "OQuote":
        case "OHeredoc":
        case "TemplateInterp":
        case "TemplateControl":
          open.push(tok.type);
          break;
        case "CBrace":
        case "CBrack":
        case "CParen":
        case "CQuote":
        case "CHeredoc": {
          const opener = oppositeBracket(tok.type);
          while (open.length > 0 && open[open.length - 1] !== opener) open.pop();
          if (open.length > 0) open.pop();
          break;
        }
        case "TemplateSeqEnd":
          while (
            open.length > 0 &&
            open[open.length - 1] !== "TemplateInterp" &&
            open[open.length - 1] !== "TemplateControl"
          ) {
            open.pop();
          }
          if (open.length > 0) open.pop();
          break;
        default:
          break;
      }
    }
  }

  // ---- Traversals ----

  /** A traversal: a name, then `.attr`, `[number]` or `["string"]` steps (hcl's ParseTraversalAbs). */
  parseTraversal(allowSplats: boolean): Result<Traverser[]> {
    const ret: Traverser[] = [];
    const diags: Diagnostic[] = [];
    const varTok = this.read();
    if (varTok.type !== "Ident") {
      diags.push(errorDiag("Variable name required", "Must begin with a variable name.", varTok.range));
      return [ret, diags];
    }
    ret.push({ kind: "root", name: this.text(varTok), range: varTok.range });
    for (;;) {
      const next = this.peek();
      if (next.type === "EOF") return [ret, diags];
      if (next.type === "Dot") {
        const dot = this.read();
        const nameTok = this.read();
        if (nameTok.type !== "Ident") {
          diags.push(
            errorDiag(
              "Attribute name required",
              nameTok.type === "Star"
                ? "Splat expressions (.*) may not be used here."
                : "Dot must be followed by attribute name.",
              nameTok.range,
              rangeBetween(varTok.range, nameTok.range),
            ),
          );
          return [ret, diags];
        }
        ret.push({ kind: "attr", name: this.text(nameTok), range: rangeBetween(dot.range, nameTok.range) });
        continue;
      }
      if (next.type === "OBrack") {
        const open = this.read();
        const inner = this.peek();
        const unclosed = (close: Token): void => {
          if (close.type !== "CBrack") {
            diags.push(
              errorDiag(
                "Unclosed index brackets",
                "Index key must be followed by a closing bracket.",
                close.range,
                rangeBetween(open.range, close.range),
              ),
            );
          }
        };
        if (inner.type === "NumberLit") {
          const tok = this.read();
          const [num, numDiags] = this.numberLitValue(tok);
          diags.push(...numDiags);
          const close = this.read();
          unclosed(close);
          ret.push({
            kind: "index",
            key: num.value,
            keyType: num.type,
            range: rangeBetween(open.range, close.range),
          });
          if (hasErrors(diags)) return [ret, diags];
          continue;
        }
        if (inner.type === "OQuote") {
          const [str, , strDiags] = this.parseQuotedStringLiteral();
          diags.push(...strDiags);
          const close = this.read();
          unclosed(close);
          ret.push({
            kind: "index",
            key: str,
            keyType: cty.string,
            range: rangeBetween(open.range, close.range),
          });
          if (hasErrors(diags)) return [ret, diags];
          continue;
        }
        if (inner.type === "Star" && allowSplats) {
          this.read();
          const close = this.read();
          unclosed(close);
          ret.push({ kind: "splat", range: rangeBetween(open.range, close.range) });
          if (hasErrors(diags)) return [ret, diags];
          continue;
        }
        diags.push(
          inner.type === "Star"
            ? errorDiag(
                "Attribute name required",
                "Splat expressions ([*]) may not be used here.",
                inner.range,
                rangeBetween(varTok.range, inner.range),
              )
            : errorDiag(
                "Index value required",
                "Index brackets must contain either a literal number or a literal string.",
                inner.range,
                rangeBetween(varTok.range, inner.range),
              ),
        );
        return [ret, diags];
      }
      diags.push(
        errorDiag(
          "Invalid character",
          "Expected an attribute access or an index operator.",
          next.range,
          rangeBetween(varTok.range, next.range),
        ),
      );
      return [ret, diags];
    }
  }
}

/** Adds a step to a traversal expression, or starts a relative traversal (hcl's makeRelativeTraversal). */
/** A tuple (`]`) or object (`}`) constructor that the file ends inside. */
function unterminatedCons(closer: "CBrack" | "CBrace", open: Range): Diagnostic {
  return closer === "CBrack"
    ? errorDiag(
        "Unterminated tuple constructor expression",
        "There is no corresponding closing bracket before the end of the file. This may be caused by incorrect bracket nesting elsewhere in this file.",
        open,
      )
    : errorDiag(
        "Unterminated object constructor expression",
        "There is no corresponding closing brace before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.",
        open,
      );
}

function makeRelativeTraversal(expr: NativeExpression, next: Traverser, rng: Range): NativeExpression {
  if (expr instanceof ScopeTraversalExpr || expr instanceof RelativeTraversalExpr) {
    expr.traversal.push(next);
    expr.range = rangeBetween(expr.range, rng);
    return expr;
  }
  return new RelativeTraversalExpr(expr, [next], rangeBetween(expr.range, rng));
}
