// Random HCL native-syntax text for differential property tests: expressions, templates and
// config bodies, with variables of random types and values to evaluate them against. The text
// is built straight from pieces (no AST): both our parser and hashicorp's read the same text,
// so precedence, associativity and ranges are whatever the text says, and the test compares.
//
// Every generated text is meant to be syntactically valid (its test checks that Go parses all
// of them); evaluation errors (type mismatches, unknown attributes...) are common on purpose.
import {
  bool,
  type CtyType,
  type CtyValue,
  Decimal,
  list,
  map,
  number,
  object,
  set,
  string,
  tuple,
  Unknown,
} from "@tsvider/cty";
import type { TypedValue } from "@tsvider/cty/function";
import { stdlibFunctions } from "@tsvider/cty/stdlib";
import fc from "fast-check";
// cty's refined-unknown arbitraries are test support, not part of its published API, so they
// are reached by path. The built file, not its source: it imports cty's dist modules, the same
// instances as "@tsvider/cty" above, so its unknowns are the classes hcl's code checks for.
import {
  type RefinementAlphabet,
  refinedUnknownFor,
} from "../../../cty/dist/internal/refined-unknowns.test-support.js";
import type { FunctionNames } from "./go-oracle.test-support.js";
import { operatorFunctionNames } from "./operator-functions.js";

// Attribute names and map keys come from one small alphabet, so that traversals written by
// the expression generator hit the generated values' attributes often.
export const keyNames = ["a", "b", "c", "é"] as const;
const identKeys = ["a", "b", "c"] as const;

// ---------------------------------------------------------------------------------------------
// Types and values of variables

const primitiveType = fc.constantFrom<CtyType>(string, number, bool);

/** Types up to `depth` levels of nesting; set elements stay primitive (cty's sets are simple). */
function typeAt(depth: number): fc.Arbitrary<CtyType> {
  if (depth === 0) return primitiveType;
  const inner = typeAt(depth - 1);
  return fc.oneof(
    { weight: 3, arbitrary: primitiveType },
    { weight: 1, arbitrary: inner.map(list) },
    { weight: 1, arbitrary: inner.map(map) },
    { weight: 1, arbitrary: primitiveType.map(set) },
    {
      weight: 2,
      arbitrary: fc
        .uniqueArray(fc.constantFrom(...keyNames), { maxLength: 3 })
        .chain((names) =>
          fc
            .tuple(...names.map(() => inner))
            .map((ts) => object(Object.fromEntries(names.map((n, i) => [n, ts[i]!])))),
        ),
    },
    { weight: 1, arbitrary: fc.array(inner, { maxLength: 3 }).map(tuple) },
  );
}

export const variableType = typeAt(2);

const numberValue: fc.Arbitrary<CtyValue> = fc.oneof(
  fc.integer({ min: -5, max: 5 }),
  fc.constantFrom<CtyValue>(
    0.5,
    -2.25,
    1e21,
    2 ** 53 + 2,
    new Decimal("0.1"),
    new Decimal("12345678901234567890.125"),
  ),
  fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }),
);

const stringValue: fc.Arbitrary<CtyValue> = fc.oneof(
  fc.constantFrom(
    "",
    "a",
    "b",
    "é",
    "hello world",
    "a\tb\n",
    "😀",
    "👍🏽x",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a string value that looks like a template
    "${x}",
    "%{",
    "10",
    "true",
    "1.5",
  ),
  fc.string({ unit: "grapheme", maxLength: 8 }).map((s) => s.normalize("NFC")),
);

/** Refinements from alphabets that meet the generated strings and numbers (lengths up to 2 + 2). */
const refinements: RefinementAlphabet = {
  stringPrefixes: ["", "a", "ab", "é", "x-"],
  numberLower: fc.integer({ min: -3, max: 3 }),
  numberUpper: fc.integer({ min: -3, max: 3 }),
  lengthSpread: 2,
};

/** Values of `type`: mostly known, some null, unknown or refined unknown at every level. */
export function valueArb(type: CtyType, wholeKnown = false): fc.Arbitrary<CtyValue> {
  const known = knownValueOf(type);
  if (wholeKnown) return known;
  return fc.oneof(
    { weight: 10, arbitrary: known },
    { weight: 1, arbitrary: fc.constant<CtyValue>(null) },
    { weight: 1, arbitrary: fc.constant<CtyValue>(Unknown) },
    { weight: 1, arbitrary: refinedUnknownFor(type, refinements) },
  );
}

function knownValueOf(type: CtyType): fc.Arbitrary<CtyValue> {
  switch (type.kind) {
    case "string":
      return stringValue;
    case "number":
      return numberValue;
    case "bool":
      return fc.boolean();
    case "list":
      return fc.array(valueArb(type.element), { maxLength: 3 });
    case "set":
      // Known, distinct primitives: cty's sets hold neither duplicates nor (here) unknowns.
      return fc.uniqueArray(knownValueOf(type.element), {
        maxLength: 3,
        selector: (v) => JSON.stringify(String(v)),
      });
    case "map":
      return fc
        .uniqueArray(fc.constantFrom(...keyNames), { maxLength: 3 })
        .chain((keys) =>
          fc
            .tuple(...keys.map(() => valueArb(type.element)))
            .map((vs) => Object.fromEntries(keys.map((k, i) => [k, vs[i]!]))),
        );
    case "object":
      return fc.record(
        Object.fromEntries(type.attributeNames.map((n) => [n, valueArb(type.attributes[n]!)])),
      );
    case "tuple":
      return fc.tuple(...type.elements.map((t) => valueArb(t)));
    default:
      throw new Error(`no value generator for ${type.kind}`);
  }
}

/** Variable names the generated expressions refer to. */
export const variableNames = ["v1", "v2", "v3", "num", "str", "lst", "obj", "strs", "flag"] as const;

/**
 * Variables for an evaluation context: each name in variableNames with a random type (the
 * named ones with a fitting one: `num` a number, `str` a string, `lst` a list, `obj` an object).
 */
export const variablesArb: fc.Arbitrary<Record<string, TypedValue>> = fc
  .record({
    v1: variableType,
    v2: variableType,
    v3: variableType,
    num: fc.constant(number),
    str: fc.constant(string),
    lst: typeAt(1).map(list),
    obj: typeAt(1).chain((t) => typeAt(1).map((u) => object({ a: t, b: u, c: string }))),
    strs: fc.constant(list(string)),
    flag: fc.constant(bool),
  })
  .chain((types) =>
    fc.record(
      Object.fromEntries(
        Object.entries(types).map(([name, type]) => [
          name,
          // The collections are known at the top so that traversals into them go on.
          valueArb(type, name === "lst" || name === "obj").map((value) => ({ value, type })),
        ]),
      ),
    ),
  );

// ---------------------------------------------------------------------------------------------
// Functions

/**
 * The stdlib functions generated calls use, lower-cased as HCL applications name them, and the
 * conversions as Terraform names them.
 */
export const callableFunctions: FunctionNames = {
  ...Object.fromEntries(
    Object.keys(stdlibFunctions)
      .filter((name) => !operatorFunctionNames.has(name))
      .map((name) => [name.toLowerCase(), name]),
  ),
  abs: "absolute",
  tostring: 'to:"string"',
  tonumber: 'to:"number"',
  tobool: 'to:"bool"',
  tolist: 'to:["list","dynamic"]',
  toset: 'to:["set","dynamic"]',
  tomap: 'to:["map","dynamic"]',
};
const functionNames = Object.keys(callableFunctions);

// ---------------------------------------------------------------------------------------------
// Expressions

/** Numbers as source text: small, big, decimal, with exponents. */
export const numberLiteral: fc.Arbitrary<string> = fc.oneof(
  fc.nat(20).map(String),
  fc.constantFrom(
    "0",
    "1.5",
    "0.1",
    "1e3",
    "2.5E-3",
    "1e+2",
    "123456789012345678901234567890",
    "9007199254740993",
    "3.14159265358979323846264338327950288",
    "0.000000000000000000001",
    "1e400",
    "007",
  ),
  fc.tuple(fc.nat(999), fc.nat(999)).map(([a, b]) => `${a}.${b}`),
);

// Pieces of literal text. `$` and `%` appear only where no `{` can follow them, or as the
// doubled escapes `$${` and `%%{`.
const literalChars = [
  "a",
  "b",
  "x",
  " ",
  "é",
  "e\u0301",
  "😀",
  "👍🏽",
  "日本",
  "-",
  ":",
  "}",
  "{",
  "'",
  "$ ",
  "% ",
  "$${",
  "%%{",
];

/** Literal text inside a quoted string, with escapes. */
const quotedPiece: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...literalChars) },
  {
    weight: 2,
    arbitrary: fc.constantFrom("\\n", "\\t", "\\r", '\\"', "\\\\", "\\u00e9", "\\U0001F600", "\\u0041"),
  },
);

/** Literal text of a heredoc line or bare template: no escapes, backslashes are literal. */
const rawPiece: fc.Arbitrary<string> = fc.constantFrom(...literalChars, '"', "\\", "\\n", "\t");

export interface ExpressionOptions {
  /** How deep the generated expressions nest (3 is a good default). */
  readonly depth?: number;
}

type Scope = readonly string[];

/**
 * Expression text over the variables in `variableNames` (and the names for-expressions bind).
 * Syntactically valid by construction.
 */
export function expressionArb(options: ExpressionOptions = {}): fc.Arbitrary<string> {
  return new ExpressionGenerator().expr(options.depth ?? 3, variableNames);
}

/** Template text (for parseTemplate): literal text, interpolations, directives, strip markers. */
export function templateArb(options: ExpressionOptions = {}): fc.Arbitrary<string> {
  const g = new ExpressionGenerator();
  return g.templateBody(options.depth ?? 3, variableNames, rawPiece, true);
}

class ExpressionGenerator {
  private readonly memo = new Map<string, fc.Arbitrary<string>>();
  private inlineGenerator: ExpressionGenerator | undefined;

  /**
   * @param inline for text inside a quoted string, which may not span lines: no newlines
   *   between items, no heredocs.
   */
  constructor(private readonly inline = false) {}

  private inlined(): ExpressionGenerator {
    if (this.inline) return this;
    this.inlineGenerator ??= new ExpressionGenerator(true);
    return this.inlineGenerator;
  }

  private cached(key: string, make: () => fc.Arbitrary<string>): fc.Arbitrary<string> {
    let a = this.memo.get(key);
    if (!a) {
      // Build lazily: the arbitraries of every depth and scope would be many.
      a = fc.constant(null).chain(() => make());
      this.memo.set(key, a);
    }
    return a;
  }

  /** Any expression. */
  expr(depth: number, scope: Scope): fc.Arbitrary<string> {
    return this.cached(`e${depth}|${scope.join(",")}`, () => {
      if (depth <= 0) return this.primary(0, scope);
      const sub = this.expr(depth - 1, scope);
      return fc.oneof(
        { weight: 4, arbitrary: this.primary(depth, scope) },
        { weight: 3, arbitrary: this.binary(sub) },
        { weight: 1, arbitrary: fc.tuple(fc.constantFrom("-", "!"), sub).map(([op, e]) => `${op}${e}`) },
        {
          weight: 1,
          arbitrary: fc
            .tuple(sub, sub, sub, ws, ws)
            .map(([c, a, b, s1, s2]) => `${c}${s1}?${s2}${a} :${s1}${b}`),
        },
      );
    });
  }

  private binary(sub: fc.Arbitrary<string>): fc.Arbitrary<string> {
    const op = fc.constantFrom("+", "-", "*", "/", "%", "==", "!=", "<", ">", "<=", ">=", "&&", "||");
    return (
      fc
        .tuple(sub, op, sub, op, sub, fc.boolean(), ws)
        // An identifier may contain "-": `a- b` would be the name `a-`, so "-" gets a space before.
        .map(([a, o1, b, o2, c, three, s]) =>
          three ? `${a} ${o1}${s}${b} ${o2} ${c}` : `${a}${o1 === "-" ? " " : s}${o1} ${b}`,
        )
    );
  }

  /** Expressions that may be followed by traversals and splats. */
  private primary(depth: number, scope: Scope): fc.Arbitrary<string> {
    return this.cached(`p${depth}|${scope.join(",")}`, () => {
      const base = this.primaryBase(depth, scope);
      const traversable = this.traversable(depth, scope);
      return fc.oneof(
        { weight: 3, arbitrary: base },
        {
          weight: 3,
          arbitrary: fc
            .tuple(
              traversable,
              fc.array(this.traversalStep(depth, scope), { minLength: 1, maxLength: 3 }),
              fc.option(fc.oneof(splat, legacyIndex), { nil: undefined, freq: 3 }),
            )
            .map(([e, steps, last]) => e + steps.join("") + (last ?? "")),
        },
      );
    });
  }

  private primaryBase(depth: number, scope: Scope): fc.Arbitrary<string> {
    const literals = fc.oneof(
      { weight: 3, arbitrary: numberLiteral },
      { weight: 1, arbitrary: fc.constantFrom("true", "false", "null") },
      { weight: 3, arbitrary: this.quoted(depth, scope) },
    );
    if (depth <= 0) return fc.oneof(literals, fc.constantFrom(...scope));
    const sub = this.expr(depth - 1, scope);
    return fc.oneof(
      { weight: 4, arbitrary: literals },
      { weight: 4, arbitrary: fc.constantFrom(...scope) },
      { weight: 1, arbitrary: fc.tuple(ws, sub, ws).map(([a, e, b]) => `(${a}${e}${b})`) },
      { weight: 2, arbitrary: this.tupleCons(sub) },
      { weight: 2, arbitrary: this.objectCons(sub) },
      { weight: 2, arbitrary: this.call(sub) },
      { weight: 1, arbitrary: this.forExpr(depth, scope) },
      { weight: this.inline ? 0 : 1, arbitrary: this.heredoc(depth, scope) },
    );
  }

  /** What a traversal may start from without parentheses. */
  private traversable(depth: number, scope: Scope): fc.Arbitrary<string> {
    if (depth <= 0) return fc.constantFrom(...scope);
    const sub = this.expr(depth - 1, scope);
    return fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...scope) },
      { weight: 1, arbitrary: sub.map((e) => `(${e})`) },
      { weight: 1, arbitrary: this.tupleCons(sub) },
      { weight: 1, arbitrary: this.objectCons(sub) },
      { weight: 1, arbitrary: this.call(sub) },
    );
  }

  private traversalStep(depth: number, scope: Scope): fc.Arbitrary<string> {
    const key = depth <= 0 ? fc.constantFrom('"a"', "0", "1") : this.expr(depth - 1, scope);
    return fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...keyNames).map((n) => (n === "é" ? '["é"]' : `.${n}`)) },
      { weight: 2, arbitrary: fc.constantFrom("[0]", "[1]", '["a"]', '["b"]', "[-1]", "[1.5]", '["0"]') },
      { weight: 1, arbitrary: key.map((k) => `[${k}]`) },
    );
  }

  private tupleCons(sub: fc.Arbitrary<string>): fc.Arbitrary<string> {
    return fc
      .tuple(
        fc.array(sub, { maxLength: 4 }),
        fc.constantFrom(...(this.inline ? [", ", ","] : [", ", ",", ",\n"])),
        fc.boolean(),
      )
      .map(([es, sep, trailing]) => `[${es.join(sep)}${trailing && es.length > 0 ? sep : ""}]`);
  }

  private objectCons(sub: fc.Arbitrary<string>): fc.Arbitrary<string> {
    const key = fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...identKeys) },
      { weight: 2, arbitrary: fc.constantFrom('"a"', '"é"', '"b c"', "1", "true", "null") },
      { weight: 1, arbitrary: sub.map((e) => `(${e})`) },
      { weight: 1, arbitrary: this.quotedLiteral() },
    );
    const item = fc
      .tuple(key, fc.constantFrom(" = ", "=", " : ", ": "), sub)
      .map(([k, eq, v]) => `${k}${eq}${v}`);
    return fc
      .tuple(
        fc.array(item, { maxLength: 4 }),
        fc.constantFrom(...(this.inline ? [", ", ","] : [", ", ",", "\n", ",\n"])),
        fc.boolean(),
      )
      .map(([items, sep, trailing]) => `{${items.join(sep)}${trailing && items.length > 0 ? sep : ""}}`);
  }

  private call(sub: fc.Arbitrary<string>): fc.Arbitrary<string> {
    return fc
      .tuple(fc.constantFrom(...functionNames), fc.array(sub, { maxLength: 3 }), fc.nat(9))
      .map(([name, args, n]) => `${name}(${args.join(", ")}${n === 0 && args.length > 0 ? "..." : ""})`);
  }

  private forExpr(depth: number, scope: Scope): fc.Arbitrary<string> {
    const coll = this.expr(depth - 1, scope);
    const one = [...scope, "x"];
    const two = [...scope, "k", "x"];
    return fc.oneof(
      fc
        .tuple(coll, this.expr(depth - 1, one), fc.option(this.expr(depth - 1, one), { nil: undefined }))
        .map(([c, e, cond]) => `[for x in ${c} : ${e}${cond === undefined ? "" : ` if ${cond}`}]`),
      fc
        .tuple(coll, this.expr(depth - 1, two), fc.option(this.expr(depth - 1, two), { nil: undefined }))
        .map(([c, e, cond]) => `[for k, x in ${c} : ${e}${cond === undefined ? "" : ` if ${cond}`}]`),
      fc
        .tuple(
          coll,
          this.expr(depth - 1, two),
          this.expr(depth - 1, two),
          fc.boolean(),
          fc.option(this.expr(depth - 1, two), { nil: undefined }),
        )
        .map(
          ([c, k, v, group, cond]) =>
            `{for k, x in ${c} : ${k} => ${v}${group ? "..." : ""}${cond === undefined ? "" : ` if ${cond}`}}`,
        ),
      fc
        .tuple(coll, this.expr(depth - 1, one), this.expr(depth - 1, one))
        .map(([c, k, v]) => `{for x in ${c} : ${k} => ${v}}`),
    );
  }

  /** A quoted string with no interpolation. */
  private quotedLiteral(): fc.Arbitrary<string> {
    return fc.array(quotedPiece, { maxLength: 5 }).map((ps) => `"${ps.join("")}"`);
  }

  private quoted(depth: number, scope: Scope): fc.Arbitrary<string> {
    if (depth <= 0) return this.quotedLiteral();
    return fc.oneof(
      { weight: 2, arbitrary: this.quotedLiteral() },
      {
        weight: 2,
        arbitrary: this.inlined()
          .templateBody(depth - 1, scope, quotedPiece, false)
          .map((t) => `"${t}"`),
      },
    );
  }

  /** The inside of a template: literal pieces, interpolations and directives. */
  templateBody(
    depth: number,
    scope: Scope,
    piece: fc.Arbitrary<string>,
    multiline: boolean,
  ): fc.Arbitrary<string> {
    const key = `t${depth}|${multiline}|${scope.join(",")}`;
    return this.cached(key, () => {
      const sub = this.expr(Math.max(depth - 1, 0), scope);
      const open = fc.constantFrom("${", "${~", "${ ");
      const close = fc.constantFrom("}", "~}", " }");
      const interp = fc.tuple(open, sub, close).map(([o, e, c]) => `${o}${e}${c}`);
      const text = fc
        .array(multiline ? fc.oneof(piece, fc.constant("\n")) : piece, { maxLength: 4 })
        .map((p) => p.join(""));
      const dOpen = fc.constantFrom("%{", "%{~", "%{ ");
      const dClose = fc.constantFrom("}", "~}", " }");
      const items: fc.Arbitrary<string>[] = [text, interp];
      if (depth > 0) {
        const inner = this.templateBody(depth - 1, scope, piece, multiline);
        items.push(
          fc
            .tuple(
              dOpen,
              sub,
              dClose,
              inner,
              fc.option(fc.tuple(dOpen, dClose, inner), { nil: undefined }),
              dOpen,
              dClose,
            )
            .map(
              ([o, c, cl, then, els, o2, c2]) =>
                `${o}if ${c}${cl}${then}${els ? `${els[0]}else${els[1]}${els[2]}` : ""}${o2}endif${c2}`,
            ),
          fc
            .tuple(
              dOpen,
              sub,
              dClose,
              this.templateBody(depth - 1, [...scope, "k", "x"], piece, multiline),
              dOpen,
              dClose,
              fc.boolean(),
            )
            .map(
              ([o, c, cl, body, o2, c2, two]) =>
                `${o}for ${two ? "k, x" : "x"} in ${c}${cl}${body}${o2}endfor${c2}`,
            ),
        );
      }
      return fc.array(fc.oneof(...items), { maxLength: 4 }).map((parts) => parts.join(""));
    });
  }

  /** A heredoc, parenthesized so that whatever follows its closing line may continue the expression. */
  private heredoc(depth: number, scope: Scope): fc.Arbitrary<string> {
    const line = this.templateBody(Math.max(depth - 2, 0), scope, rawPiece, false).filter(
      (l) => l.trim() !== "EOT",
    );
    return fc
      .tuple(
        fc.boolean(),
        fc.array(fc.tuple(fc.constantFrom("", "  ", "    ", "\t"), line), { maxLength: 3 }),
        fc.constantFrom("", "  "),
      )
      .map(([indent, lines, closeIndent]) => {
        const body = lines.map(([ind, l]) => `${ind}${l}\n`).join("");
        return `(<<${indent ? "-" : ""}EOT\n${body}${indent ? closeIndent : ""}EOT\n)`;
      });
  }
}

// A legacy index (`.0`) ends a traversal: `.0.1` would scan as a number.
const legacyIndex = fc.constantFrom(".0", ".1");
// A splat ends a traversal: hcl refuses a splat inside another attribute-only splat.
const splat = fc.constantFrom("[*]", ".*", "[*].a", ".*.a", "[*][0]", "[*].a.b", ".*.b[0]");

/** Optional whitespace between tokens: mostly one space, sometimes none or a comment. */
const ws = fc.constantFrom("", " ", " ", "  ", " /* c */ ");

// ---------------------------------------------------------------------------------------------
// Well-typed expressions: most evaluate without errors, so values (numbers' precision, string
// escapes and normalization, unknowns and their refinements) are compared, not only errors.

type Sort = "number" | "string" | "bool" | "list";

/** An expression of the given sort over `num`, `str` and literals; mostly error-free. */
export function typedExpressionArb(sort: Sort = "number", depth = 3): fc.Arbitrary<string> {
  return new TypedGenerator().of(sort, depth);
}

/** An expression of any sort, well-typed. */
export function anyTypedExpressionArb(depth = 3): fc.Arbitrary<string> {
  const g = new TypedGenerator();
  return fc.constantFrom<Sort>("number", "string", "bool", "list").chain((s) => g.of(s, depth));
}

class TypedGenerator {
  private readonly memo = new Map<string, fc.Arbitrary<string>>();

  of(sort: Sort, depth: number): fc.Arbitrary<string> {
    const key = `${sort}${depth}`;
    let a = this.memo.get(key);
    if (!a) {
      a = fc.constant(null).chain(() => this.make(sort, depth));
      this.memo.set(key, a);
    }
    return a;
  }

  private make(sort: Sort, depth: number): fc.Arbitrary<string> {
    const leaf = this.leaf(sort);
    if (depth <= 0) return leaf;
    const n = this.of("number", depth - 1);
    const s = this.of("string", depth - 1);
    const b = this.of("bool", depth - 1);
    const l = this.of("list", depth - 1);
    const same = this.of(sort, depth - 1);
    const common: fc.Arbitrary<string>[] = [
      fc.tuple(b, same, same).map(([c, x, y]) => `${c} ? ${x} : ${y}`),
      same.map((x) => `(${x})`),
      fc.tuple(same, same).map(([x, y]) => `[${x}, ${y}][1]`),
      same.map((x) => `{ a = ${x} }.a`),
      same.map((x) => `[for x in [${x}] : x][0]`),
    ];
    switch (sort) {
      case "number":
        return fc.oneof(
          { weight: 3, arbitrary: leaf },
          {
            weight: 4,
            arbitrary: fc
              .tuple(n, fc.constantFrom("+", " - ", "*", "/", "%"), n)
              .map(([x, op, y]) => `${x} ${op} ${y}`),
          },
          { weight: 1, arbitrary: n.map((x) => `-${x}`) },
          {
            weight: 2,
            arbitrary: fc.oneof(
              s.map((x) => `strlen(${x})`),
              l.map((x) => `length(${x})`),
              fc.tuple(n, n).map(([x, y]) => `max(${x}, ${y})`),
              fc.tuple(n, n).map(([x, y]) => `min(${x}, ${y})`),
              n.map((x) => `abs(${x})`),
              n.map((x) => `floor(${x})`),
              n.map((x) => `ceil(${x})`),
              fc.constantFrom('tonumber("12")', 'tonumber("1.5e3")', "tonumber(null)"),
              l.map((x) => `max(${x}...)`),
            ),
          },
          { weight: 1, arbitrary: fc.oneof(...common) },
        );
      case "string":
        return fc.oneof(
          { weight: 3, arbitrary: leaf },
          {
            weight: 3,
            arbitrary: fc
              .tuple(
                fc.array(
                  fc.oneof(
                    quotedPiece,
                    fc.oneof(n, s, b).map((x) => `\${${x}}`),
                  ),
                  { maxLength: 4 },
                ),
              )
              .map(([ps]) => `"${ps.join("")}"`),
          },
          {
            weight: 2,
            arbitrary: fc.oneof(
              s.map((x) => `upper(${x})`),
              s.map((x) => `lower(${x})`),
              n.map((x) => `tostring(${x})`),
              fc.tuple(s, n).map(([x, y]) => `format("%s-%d", ${x}, ${y})`),
              fc.tuple(s, s).map(([x, y]) => `join(",", [${x}, ${y}])`),
              s.map((x) => `substr(${x}, 0, 2)`),
              s.map((x) => `trimspace(${x})`),
              n.map((x) => `jsonencode({ a = ${x}, b = [${x}] })`),
              l.map((x) => `join("-", ${x})`),
            ),
          },
          {
            weight: 1,
            arbitrary: fc
              .tuple(
                fc.array(
                  fc.oneof(
                    rawPiece,
                    n.map((x) => `\${${x}}`),
                  ),
                  { maxLength: 3 },
                ),
                fc.boolean(),
              )
              .map(([ps, indent]) => `(<<${indent ? "-" : ""}EOT\n  ${ps.join("")}\n  EOT\n)`),
          },
          {
            weight: 1,
            arbitrary: fc
              .tuple(b, s, s)
              .map(([c, x, y]) => `"%{ if ${c} }\${${x}}%{ else }\${${y}}%{ endif }"`),
          },
          {
            weight: 1,
            arbitrary: l.map((x) => `"%{ for i, e in ${x} ~}\${i}=\${e} %{~ endfor }"`),
          },
          { weight: 1, arbitrary: fc.oneof(...common) },
        );
      case "bool":
        return fc.oneof(
          { weight: 3, arbitrary: leaf },
          {
            weight: 3,
            arbitrary: fc.oneof(
              fc
                .tuple(n, fc.constantFrom("<", ">", "<=", ">=", "==", "!="), n)
                .map(([x, op, y]) => `${x} ${op} ${y}`),
              fc.tuple(s, fc.constantFrom("==", "!="), s).map(([x, op, y]) => `${x} ${op} ${y}`),
              fc.tuple(b, fc.constantFrom("&&", "||", "==", "!="), b).map(([x, op, y]) => `${x} ${op} ${y}`),
              b.map((x) => `!${x}`),
              fc.tuple(l, s).map(([x, y]) => `contains(${x}, ${y})`),
              l.map((x) => `length(${x}) > 1`),
            ),
          },
          { weight: 1, arbitrary: fc.oneof(...common) },
        );
      case "list":
        return fc.oneof(
          { weight: 2, arbitrary: leaf },
          {
            weight: 3,
            arbitrary: fc.oneof(
              fc.array(s, { maxLength: 3 }).map((xs) => `[${xs.join(", ")}]`),
              fc.tuple(l, s).map(([x, y]) => `[for e in ${x} : "\${e}\${${y}}"]`),
              fc.tuple(l, b).map(([x, c]) => `[for i, e in ${x} : upper(e) if ${c}]`),
              fc.tuple(l, l).map(([x, y]) => `concat(${x}, ${y})`),
              l.map((x) => `tolist(${x})`),
              l.map((x) => `reverse(${x})`),
              l.map((x) => `sort(${x})`),
              l.map((x) => `distinct(${x})`),
              s.map((x) => `split(",", ${x})`),
              l.map((x) => `values({ for e in ${x} : e => e... })[*][0]`),
              l.map((x) => `keys({ for e in ${x} : e => e })`),
              l.map((x) => `[for e in ${x} : e][*]`),
            ),
          },
          { weight: 1, arbitrary: fc.oneof(...common) },
        );
    }
  }

  private leaf(sort: Sort): fc.Arbitrary<string> {
    switch (sort) {
      case "number":
        return fc.oneof(
          { weight: 3, arbitrary: numberLiteral },
          { weight: 1, arbitrary: fc.constant("num") },
        );
      case "string":
        return fc.oneof(
          { weight: 3, arbitrary: fc.array(quotedPiece, { maxLength: 4 }).map((ps) => `"${ps.join("")}"`) },
          { weight: 1, arbitrary: fc.constant("str") },
        );
      case "bool":
        return fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom("true", "false") },
          { weight: 1, arbitrary: fc.constant("flag") },
        );
      case "list":
        return fc.oneof(
          {
            weight: 3,
            arbitrary: fc.constantFrom(
              '["a", "b"]',
              "[]",
              '["x", str]',
              "tolist([])",
              '["é", "e\u0301", "a"]',
            ),
          },
          { weight: 2, arbitrary: fc.constant("strs") },
        );
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Config bodies, for formatting: irregular spacing, comments, blank lines, nested blocks,
// multi-line values, CRLF line ends, and now and then something unbalanced.

const attrName = fc.constantFrom("a", "bb", "name", "long_attribute_name", "x-y", "é", "count", "for_each");
const gap = fc.constantFrom("", " ", "  ", "\t", "   ");
const lineComment = fc.constantFrom("# note", "// note", "#", "# é 😀 wide", "/* inline */");

/** One line-level item of a body, its own lines included (without the final newline). */
function bodyItems(depth: number): fc.Arbitrary<string> {
  const expr = new ExpressionGenerator().expr(2, variableNames);
  const attribute = fc
    .tuple(gap, attrName, gap, gap, expr, fc.option(fc.tuple(gap, lineComment), { nil: undefined, freq: 4 }))
    .map(([g1, n, g2, g3, e, c]) => `${g1}${n}${g2}=${g3}${e}${c ? `${c[0]} ${c[1]}` : ""}`);
  const comment = fc.tuple(gap, lineComment).map(([g, c]) => `${g}${c}`);
  const blank = fc.constantFrom("", "  ", "\t");
  const items: fc.WeightedArbitrary<string>[] = [
    { weight: 6, arbitrary: attribute },
    { weight: 1, arbitrary: comment },
    { weight: 1, arbitrary: blank },
    {
      weight: 1,
      arbitrary: fc.constantFrom("}", "{", "a = [", "]", "b = (1 +", "c = )", "= 1", "@", 'a = "${'),
    },
  ];
  if (depth > 0) {
    const labels = fc.array(fc.constantFrom('"x"', "y", '"é w"', '""'), { maxLength: 2 });
    items.push(
      {
        weight: 2,
        arbitrary: fc
          .tuple(
            gap,
            fc.constantFrom("resource", "b", "locals", "dynamic"),
            labels,
            gap,
            fc.array(bodyItems(depth - 1), { maxLength: 4 }),
            gap,
          )
          .map(
            ([g, t, ls, g2, inner, g3]) =>
              `${g}${t}${ls.map((l) => ` ${l}`).join("")}${g2}{\n${inner.join("\n")}\n${g3}}`,
          ),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(
            gap,
            fc.constantFrom("b", "empty"),
            labels,
            fc.option(fc.tuple(attrName, expr), { nil: undefined }),
          )
          .map(
            ([g, t, ls, attr]) =>
              `${g}${t}${ls.map((l) => ` ${l}`).join("")} {${attr ? ` ${attr[0]} = ${attr[1]} ` : ""}}`,
          ),
      },
    );
  }
  return fc.oneof(...items);
}

/** A config file's text. */
export const configArb: fc.Arbitrary<string> = fc
  .tuple(
    fc.array(bodyItems(2), { maxLength: 8 }),
    fc.constantFrom("\n", "", "\n\n", "  "),
    fc.boolean(),
    fc.nat(19),
  )
  .map(([items, end, crlf, bom]) => {
    const text = items.join("\n") + end;
    return (bom === 0 ? "\uFEFF" : "") + (crlf ? text.replaceAll("\n", "\r\n") : text);
  });

// ---------------------------------------------------------------------------------------------
// Raw bytes, for the scanner and the formatter.

const encoder = new TextEncoder();
// Bytes from an alphabet of HCL's delimiters, template introducers, newlines and multi-byte
// characters, with stray continuation and lead bytes mixed in.
const byteFragment = fc.oneof(
  fc
    .constantFrom(
      "${",
      "%{",
      "}",
      "{",
      '"',
      "\\",
      "<<EOT\n",
      "<<-EOT\n",
      "EOT\n",
      "\n",
      "\r\n",
      "#",
      "//",
      "/*",
      "*/",
      "~",
      "a",
      "1.5e3",
      " ",
      "\t",
      "é",
      "e\u0301",
      "👍🏽",
      "=",
      "=>",
      "...",
      "::",
      "&&",
      "|",
      "'",
    )
    .map((s) => encoder.encode(s)),
  fc.constantFrom(
    Uint8Array.of(0xff),
    Uint8Array.of(0x80),
    Uint8Array.of(0xc3),
    Uint8Array.of(0xef, 0xbb, 0xbf),
  ),
);
export const hclBytesArb: fc.Arbitrary<Uint8Array> = fc
  .array(byteFragment, { maxLength: 30 })
  .map((parts) => {
    const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  });

// ---------------------------------------------------------------------------------------------
// Broken text: valid text with a few characters deleted, inserted or the end cut off, so that
// parse errors (their summaries, details and ranges) and recovery are compared too.

const insertions = [
  "(",
  ")",
  "[",
  "]",
  "{",
  "}",
  ",",
  '"',
  "?",
  ":",
  "=",
  "...",
  "%{",
  "${",
  "\n",
  "~",
  "*",
  "!",
  "#",
  ".",
  "=>",
  "<<EOT\n",
  "in",
  "for",
  "if",
  "é",
  "\\",
  "1e",
  "0x",
  "&",
  "'",
  ";",
];

/** `text` with 1–3 random edits. */
export function mutated(text: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const edit = fc.tuple(fc.nat(), fc.nat(2), fc.constantFrom(...insertions), fc.integer({ min: 1, max: 3 }));
  return fc.tuple(text, fc.array(edit, { minLength: 1, maxLength: 3 })).map(([t, edits]) => {
    let s = t;
    for (const [at, kind, insert, len] of edits) {
      // Edits at code point boundaries, so the text stays valid UTF-8 (other tests cover bytes).
      const cps = [...s];
      const i = cps.length === 0 ? 0 : at % (cps.length + 1);
      if (kind === 0) cps.splice(i, len);
      else if (kind === 1) cps.splice(i, 0, insert);
      else cps.splice(i);
      s = cps.join("");
    }
    return s;
  });
}
