// hcldec's spec file format (cmd/hcldec's spec-format.md): an HCL file with one root block
// (object, array, attr, block, block_list, block_set, block_map, literal, default or
// transform) describing a Spec, plus optional `variables` blocks giving values and `function`
// blocks giving functions to the decoded configuration. Read from any Body, so the file may be native syntax or JSON.

import * as cty from "@tsvider/cty";
import { convertTyped } from "@tsvider/cty/convert";
import { defineFunction, type FunctionSpec, type TypedValue } from "@tsvider/cty/function";
import { stdlibFunctions } from "@tsvider/cty/stdlib";
import type { Attribute, Block, Body, BodySchema } from "../body.js";
import { type Diagnostic, hasErrors } from "../diagnostic.js";
import type { EvalContext } from "../eval-context.js";
import type { Expression } from "../expression.js";
import { decodeUserFunctions } from "../ext/userfunc.js";
import { setOwn } from "../internal/typed-values.js";
import type { Range } from "../pos.js";
import { impliedType } from "./implied-type.js";
import type { Spec } from "./spec.js";

/**
 * A spec file (the format of hcldec's command-line tool) read into its root spec, variables and
 * functions.
 */
export interface SpecFile {
  /** Values from `variables` blocks, for the configuration being decoded. */
  readonly variables: Readonly<Record<string, TypedValue>>;
  /** Functions the spec file declares (`function` blocks) for the configuration. */
  readonly functions: Readonly<Record<string, FunctionSpec>>;
  readonly rootSpec: Spec;
}

// What a spec that failed to decode stands for: a null, so decoding can go on.
const errSpec: Spec = { kind: "literal", value: { value: null, type: cty.dynamic } };

const fn = (name: string): FunctionSpec => stdlibFunctions[name]!;

/** The functions spec files can call (in literal values and variables), as cmd/hcldec has them. */
const specContext: EvalContext = {
  functions: {
    abs: fn("absolute"),
    coalesce: fn("coalesce"),
    concat: fn("concat"),
    hasindex: fn("hasIndex"),
    int: fn("int"),
    jsondecode: fn("jsonDecode"),
    jsonencode: fn("jsonEncode"),
    length: fn("length"),
    lower: fn("lower"),
    max: fn("max"),
    min: fn("min"),
    reverse: fn("reverse"),
    strlen: fn("strlen"),
    substr: fn("substr"),
    upper: fn("upper"),
  },
};

const specBlockTypes = [
  "object",
  "array",
  "literal",
  "attr",
  "block",
  "block_list",
  "block_map",
  "block_set",
  "default",
  "transform",
];
const unlabelled: BodySchema = { blocks: specBlockTypes.map((type) => ({ type })) };
const labelled: BodySchema = { blocks: specBlockTypes.map((type) => ({ type, labelNames: ["key"] })) };

/** Reads a spec file's body. */
export function decodeSpecFile(body: Body): { specFile: SpecFile; diagnostics: Diagnostic[] } {
  const funcs = decodeUserFunctions(body, "function", () => specContext);
  const diagnostics: Diagnostic[] = funcs.diagnostics;
  const {
    content,
    remain,
    diagnostics: declDiags,
  } = funcs.remain.partialContent({ blocks: [{ type: "variables" }] });
  diagnostics.push(...declDiags);
  const variables: Record<string, TypedValue> = {};
  for (const block of content.blocks) {
    const { attributes, diagnostics: attrDiags } = block.body.justAttributes();
    diagnostics.push(...attrDiags);
    for (const [name, attr] of Object.entries(attributes)) {
      const r = attr.expr.value(specContext);
      diagnostics.push(...r.diagnostics);
      setOwn(variables, name, r.value);
    }
  }
  const root = decodeSingleSpec(
    remain,
    "A spec file must have exactly one root block specifying how to map to a JSON value.",
  );
  diagnostics.push(...root.diagnostics);
  return { specFile: { variables, functions: funcs.functions, rootSpec: root.spec }, diagnostics };
}

interface SpecResult {
  spec: Spec;
  diagnostics: Diagnostic[];
}

/** A body that must hold exactly one spec block (the root, or a block spec's nested spec). */
function decodeSingleSpec(body: Body, detail: string): SpecResult {
  const { content, diagnostics } = body.content(unlabelled);
  if (content.blocks.length === 0) return missingSpec(body, diagnostics, detail);
  if (content.blocks.length > 1) {
    diagnostics.push({
      severity: "error",
      summary: "Extraneous spec block",
      detail,
      subject: content.blocks[1]!.defRange,
    });
    return { spec: errSpec, diagnostics };
  }
  const r = decodeSpecBlock(content.blocks[0]!);
  return { spec: r.spec, diagnostics: [...diagnostics, ...r.diagnostics] };
}

/** A body with no spec block where one is required: an error, unless earlier errors probably explain it. */
function missingSpec(body: Body, diagnostics: Diagnostic[], detail: string): SpecResult {
  if (!hasErrors(diagnostics)) {
    diagnostics.push({
      severity: "error",
      summary: "Missing spec block",
      detail,
      subject: body.missingItemRange(),
    });
  }
  return { spec: errSpec, diagnostics };
}

function decodeSpecBlock(block: Block): SpecResult {
  const impliedName = block.labels[0] ?? "";
  switch (block.type) {
    case "object": {
      const { content, diagnostics } = block.body.content(labelled);
      const attributes: Record<string, Spec> = {};
      for (const child of content.blocks) {
        const r = decodeSpecBlock(child);
        diagnostics.push(...r.diagnostics);
        setOwn(attributes, child.labels[0]!, r.spec);
      }
      return { spec: { kind: "object", attributes }, diagnostics };
    }
    case "array": {
      const { content, diagnostics } = block.body.content(unlabelled);
      const elements = content.blocks.map((child) => {
        const r = decodeSpecBlock(child);
        diagnostics.push(...r.diagnostics);
        return r.spec;
      });
      return { spec: { kind: "tuple", elements }, diagnostics };
    }
    case "attr":
      return decodeAttrSpec(block.body, impliedName);
    case "block":
    case "block_list":
    case "block_set":
    case "block_map":
      return decodeBlockSpec(block.type, block.body, impliedName);
    case "default":
      return decodeDefaultSpec(block.body);
    case "transform":
      return decodeTransformSpec(block.body);
    case "literal": {
      const args = decodeArgs(
        block.body,
        specContext,
        [{ name: "value", kind: "value", required: true }],
        false,
      );
      if (hasErrors(args.diagnostics)) return { spec: errSpec, diagnostics: args.diagnostics };
      return {
        spec: { kind: "literal", value: args.values.get("value") as TypedValue },
        diagnostics: args.diagnostics,
      };
    }
    default:
      return {
        spec: errSpec,
        diagnostics: [
          {
            severity: "error",
            summary: "Invalid spec block",
            detail: `Blocks of type "${block.type}" are not expected here.`,
            subject: block.typeRange,
          },
        ],
      };
  }
}

function decodeAttrSpec(body: Body, impliedName: string): SpecResult {
  const args = decodeArgs(
    body,
    undefined,
    [
      { name: "name", kind: "string" },
      { name: "type", kind: "expr" },
      { name: "required", kind: "bool" },
    ],
    false,
  );
  const { diagnostics } = args;
  if (hasErrors(diagnostics)) return { spec: errSpec, diagnostics };
  const name = (args.values.get("name") as string | undefined) ?? impliedName;
  const type = evalTypeExpr(args.values.get("type") as Expression);
  diagnostics.push(...type.diagnostics);
  if (name === "") {
    diagnostics.push({
      severity: "error",
      summary: "Missing name in attribute spec",
      detail:
        "The name attribute is required, to specify the attribute name that is expected in an input HCL file.",
      subject: body.missingItemRange(),
    });
    return { spec: errSpec, diagnostics };
  }
  const required = args.values.get("required") === true;
  return { spec: { kind: "attr", name, type: type.type, ...(required ? { required } : {}) }, diagnostics };
}

function decodeBlockSpec(
  kind: "block" | "block_list" | "block_set" | "block_map",
  body: Body,
  impliedName: string,
): SpecResult {
  const fields: Field[] = [{ name: "block_type", kind: "string" }];
  if (kind === "block") fields.push({ name: "required", kind: "bool" });
  if (kind === "block_list" || kind === "block_set")
    fields.push({ name: "min_items", kind: "int" }, { name: "max_items", kind: "int" });
  // (A list field is required to gohcl, unlike the pointer fields beside it.)
  if (kind === "block_map") fields.push({ name: "labels", kind: "stringList", required: true });
  const args = decodeArgs(body, undefined, fields, true);
  const { diagnostics } = args;
  if (hasErrors(diagnostics)) return { spec: errSpec, diagnostics };
  const typeName = (args.values.get("block_type") as string | undefined) ?? impliedName;
  const nested = decodeSingleSpec(
    args.remain!,
    "A block spec must have exactly one child spec specifying how to decode block contents.",
  );
  diagnostics.push(...nested.diagnostics);
  const missingType = () => {
    diagnostics.push({
      severity: "error",
      summary: `Missing block_type in ${kind} spec`,
      detail:
        "The block_type attribute is required, to specify the block type name that is expected in an input HCL file.",
      subject: body.missingItemRange(),
    });
    return { spec: errSpec, diagnostics };
  };
  switch (kind) {
    case "block": {
      // hcl accepts a block spec without a block type (an empty name).
      const required = args.values.get("required") === true;
      return {
        spec: { kind: "block", typeName, nested: nested.spec, ...(required ? { required } : {}) },
        diagnostics,
      };
    }
    case "block_list":
    case "block_set": {
      if (typeName === "") return missingType();
      const minItems = args.values.get("min_items") as number | undefined;
      const maxItems = args.values.get("max_items") as number | undefined;
      const spec: Spec = {
        kind: kind === "block_list" ? "blockList" : "blockSet",
        typeName,
        nested: nested.spec,
        ...(minItems === undefined ? {} : { minItems }),
        ...(maxItems === undefined ? {} : { maxItems }),
      };
      return { spec, diagnostics };
    }
    case "block_map": {
      if (typeName === "") return missingType();
      const labelNames = (args.values.get("labels") as string[] | undefined) ?? [];
      if (labelNames.length < 1) {
        diagnostics.push({
          severity: "error",
          summary: "Invalid block label name list",
          detail: "A block_map must have at least one label specified.",
          subject: body.missingItemRange(),
        });
        return { spec: errSpec, diagnostics };
      }
      const spec: Spec = { kind: "blockMap", typeName, labelNames, nested: nested.spec };
      if (cty.hasDynamicTypes(impliedType(spec))) {
        diagnostics.push({
          severity: "error",
          summary: "Invalid block_map spec",
          detail: "A block_map spec may not contain attributes with type 'any'.",
          subject: body.missingItemRange(),
        });
      }
      return { spec, diagnostics };
    }
  }
}

function decodeDefaultSpec(body: Body): SpecResult {
  const { content, diagnostics } = body.content(unlabelled);
  if (content.blocks.length === 0) {
    return missingSpec(
      body,
      diagnostics,
      "A default block must have at least one nested spec, each specifying a possible outcome.",
    );
  }
  if (content.blocks.length === 1 && !hasErrors(diagnostics)) {
    // (hcl points this warning past the only block and crashes; we point at the block.)
    diagnostics.push({
      severity: "warning",
      summary: "Useless default block",
      detail: "A default block with only one spec is equivalent to using that spec alone.",
      subject: content.blocks[0]!.defRange,
    });
  }
  let spec: Spec | undefined;
  for (const block of content.blocks) {
    const r = decodeSpecBlock(block);
    diagnostics.push(...r.diagnostics);
    if (hasErrors(r.diagnostics)) continue;
    spec = spec === undefined ? r.spec : { kind: "default", primary: spec, default: r.spec };
  }
  return { spec: spec ?? errSpec, diagnostics };
}

function decodeTransformSpec(body: Body): SpecResult {
  const args = decodeArgs(body, undefined, [{ name: "result", kind: "expr" }], true);
  const { diagnostics } = args;
  if (hasErrors(diagnostics)) return { spec: errSpec, diagnostics };
  const { content, diagnostics: nestedDiags } = args.remain!.content(unlabelled);
  diagnostics.push(...nestedDiags);
  if (content.blocks.length !== 1) {
    if (hasErrors(nestedDiags)) return { spec: errSpec, diagnostics };
    diagnostics.push({
      severity: "error",
      summary: "Invalid transform spec",
      detail: "A transform spec block must have exactly one nested spec block.",
      subject: body.missingItemRange(),
    });
    return { spec: errSpec, diagnostics };
  }
  const nested = decodeSpecBlock(content.blocks[0]!);
  diagnostics.push(...nested.diagnostics);
  return {
    spec: {
      kind: "transformExpr",
      wrapped: nested.spec,
      expr: args.values.get("result") as Expression,
      transformContext: specContext,
      varName: "nested",
    },
    diagnostics,
  };
}

// --- Arguments of spec blocks, read as gohcl reads them into cmd/hcldec's structs ---

interface Field {
  readonly name: string;
  readonly kind: "string" | "bool" | "int" | "stringList" | "expr" | "value";
  readonly required?: boolean;
}

/** A null expression standing for an absent expression argument (hcl.StaticExpr of null). */
function nullExpression(range: Range): Expression {
  return {
    value: () => ({ value: { value: null, type: cty.dynamic }, diagnostics: [] }),
    variables: () => [],
    range,
    startRange: range,
  };
}

function decodeArgs(
  body: Body,
  ctx: EvalContext | undefined,
  fields: readonly Field[],
  partial: boolean,
): { values: Map<string, unknown>; remain?: Body; diagnostics: Diagnostic[] } {
  const schema: BodySchema = {
    attributes: [...fields]
      .sort((a, b) => (a.name < b.name ? -1 : 1))
      .map((f) => (f.required ? { name: f.name, required: true } : { name: f.name })),
  };
  const read = partial ? body.partialContent(schema) : { ...body.content(schema), remain: undefined };
  const diagnostics = read.diagnostics;
  const values = new Map<string, unknown>();
  for (const field of fields) {
    const attr = Object.hasOwn(read.content.attributes, field.name)
      ? read.content.attributes[field.name]
      : undefined;
    if (attr === undefined) {
      if (field.kind === "expr") values.set(field.name, nullExpression(body.missingItemRange()));
      continue;
    }
    if (field.kind === "expr") {
      values.set(field.name, attr.expr);
      continue;
    }
    const v = decodeArg(attr, ctx, field, diagnostics);
    if (v !== undefined) values.set(field.name, v);
  }
  return read.remain === undefined ? { values, diagnostics } : { values, remain: read.remain, diagnostics };
}

const fieldTypes = {
  string: cty.string,
  bool: cty.bool,
  int: cty.number,
  stringList: cty.list(cty.string),
  value: cty.dynamic,
} as const;

function decodeArg(
  attr: Attribute,
  ctx: EvalContext | undefined,
  field: Field,
  diagnostics: Diagnostic[],
): unknown {
  const r = attr.expr.value(ctx);
  diagnostics.push(...r.diagnostics);
  if (field.kind === "value") return r.value;
  const unsuitable = (message: string) => {
    diagnostics.push({
      severity: "error",
      summary: "Unsuitable value type",
      detail: `Unsuitable value: ${message}`,
      subject: attr.expr.startRange,
      context: attr.expr.range,
    });
    return undefined;
  };
  let converted: TypedValue;
  try {
    converted = convertTyped(r.value.value, r.value.type, fieldTypes[field.kind as keyof typeof fieldTypes]);
  } catch (e) {
    return unsuitable((e as Error).message);
  }
  const value = cty.unmarkDeep(converted.value, converted.type).value;
  if (value === null) return undefined;
  if (cty.containsUnknown(value)) return unsuitable("value must be known");
  if (field.kind === "int") {
    const n = value as cty.CtyNumber;
    const big =
      typeof n === "bigint" ? n : typeof n === "number" && Number.isInteger(n) ? BigInt(n) : undefined;
    if (big === undefined || big < -(2n ** 63n) || big >= 2n ** 63n) {
      return unsuitable("value must be a whole number, between -9223372036854775808 and 9223372036854775807");
    }
    return Number(big);
  }
  if (field.kind === "stringList" && (value as readonly unknown[]).some((s) => s === null)) {
    return unsuitable("value must not be null");
  }
  return value;
}

// --- Type expressions: string, number, bool, any, list(...), set(...), map(...), tuple([...]), object({...}) ---

/** The capsule type whose values carry a cty type, as cmd/hcldec evaluates type expressions. */
const typeType = cty.capsule("type");

class TypeBox {
  constructor(readonly type: cty.CtyType) {}
}

const boxed = (type: cty.CtyType): cty.CtyValue => new TypeBox(type) as unknown as cty.CtyValue;
const unboxed = (value: cty.CtyValue): cty.CtyType => (value as unknown as TypeBox).type;

const typeConstructor = (
  name: string,
  paramType: cty.CtyType,
  make: (v: cty.CtyValue) => cty.CtyType,
): FunctionSpec =>
  defineFunction({
    params: [{ name, type: paramType }],
    returnType: typeType,
    impl: ([arg]) => boxed(make(arg!.value)),
  });

const typeContext: EvalContext = {
  variables: {
    string: { value: boxed(cty.string), type: typeType },
    bool: { value: boxed(cty.bool), type: typeType },
    number: { value: boxed(cty.number), type: typeType },
    any: { value: boxed(cty.dynamic), type: typeType },
  },
  functions: {
    list: typeConstructor("element_type", typeType, (v) => cty.list(unboxed(v))),
    set: typeConstructor("element_type", typeType, (v) => cty.set(unboxed(v))),
    map: typeConstructor("element_type", typeType, (v) => cty.map(unboxed(v))),
    tuple: typeConstructor("element_types", cty.list(typeType), (v) =>
      cty.tuple((v as readonly cty.CtyValue[]).map(unboxed)),
    ),
    object: typeConstructor("attribute_types", cty.map(typeType), (v) => {
      const attributes: Record<string, cty.CtyType> = {};
      for (const [name, t] of Object.entries(v as Record<string, cty.CtyValue>))
        setOwn(attributes, name, unboxed(t));
      return cty.object(attributes);
    }),
  },
};

function evalTypeExpr(expr: Expression): { type: cty.CtyType; diagnostics: Diagnostic[] } {
  const { value, diagnostics } = expr.value(typeContext);
  if (value.value === null) return { type: cty.dynamic, diagnostics };
  if (value.type !== typeType || !((value.value as unknown) instanceof TypeBox)) {
    // (hcl gives this diagnostic no source range.)
    diagnostics.push({
      severity: "error",
      summary: "Invalid type expression",
      detail: `A type is required, not ${cty.friendlyName(value.type)}.`,
    });
    return { type: cty.dynamic, diagnostics };
  }
  return { type: unboxed(value.value), diagnostics };
}
