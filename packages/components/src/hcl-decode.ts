/**
 * The `hcl_decode` provider function: HCL native syntax decoded to a value, as `jsondecode`
 * does for JSON.
 *
 * @packageDocumentation
 */
// hcl_decode(text): HCL native syntax (a file's body) decoded to a value, as jsondecode does
// for JSON, on @tsvider/hcl. Attributes are evaluated with go-cty's stdlib and no variables;
// blocks take the shape hcl's JSON syntax gives them (type → labels → body). The hcl package
// is imported on the first call, so a provider that never decodes HCL does not evaluate it
// when it starts (the reference provider's start-up time is measured).
import { type CtyType, type CtyValue, Dynamic, object, tuple } from "@tsvider/cty";
import type { TypedValue } from "@tsvider/cty/function";
import { defineProviderFunction, FunctionError, type ProviderFunction, t } from "@tsvider/framework";
import type { Diagnostic, EvalContext, Expression, Range } from "@tsvider/hcl";
import type { NativeBlock, NativeBody } from "@tsvider/hcl/native";

type Hcl = typeof import("@tsvider/hcl");

let loading: Promise<Hcl> | undefined;

/** @tsvider/hcl, imported once, on first use. */
function loadHcl(): Promise<Hcl> {
  loading ??= import("@tsvider/hcl");
  return loading;
}

/** The name the text goes by in messages: `<text>:3,7-8: ...`. */
const textFilename = "<text>";

/** Why text did not decode: every error diagnostic, in source order. */
export class HclDecodeError extends Error {
  override readonly name = "HclDecodeError";
  constructor(readonly diagnostics: readonly Diagnostic[]) {
    super("the text is not HCL that decodes");
  }
}

/** What decoding needs of @tsvider/hcl, with the text it reads. */
interface Decoding {
  readonly hcl: Hcl;
  readonly ctx: EvalContext;
  readonly bytes: Uint8Array;
  readonly errors: Diagnostic[];
}

const utf8 = new TextDecoder();

/**
 * Decodes HCL native syntax text to a value: an object of the body's attributes and blocks.
 * Throws HclDecodeError with the error diagnostics when the text does not parse or evaluate.
 */
export async function decodeHcl(text: string): Promise<TypedValue> {
  const hcl = await loadHcl();
  const { file, diagnostics } = hcl.parseConfig(text, textFilename);
  const parseErrors = diagnostics.filter((d) => d.severity === "error");
  // A body with syntax errors is only partly there: evaluating it would add noise.
  if (parseErrors.length > 0) throw new HclDecodeError(parseErrors);
  const decoding: Decoding = { hcl, ctx: hcl.stdlibContext(), bytes: file.bytes, errors: [] };
  const value = bodyValue(file.body, decoding);
  if (decoding.errors.length > 0) throw new HclDecodeError(sortedByPosition(decoding.errors));
  return value;
}

function sortedByPosition(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort((a, b) => (a.subject?.start.byte ?? 0) - (b.subject?.start.byte ?? 0));
}

/**
 * A body as an object: each attribute's value, then each block type's blocks. Keys are names in
 * Unicode normal form C, as cty's object types hold them (hcl already normalizes labels), so
 * two spellings of one name are one key: a clash to report, not a value to lose.
 */
function bodyValue(body: NativeBody, d: Decoding): TypedValue {
  const entries: [string, TypedValue][] = [];
  const argumentKeys = new Map<string, Range>();
  for (const [name, attribute] of body.attributes) {
    const key = name.normalize("NFC");
    const earlier = argumentKeys.get(key);
    if (earlier) {
      d.errors.push({
        severity: "error",
        summary: "Argument redefined",
        detail: `"${name}" is the argument at line ${earlier.start.line} written with other Unicode characters (they are the same in normal form C, as Terraform compares names); the decoded object has one key for both, so give it one definition.`,
        subject: attribute.nameRange,
      });
      continue;
    }
    argumentKeys.set(key, attribute.nameRange);
    entries.push([key, attributeValue(attribute.expr, d)]);
  }
  for (const [type, blocks] of blocksByType(body.blocks)) {
    const clash = argumentKeys.get(type);
    if (clash) {
      d.errors.push({
        severity: "error",
        summary: "Argument and block with the same name",
        detail: `"${type}" is an argument at line ${clash.start.line} and the type of this block; the decoded object has one key for both, so rename one of them.`,
        subject: blocks[0]!.typeRange,
      });
      continue;
    }
    const value = blockTypeValue(type, blocks, d);
    if (value) entries.push([type, value]);
  }
  return objectOf(entries);
}

function attributeValue(expr: Expression, d: Decoding): TypedValue {
  const references = expr.variables();
  if (references.length > 0) {
    for (const traversal of references) {
      const range = d.hcl.traversalRange(traversal);
      if (!range) continue;
      d.errors.push({
        severity: "error",
        summary: "Variables not allowed",
        detail: `hcl_decode evaluates without variables, so "${sourceText(range, d.bytes)}" has no value: write the value itself in the text (build the text with format or a string template when the value comes from configuration).`,
        subject: range,
      });
    }
    return { value: null, type: object({}) };
  }
  const { value, diagnostics } = expr.value(d.ctx);
  d.errors.push(...diagnostics.filter((x) => x.severity === "error"));
  return value;
}

const sourceText = (range: Range, bytes: Uint8Array): string =>
  utf8.decode(bytes.subarray(range.start.byte, range.end.byte));

/** The blocks of each type (in normal form C), types in the order they first appear. */
function blocksByType(blocks: readonly NativeBlock[]): Map<string, NativeBlock[]> {
  const byType = new Map<string, NativeBlock[]>();
  for (const block of blocks) {
    const type = block.type.normalize("NFC");
    const same = byType.get(type);
    if (same) same.push(block);
    else byType.set(type, [block]);
  }
  return byType;
}

/** Bodies under their labels: a node per label level, the bodies at the leaves. */
interface LabelTree {
  readonly children: Map<string, LabelTree>;
  readonly bodies: TypedValue[];
}

const newTree = (): LabelTree => ({ children: new Map(), bodies: [] });

/**
 * The blocks of one type as hcl's JSON syntax writes them: each label a level of object keys,
 * then the body; two or more blocks with the same labels a tuple of their bodies.
 */
function blockTypeValue(type: string, blocks: readonly NativeBlock[], d: Decoding): TypedValue | undefined {
  const first = blocks[0]!;
  const depth = first.labels.length;
  const root = newTree();
  let consistent = true;
  for (const block of blocks) {
    if (block.labels.length !== depth) {
      consistent = false;
      d.errors.push({
        severity: "error",
        summary: "Inconsistent block labels",
        detail: `This "${type}" block has ${labelCount(block.labels.length)}, and the one at line ${first.typeRange.start.line} has ${labelCount(depth)}; the labels become levels of object keys, so give every "${type}" block the same number of labels.`,
        subject: block.defRange,
      });
      continue;
    }
    let node = root;
    for (const label of block.labels.map((l) => l.normalize("NFC"))) {
      let child = node.children.get(label);
      if (!child) {
        child = newTree();
        node.children.set(label, child);
      }
      node = child;
    }
    node.bodies.push(bodyValue(block.body, d));
  }
  return consistent ? treeValue(root, depth) : undefined;
}

const labelCount = (n: number): string => (n === 1 ? "1 label" : `${n} labels`);

function treeValue(tree: LabelTree, depth: number): TypedValue {
  if (depth > 0) {
    return objectOf([...tree.children].map(([label, child]) => [label, treeValue(child, depth - 1)]));
  }
  const [only, ...more] = tree.bodies;
  if (only && more.length === 0) return only;
  return { type: tuple(tree.bodies.map((b) => b.type)), value: tree.bodies.map((b) => b.value) };
}

/** An object of these entries. Object.fromEntries keeps a key such as "__proto__" a key. */
function objectOf(entries: readonly [string, TypedValue][]): TypedValue {
  const types: [string, CtyType][] = entries.map(([k, v]) => [k, v.type]);
  const values: [string, CtyValue][] = entries.map(([k, v]) => [k, v.value]);
  return { type: object(Object.fromEntries(types)), value: Object.fromEntries(values) };
}

/** The error a practitioner sees: each diagnostic as hcl writes it, where it is in the text. */
function decodeErrorMessage(error: HclDecodeError, format: Hcl["formatDiagnostic"]): string {
  const lines = error.diagnostics.map(format);
  if (lines.length === 1) return `hcl_decode: ${lines[0]}`;
  return `hcl_decode: ${lines.length} errors in the text:\n${lines.join("\n")}`;
}

/**
 * The provider function `hcl_decode`: decodes HCL native syntax text to an object of its
 * arguments and blocks.
 */
export const hclDecodeFunction: ProviderFunction = defineProviderFunction({
  name: "hcl_decode",
  summary: "Decodes HCL text to a value",
  markdownDescription:
    'Decodes `text`, HCL native syntax as a `.tf` or `.hcl` file\'s body holds it, to an object: each argument evaluated (go-cty\'s standard functions such as `upper`, `jsonencode` and `merge` work; references to variables are an error), each block under its type, then one level of keys per label, then its body as an object; two or more blocks with the same type and labels become a tuple of their bodies. `hcl_decode("a = 1\\nb \\"x\\" { c = true }")` is `{ a = 1, b = { x = { c = true } } }`. Text that is not valid HCL is an error naming each problem\'s line and column.',
  params: [
    {
      name: "text",
      type: t.string,
      description: 'HCL native syntax: arguments (`name = value`) and blocks (`type "label" { ... }`).',
    },
  ],
  returns: t.dynamic,
  run: async (text) => {
    let value: TypedValue;
    try {
      value = await decodeHcl(text);
    } catch (err) {
      if (err instanceof HclDecodeError) {
        const hcl = await loadHcl();
        throw new FunctionError(decodeErrorMessage(err, hcl.formatDiagnostic), { argument: 0, cause: err });
      }
      throw err;
    }
    return new Dynamic(value.type, value.value);
  },
});
