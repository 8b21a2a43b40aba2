// Dynamic blocks against hcl's ext/dynblock itself (the Go oracle's "dynblock" op): the same
// generated blocks with the same labels and ranges, the same attribute values, references and
// diagnostics, over named cases and generated configurations; and, beyond what the oracle can
// show, marks, unknown blocks in hcldec and partial reads.
import * as cty from "@tsvider/cty";
import type { TypedValue } from "@tsvider/cty/function";
import { encodeMsgpack } from "@tsvider/cty/msgpack";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import type { Body, BodySchema } from "../body.js";
import type { EvalContext } from "../eval-context.js";
import { decode } from "../hcldec/decode.js";
import type { Spec } from "../hcldec/spec.js";
import {
  diagnosticShape,
  hex,
  ourContext,
  plainRange,
  type SharedContext,
  typedHex,
  useHclOracle,
} from "../internal/go-oracle.test-support.js";
import { parseJson } from "../json/index.js";
import { parseConfig } from "../native/index.js";
import type { Range } from "../pos.js";
import { traversalRange, traversalRootName } from "../traversal.js";
import {
  expandDynamicBlocks,
  expandVariablesForSpec,
  type VariablesWalkNode,
  variablesForSpec,
  walkExpandVariables,
  walkVariables,
} from "./dynblock.js";

const oracle = useHclOracle();

/** A schema both sides read with: hcl's BodySchema, nested per block type. */
interface NestedSchema {
  readonly attributes?: readonly { name: string; required?: boolean }[];
  readonly blocks?: readonly { type: string; labelNames?: readonly string[]; body: NestedSchema }[];
}

const level: NestedSchema = { attributes: [{ name: "x" }, { name: "y" }] };
const schema: NestedSchema = {
  attributes: [{ name: "top" }],
  blocks: [
    {
      type: "a",
      body: {
        ...level,
        blocks: [
          { type: "c", body: level },
          { type: "d", labelNames: ["k"], body: level },
        ],
      },
    },
    { type: "b", labelNames: ["n"], body: { ...level, blocks: [{ type: "c", body: level }] } },
  ],
};

const bodySchema = (s: NestedSchema): BodySchema => ({
  attributes: s.attributes ?? [],
  blocks: (s.blocks ?? []).map((b) => ({ type: b.type, labelNames: b.labelNames ?? [] })),
});

function ourRead(body: Body, s: NestedSchema, ctx: EvalContext | undefined, diags: unknown[]): unknown {
  const { content, diagnostics } = body.content(bodySchema(s));
  diags.push(...diagnostics.map(diagnosticShape));
  const attributes = Object.values(content.attributes)
    .sort((a, b) => a.range.start.byte - b.range.start.byte)
    .map((a) => {
      const { value, diagnostics: vd } = a.expr.value(ctx);
      const bare = cty.unmarkDeep(value.value, value.type).value;
      return {
        name: a.name,
        range: plainRange(a.range),
        variables: a.expr.variables().map(traversalRootName),
        value: {
          type: JSON.parse(cty.typeToJSONText(value.type)),
          hex: hex(encodeMsgpack(bare, value.type)),
          diagnostics: vd.map(diagnosticShape),
        },
      };
    });
  const blocks = content.blocks.map((b) => ({
    type: b.type,
    labels: [...b.labels],
    labelRanges: b.labelRanges.map(plainRange),
    typeRange: plainRange(b.typeRange),
    defRange: plainRange(b.defRange),
    unknown: (b.body as { unknown?: () => boolean }).unknown?.() === true,
    body: ourRead(b.body, s.blocks?.find((x) => x.type === b.type)?.body ?? {}, ctx, diags),
  }));
  return { attributes, blocks };
}

async function both(src: string, shared: SharedContext, filename = "t.hcl") {
  const reply = await oracle.request({
    op: "dynblock",
    src,
    filename,
    schema,
    ...(shared.variables
      ? {
          variables: Object.fromEntries(Object.entries(shared.variables).map(([n, tv]) => [n, typedHex(tv)])),
        }
      : {}),
    ...(shared.functions ? { functions: shared.functions } : {}),
  });
  if (reply.error !== undefined) throw new Error(`oracle: ${String(reply.error)}`);
  const parsed = filename.endsWith(".json") ? parseJson(src, filename) : parseConfig(src, filename);
  const ctx = ourContext(shared);
  const diags: unknown[] = parsed.diagnostics.map(diagnosticShape);
  if (parsed.diagnostics.some((d) => d.severity === "error")) {
    return { ours: { diagnostics: diags }, go: reply };
  }
  const body = ourRead(expandDynamicBlocks(parsed.file.body, ctx), schema, ctx, diags);
  return { ours: { body, diagnostics: diags }, go: reply };
}

/** Our variables walk level by level with the nested schema, as the oracle walks. */
function ourVariables(src: string, mode: "all" | "expand") {
  const { file } = parseConfig(src, "t.hcl");
  const out: { root: string; range: Range }[] = [];
  const walk = (node: VariablesWalkNode, s: NestedSchema) => {
    const { variables: vars, children } = node.visit(bodySchema(s));
    for (const t of vars) out.push({ root: traversalRootName(t), range: plainRange(traversalRange(t)!) });
    for (const c of children) {
      const child = s.blocks?.find((b) => b.type === c.blockTypeName);
      if (child !== undefined) walk(c.node, child.body);
    }
  };
  walk(mode === "all" ? walkVariables(file.body) : walkExpandVariables(file.body), schema);
  return out.sort((a, b) => a.range.start.byte - b.range.start.byte);
}

async function goVariables(src: string, mode: "all" | "expand") {
  const reply = await oracle.request({ op: "dynblockVariables", src, filename: "t.hcl", schema, mode });
  if (reply.error !== undefined) throw new Error(`oracle: ${String(reply.error)}`);
  return reply.variables;
}

const tv = (value: cty.CtyValue, type: cty.CtyType): TypedValue => ({ value, type });
const variables: Record<string, TypedValue> = {
  list: tv(["p", "q"], cty.list(cty.string)),
  map: tv({ k1: "one", k2: "two" }, cty.map(cty.string)),
  set: tv(["s2", "s1"], cty.set(cty.string)),
  obj: tv({ m: 1, n: true }, cty.object({ m: cty.number, n: cty.bool })),
  unknown: tv(cty.Unknown, cty.list(cty.string)),
  unknownAny: tv(cty.Unknown, cty.dynamic),
  nullList: tv(null, cty.list(cty.string)),
  str: tv("word", cty.string),
  nums: tv([1, 2, 3], cty.tuple([cty.number, cty.number, cty.number])),
  nested: tv([["x1", "x2"], ["y1"]], cty.list(cty.list(cty.string))),
};
const shared: SharedContext = { variables, functions: { upper: "upper", toset: 'to:["set","dynamic"]' } };

const forEach = fc.constantFrom(
  "list",
  "map",
  "set",
  "obj",
  "unknown",
  "nullList",
  "str",
  "nums",
  "[]",
  "{}",
  '["z"]',
  "nope",
);
const iterator = fc.constantFrom(undefined, "it", "a", "b", "x.y");
const labels = fc.constantFrom(
  undefined,
  "[{it}.key]",
  "[{it}.value]",
  '["fixed"]',
  "[]",
  '["a", "b"]',
  "[null]",
  "list",
  "[unknown]",
);
const attr = fc.constantFrom(
  "x = {it}.value",
  'y = "${{it}.key}"',
  "x = str",
  "y = {it}",
  "x = nope.attr",
  "y = 1",
);
const dyn = (depth: number): fc.Arbitrary<string> =>
  fc
    .record({
      type: fc.constantFrom("a", "b", "c", "zzz"),
      forEach,
      iterator,
      labels,
      attrs: fc.array(attr, { maxLength: 2 }),
      contents: fc.constantFrom(1, 1, 1, 0, 2),
      inner: depth > 0 ? fc.option(dyn(depth - 1), { nil: undefined }) : fc.constant(undefined),
    })
    .map((d) => {
      const it = d.iterator ?? d.type;
      const sub = (s: string) => s.replaceAll("{it}", it.split(".")[0]!);
      const lines = [`dynamic "${d.type}" {`, `for_each = ${d.forEach}`];
      if (d.iterator !== undefined) lines.push(`iterator = ${d.iterator}`);
      if (d.labels !== undefined) lines.push(`labels = ${sub(d.labels)}`);
      const body = [...new Set(d.attrs.map((a) => a.slice(0, 1)))]
        .map((n) => sub(d.attrs.find((a) => a.startsWith(n))!))
        .concat(d.inner === undefined ? [] : [d.inner]);
      for (let i = 0; i < d.contents; i++) lines.push(`content {\n${body.join("\n")}\n}`);
      return `${lines.join("\n")}\n}`;
    });
const config = fc
  .array(fc.oneof(dyn(2), fc.constantFrom("a {\nx = 1\n}", 'b "s" {\ny = str\n}', "top = list")), {
    maxLength: 3,
  })
  .map((items) => `${[...new Set(items)].join("\n")}\n`);

const namedCases: [string, string][] = [
  [
    "a list, default iterator",
    'a {\n  dynamic "c" {\n    for_each = list\n    content {\n      x = c.value\n      y = c.key\n    }\n  }\n}\n',
  ],
  [
    "labels from a map",
    'dynamic "b" {\n  for_each = map\n  labels = [b.key]\n  content { x = b.value }\n}\n',
  ],
  [
    "a named iterator and a set",
    'a {\n  dynamic "d" {\n    for_each = set\n    iterator = it\n    labels = ["L-${it.value}"]\n    content { x = it.key }\n  }\n}\n',
  ],
  [
    "nested, the outer iterator in scope",
    'dynamic "a" {\n  for_each = nested\n  content {\n    x = a.key\n    dynamic "c" {\n      for_each = a.value\n      content { y = "${a.key}/${c.value}" }\n    }\n  }\n}\n',
  ],
  [
    "static blocks keep their place",
    'a { x = 1 }\ndynamic "a" {\n  for_each = [2, 3]\n  content { x = a.value }\n}\na { x = 4 }\n',
  ],
  [
    "an unknown collection makes one unknown block",
    'dynamic "b" {\n  for_each = unknown\n  labels = ["u"]\n  content {\n    x = b.value\n    c { x = 1 }\n  }\n}\n',
  ],
  ["an unknown label", 'dynamic "b" {\n  for_each = unknown\n  labels = [b.key]\n  content {}\n}\n'],
  ["not iterable", 'dynamic "a" {\n  for_each = str\n  content {}\n}\n'],
  ["null", 'dynamic "a" {\n  for_each = nullList\n  content {}\n}\n'],
  ["no content", 'dynamic "a" {\n  for_each = list\n}\n'],
  ["two contents", 'dynamic "a" {\n  for_each = list\n  content {}\n  content {}\n}\n'],
  ["too many labels", 'dynamic "b" {\n  for_each = list\n  labels = ["x", "y"]\n  content {}\n}\n'],
  ["too few labels", 'dynamic "b" {\n  for_each = list\n  labels = []\n  content {}\n}\n'],
  ["labels not static", 'dynamic "b" {\n  for_each = list\n  labels = list\n  content {}\n}\n'],
  ["labels where none are wanted", 'dynamic "a" {\n  for_each = list\n  labels = ["x"]\n  content {}\n}\n'],
  ["a null label", 'dynamic "b" {\n  for_each = list\n  labels = [null]\n  content {}\n}\n'],
  ["a label that is no string", 'dynamic "b" {\n  for_each = list\n  labels = [obj]\n  content {}\n}\n'],
  ["an iterator that is no name", 'dynamic "a" {\n  for_each = list\n  iterator = x.y\n  content {}\n}\n'],
  [
    "an iterator that is an expression",
    'dynamic "a" {\n  for_each = list\n  iterator = "it"\n  content {}\n}\n',
  ],
  ["an unsupported block type", 'dynamic "zzz" {\n  for_each = list\n  content {}\n}\n'],
  ["a dynamic block with no label", "dynamic {\n  for_each = list\n  content {}\n}\n"],
  ["for_each refers to nothing known", 'dynamic "a" {\n  for_each = nope\n  content {}\n}\n'],
  ["an object iterates its attributes", 'dynamic "a" {\n  for_each = obj\n  content { x = a.value }\n}\n'],
  [
    "a tuple and a function",
    'dynamic "a" {\n  for_each = toset(nums)\n  content { x = upper("n${a.value}") }\n}\n',
  ],
  ["missing for_each", 'dynamic "a" {\n  content {}\n}\n'],
  ["an unknown value of no known type", 'dynamic "a" {\n  for_each = unknownAny\n  content { x = a }\n}\n'],
  [
    "references beside the iterator",
    'dynamic "a" {\n  for_each = list\n  content { x = [a.value, str, map.k1] }\n}\n',
  ],
];

describe("dynamic blocks, as hcl's dynblock", () => {
  test.each(namedCases)("%s", async (_name, src) => {
    const { ours, go } = await both(src, shared);
    expect(ours).toEqual(go);
  });

  test("the JSON syntax", async () => {
    const src = JSON.stringify({
      dynamic: { b: { for_each: "${map}", labels: ["${b.key}"], content: { x: "${b.value}" } } },
      a: { dynamic: { c: { for_each: "${list}", iterator: "i", content: { y: "${i.key}" } } } },
    });
    const { ours, go } = await both(src, shared, "t.json");
    expect(ours).toEqual(go);
    expect(JSON.stringify(go)).toContain('"labels":["k1"]');
  });

  test("generated configurations read the same", async () => {
    await fc.assert(
      fc.asyncProperty(config, async (src) => {
        const { ours, go } = await both(src, shared);
        expect(ours).toEqual(go);
      }),
      { numRuns: 200 },
    );
  });
});

describe("the variables a body needs, as hcl's dynblock walks", () => {
  const parses = (src: string) => !parseConfig(src, "t.hcl").diagnostics.some((d) => d.severity === "error");
  test("named cases", async () => {
    for (const [, src] of namedCases.filter(([, src]) => parses(src))) {
      for (const mode of ["all", "expand"] as const) {
        expect(ourVariables(src, mode), `${mode}: ${src}`).toEqual(await goVariables(src, mode));
      }
    }
  });
  test("generated configurations", async () => {
    await fc.assert(
      fc.asyncProperty(config, fc.constantFrom("all" as const, "expand" as const), async (src, mode) => {
        expect(ourVariables(src, mode)).toEqual(await goVariables(src, mode));
      }),
      { numRuns: 200 },
    );
  });
  test("through an hcldec spec", () => {
    const src = 'dynamic "a" {\n  for_each = var.items\n  content { x = a.value + local.step }\n}\n';
    const { file } = parseConfig(src, "t.hcl");
    const spec = {
      kind: "blockList",
      typeName: "a",
      nested: { kind: "attr", name: "x", type: cty.number },
    } as Spec;
    expect(variablesForSpec(file.body, spec).map(traversalRootName)).toEqual(["var", "local"]);
    expect(expandVariablesForSpec(file.body, spec).map(traversalRootName)).toEqual(["var"]);
  });
});

describe("beyond the oracle", () => {
  const parse = (src: string) => {
    const { file, diagnostics } = parseConfig(src, "t.hcl");
    expect(diagnostics).toEqual([]);
    return file.body;
  };

  test("a marked collection marks every value made from it", () => {
    const ctx: EvalContext = {
      variables: { secret: tv(cty.mark(["p"], "sensitive"), cty.list(cty.string)) },
    };
    const body = expandDynamicBlocks(
      parse('dynamic "a" {\n  for_each = secret\n  content { x = a.value }\n}\n'),
      ctx,
    );
    const { content } = body.content({ blocks: [{ type: "a" }] });
    const inner = content.blocks[0]!.body.content({ attributes: [{ name: "x" }] }).content;
    expect(inner.attributes.x!.expr.value(ctx).value.value).toEqual(cty.mark("p", "sensitive"));
  });

  test("hcldec makes a block from an unknown collection unknown", () => {
    const body = expandDynamicBlocks(parse('dynamic "a" {\n  for_each = unknown\n  content { x = 1 }\n}\n'), {
      variables,
    });
    const spec: Spec = {
      kind: "blockList",
      typeName: "a",
      nested: { kind: "attr", name: "x", type: cty.number },
    } as Spec;
    const { value, diagnostics } = decode(body, spec, { variables });
    expect(diagnostics).toEqual([]);
    expect(value.value).toBe(cty.Unknown);
  });

  test("partialContent hides what it took from the remaining body", () => {
    const body = expandDynamicBlocks(
      parse('top = 1\ndynamic "a" {\n  for_each = list\n  content {}\n}\nb "s" {}\n'),
      { variables },
    );
    const first = body.partialContent({ blocks: [{ type: "a" }] });
    expect(first.content.blocks.map((b) => b.type)).toEqual(["a", "a"]);
    const rest = first.remain.content({
      attributes: [{ name: "top" }],
      blocks: [{ type: "b", labelNames: ["n"] }],
    });
    expect(rest.diagnostics).toEqual([]);
    expect(rest.content.blocks.map((b) => b.labels)).toEqual([["s"]]);
    expect(Object.keys(rest.content.attributes)).toEqual(["top"]);
  });

  test("a for_each check refuses what the application does not allow", () => {
    const body = expandDynamicBlocks(
      parse('dynamic "a" {\n  for_each = list\n  content {}\n}\n'),
      { variables },
      {
        checkForEach: [
          (value, expr) =>
            value.type.kind === "list"
              ? [{ severity: "error", summary: "No lists here", detail: "Use a map.", subject: expr.range }]
              : [],
        ],
      },
    );
    const { content, diagnostics } = body.content({ blocks: [{ type: "a" }] });
    expect(content.blocks).toEqual([]);
    expect(diagnostics.map((d) => `${d.summary} ${d.subject?.start.line}`)).toEqual(["No lists here 2"]);
  });
});
