/**
 * Type expressions such as `list(string)` or `object({ a = optional(number) })`, read as cty types
 * the way Terraform reads a variable's `type`.
 *
 * @packageDocumentation
 */
// Type expressions (hcl's ext/typeexpr): `string`, `list(number)`, `object({a = string})`,
// `optional(string, "x")` inside an object... read statically as cty types, as Terraform
// reads a variable's `type` argument. Diagnostics are hcl's, word for word and range for range.

import {
  bool,
  type CapsuleType,
  type CtyType,
  type CtyValue,
  canonicalSet,
  compareBytewise,
  dynamic,
  isUnknown,
  list,
  map,
  number,
  object,
  RefinedUnknown,
  refine,
  set,
  string,
  tuple,
} from "@tsvider/cty";
import { ConversionError, convertTyped, unify } from "@tsvider/cty/convert";
import { ArgumentError, defineFunction, type FunctionSpec, type TypedValue } from "@tsvider/cty/function";
import { type Diagnostic, hasErrors } from "../diagnostic.js";
import type { Expression } from "../expression.js";
import { goQuote } from "../internal/go-quote.js";
import { asDynamicSlot, ownTyped, unmarkTop, withMarks } from "../internal/typed-values.js";
import { identEnd } from "../native/scanner.js";
import { type Range, rangeBetween } from "../pos.js";
import { exprAsKeyword, exprCall, exprList, exprMap } from "../static.js";
import { capsulePayload, capsuleValue, customDecodedType } from "./customdecode.js";

/**
 * The default values an object type constraint's `optional(T, default)` attributes give,
 * at every level of a type (hcl's typeexpr.Defaults). `children` is keyed by attribute name,
 * tuple index ("0", "1"...) or "" for a collection's elements.
 */
export interface TypeDefaults {
  readonly type: CtyType;
  readonly defaultValues?: Readonly<Record<string, TypedValue>>;
  readonly children?: Readonly<Record<string, TypeDefaults>>;
}

/** The type a type expression (`list(string)`, `object({...})`) stands for, with diagnostics. */
export interface TypeResult {
  /** `dynamic` where the expression is no valid type. */
  readonly type: CtyType;
  readonly diagnostics: Diagnostic[];
}

const invalidTypeSummary = "Invalid type specification";

/** An exact type: no `any`, no `optional` (hcl's typeexpr.Type). */
export function typeExact(expr: Expression): TypeResult {
  const { type, diagnostics } = getType(expr, false, false);
  return { type, diagnostics };
}

/** A type constraint: `any` and `optional(T)` allowed, defaults refused (typeexpr.TypeConstraint). */
export function typeConstraint(expr: Expression): TypeResult {
  const { type, diagnostics } = getType(expr, true, false);
  return { type, diagnostics };
}

/**
 * A type constraint with `optional(T, default)` allowed, and the defaults it declares
 * (typeexpr.TypeConstraintWithDefaults); `defaults` is absent when there are none.
 */
export function typeConstraintWithDefaults(expr: Expression): TypeResult & { defaults?: TypeDefaults } {
  return getType(expr, true, true);
}

function fail(detail: string, subject: Range, context?: Range): TypeResult {
  const d: Diagnostic = { severity: "error", summary: invalidTypeSummary, detail, subject };
  return { type: dynamic, diagnostics: [context ? { ...d, context } : d] };
}

function getType(
  expr: Expression,
  constraint: boolean,
  withDefaults: boolean,
): TypeResult & { defaults?: TypeDefaults } {
  const kw = exprAsKeyword(expr);
  switch (kw) {
    case "bool":
      return { type: bool, diagnostics: [] };
    case "string":
      return { type: string, diagnostics: [] };
    case "number":
      return { type: number, diagnostics: [] };
    case "any":
      if (constraint) return { type: dynamic, diagnostics: [] };
      return fail(
        `The keyword ${goQuote(kw)} cannot be used in this type specification: an exact type is required.`,
        expr.range,
      );
    case "list":
    case "map":
    case "set":
      return fail(
        `The ${kw} type constructor requires one argument specifying the element type.`,
        expr.range,
      );
    case "object":
      return fail(
        "The object type constructor requires one argument specifying the attribute types and values as a map.",
        expr.range,
      );
    case "tuple":
      return fail(
        "The tuple type constructor requires one argument specifying the element types as a list.",
        expr.range,
      );
    case "":
      break;
    default:
      return fail(`The keyword ${goQuote(kw)} is not a valid type specification.`, expr.range);
  }

  const { call } = exprCall(expr);
  if (call === undefined) {
    return fail(
      "A type specification is either a primitive type keyword (bool, number, string) or a complex type constructor call, like list(string).",
      expr.range,
    );
  }
  switch (call.name) {
    case "bool":
    case "string":
    case "number":
      return fail(`Primitive type keyword ${goQuote(call.name)} does not expect arguments.`, call.argsRange);
    case "any":
      return fail(`Type constraint keyword ${goQuote(call.name)} does not expect arguments.`, call.argsRange);
  }
  const args = call.arguments;
  if (args.length !== 1) {
    const subject =
      args.length > 1 ? rangeBetween(args[1]!.range, args[args.length - 1]!.range) : call.argsRange;
    switch (call.name) {
      case "list":
      case "set":
      case "map":
        return fail(
          `The ${call.name} type constructor requires one argument specifying the element type.`,
          subject,
          call.argsRange,
        );
      case "object":
        return fail(
          "The object type constructor requires one argument specifying the attribute types and values as a map.",
          subject,
          call.argsRange,
        );
      case "tuple":
        return fail(
          "The tuple type constructor requires one argument specifying the element types as a list.",
          subject,
          call.argsRange,
        );
    }
  }

  switch (call.name) {
    case "list":
    case "set":
    case "map": {
      const element = getType(args[0]!, constraint, withDefaults);
      const make = call.name === "list" ? list : call.name === "set" ? set : map;
      const type = make(element.type);
      return withDefaultsOf(
        { type, diagnostics: element.diagnostics },
        element.defaults && { type, children: { "": element.defaults } },
      );
    }
    case "object":
      return objectType(expr, args[0]!, constraint, withDefaults);
    case "tuple": {
      const { list: elementExprs } = exprList(args[0]!);
      if (elementExprs === undefined) {
        return fail("Tuple type constructor requires a list of element types.", args[0]!.range, expr.range);
      }
      const diagnostics: Diagnostic[] = [];
      const types: CtyType[] = [];
      const children: Record<string, TypeDefaults> = {};
      for (const [i, e] of elementExprs.entries()) {
        const r = getType(e, constraint, withDefaults);
        diagnostics.push(...r.diagnostics);
        types.push(r.type);
        if (r.defaults) children[String(i)] = r.defaults;
      }
      const type = tuple(types);
      return withDefaultsOf({ type, diagnostics }, structuredDefaults(type, {}, children));
    }
    case "optional":
      return fail(
        `Keyword ${goQuote(call.name)} is valid only as a modifier for object type attributes.`,
        call.nameRange,
      );
    default:
      return fail(`Keyword ${goQuote(call.name)} is not a valid type constructor.`, expr.range);
  }
}

function withDefaultsOf(
  r: TypeResult,
  defaults: TypeDefaults | undefined,
): TypeResult & { defaults?: TypeDefaults } {
  return defaults ? { ...r, defaults } : r;
}

function objectType(
  expr: Expression,
  arg: Expression,
  constraint: boolean,
  withDefaults: boolean,
): TypeResult & { defaults?: TypeDefaults } {
  const { pairs } = exprMap(arg);
  if (pairs === undefined) {
    return fail(
      "Object type constructor requires a map whose keys are attribute names and whose values are the corresponding attribute types.",
      arg.range,
      expr.range,
    );
  }
  const diagnostics: Diagnostic[] = [];
  const problem = (detail: string, subject: Range, context: Range) =>
    diagnostics.push({ severity: "error", summary: invalidTypeSummary, detail, subject, context });
  const attributeTypes: Record<string, CtyType> = {};
  const defaultValues: Record<string, TypedValue> = {};
  const children: Record<string, TypeDefaults> = {};
  const optional: string[] = [];
  for (const pair of pairs) {
    const name = exprAsKeyword(pair.key);
    if (name === "") {
      problem("Object constructor map keys must be attribute names.", pair.key.range, expr.range);
      continue;
    }
    if (Object.hasOwn(attributeTypes, name)) {
      problem("Object constructor map keys must be unique.", pair.key.range, expr.range);
      continue;
    }
    let typeExpr = pair.value;
    let defaultExpr: Expression | undefined;
    const { call } = exprCall(typeExpr);
    if (call?.name === "optional") {
      const args = call.arguments;
      if (args.length < 1) {
        problem(
          "Optional attribute modifier requires the attribute type as its argument.",
          call.argsRange,
          typeExpr.range,
        );
        continue;
      }
      if (!constraint) {
        problem(
          "Optional attribute modifier is only for type constraints, not for exact types.",
          call.nameRange,
          typeExpr.range,
        );
      } else if (withDefaults) {
        if (args.length === 2) {
          defaultExpr = args[1]!;
          const d = defaultExpr.value(undefined);
          diagnostics.push(...d.diagnostics);
          if (!hasErrors(d.diagnostics)) {
            optional.push(name);
            defaultValues[name] = d.value;
          }
        } else if (args.length === 1) {
          optional.push(name);
        } else {
          problem(
            "Optional attribute modifier expects at most two arguments: the attribute type, and a default value.",
            call.argsRange,
            typeExpr.range,
          );
        }
      } else if (args.length === 1) {
        optional.push(name);
      } else {
        problem(
          "Optional attribute modifier expects only one argument: the attribute type.",
          call.argsRange,
          typeExpr.range,
        );
      }
      typeExpr = args[0]!;
    }

    const attr = getType(typeExpr, constraint, withDefaults);
    diagnostics.push(...attr.diagnostics);
    const given = defaultValues[name];
    if (given !== undefined && defaultExpr !== undefined) {
      try {
        defaultValues[name] = convertTyped(given.value, given.type, attr.type);
      } catch (e) {
        if (!(e instanceof ConversionError)) throw e;
        diagnostics.push({
          severity: "error",
          summary: "Invalid default value for optional attribute",
          detail: `This default value is not compatible with the attribute's type constraint: ${e.reason}.`,
          subject: defaultExpr.range,
        });
        delete defaultValues[name];
      }
    }
    attributeTypes[name] = attr.type;
    if (attr.defaults) children[name] = attr.defaults;
  }
  const type = object(attributeTypes, optional);
  return withDefaultsOf({ type, diagnostics }, structuredDefaults(type, defaultValues, children));
}

function structuredDefaults(
  type: CtyType,
  defaultValues: Record<string, TypedValue>,
  children: Record<string, TypeDefaults>,
): TypeDefaults | undefined {
  const hasValues = Object.keys(defaultValues).length > 0;
  const hasChildren = Object.keys(children).length > 0;
  if (!hasValues && !hasChildren) return undefined;
  return {
    type,
    ...(hasValues ? { defaultValues } : {}),
    ...(hasChildren ? { children } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Type strings

const encoder = new TextEncoder();

function validIdentifier(name: string): boolean {
  const bytes = encoder.encode(name);
  return bytes.length > 0 && identEnd(bytes, 0) === bytes.length;
}

/**
 * A type as type-expression text (hcl's typeexpr.TypeString): `list(string)`,
 * `object({a=number,"b c"=bool})` with attributes in byte order, `any` for dynamic. Optional
 * markers are not written, as hcl writes none. Capsule types have no text: a TypeError.
 */
export function typeString(type: CtyType): string {
  switch (type.kind) {
    case "string":
    case "bool":
    case "number":
      return type.kind;
    case "dynamic":
      return "any";
    case "list":
    case "set":
    case "map":
      return `${type.kind}(${typeString(type.element)})`;
    case "object": {
      const names = [...type.attributeNames].sort(compareBytewise);
      const parts = names.map(
        (n) => `${validIdentifier(n) ? n : goQuote(n)}=${typeString(type.attributes[n]!)}`,
      );
      return `object({${parts.join(",")}})`;
    }
    case "tuple":
      return `tuple([${type.elements.map(typeString).join(",")}])`;
    case "capsule":
      throw new TypeError(`typeString does not support capsule types (${type.name})`);
  }
}

// ---------------------------------------------------------------------------------------------
// Applying defaults

/**
 * Fills null or absent optional attributes with their defaults, at every level of a value
 * (hcl's Defaults.Apply). Apply it to a value already converted to the type constraint:
 * unknown and null values are left as they are; a collection whose elements come out of
 * different types becomes a tuple (or an object), as in hcl.
 */
export function applyDefaults(defaults: TypeDefaults, value: TypedValue): TypedValue {
  return apply(defaults, ownTyped(value));
}

function apply(d: TypeDefaults, tv: TypedValue): TypedValue {
  const { value: bare, marks } = unmarkTop(tv.value);
  if (bare === null || isUnknown(bare)) return tv;
  if (d.defaultValues === undefined && d.children === undefined) return tv;
  const type = tv.type;
  let out: TypedValue = { value: bare, type };
  switch (type.kind) {
    case "set":
    case "list":
    case "tuple": {
      const elements = (bare as readonly CtyValue[]).map((e, i) => {
        const el = ownTyped({ value: e, type: type.kind === "tuple" ? type.elements[i]! : type.element });
        const child = childAt(d, i);
        return child ? apply(child, el) : el;
      });
      if (type.kind !== "tuple") {
        if (elements.length === 0) {
          out = { value: [], type };
          break;
        }
        const unified = unifyAll(elements);
        if (unified !== undefined) {
          const values = unified.values.map((e) => e.value);
          out =
            type.kind === "set"
              ? { value: canonicalSet(values, unified.type), type: set(unified.type) }
              : { value: values, type: list(unified.type) };
          break;
        }
      }
      out = { value: elements.map((e) => e.value), type: tuple(elements.map((e) => e.type)) };
      break;
    }
    case "object":
    case "map": {
      const record = bare as Readonly<Record<string, CtyValue>>;
      const names = type.kind === "object" ? type.attributeNames : Object.keys(record);
      const values = new Map<string, TypedValue>();
      for (const n of names) {
        const el = ownTyped({
          value: record[n] ?? null,
          type: type.kind === "object" ? type.attributes[n]! : type.element,
        });
        const child = childAt(d, n);
        values.set(n, child ? apply(child, el) : el);
      }
      for (const [key, dv] of Object.entries(d.defaultValues ?? {})) {
        const current = values.get(key);
        if (current === undefined || unmarkTop(current.value).value === null) {
          const child = d.children?.[key];
          values.set(key, child ? apply(child, dv) : dv);
        }
        const now = values.get(key)!;
        if (definitelyNotNull(dv.value) && now.type.kind !== "dynamic") values.set(key, refineNotNull(now));
      }
      if (type.kind === "map") {
        if (values.size === 0) {
          out = { value: {}, type };
          break;
        }
        const keys = [...values.keys()].sort(compareBytewise);
        const unified = unifyAll(keys.map((k) => values.get(k)!));
        if (unified !== undefined) {
          out = {
            value: Object.fromEntries(keys.map((k, i) => [k, unified.values[i]!.value])),
            type: map(unified.type),
          };
          break;
        }
      }
      const attrs: Record<string, CtyType> = {};
      const vals: Record<string, CtyValue> = {};
      for (const [k, v] of values) {
        attrs[k] = v.type;
        vals[k] = v.value;
      }
      out = { value: vals, type: object(attrs) };
      break;
    }
    default:
      break;
  }
  return { value: withMarks(out.value, marks), type: out.type };
}

/** The defaults for an element: by index in a tuple type, by name in an object type, else "". */
function childAt(d: TypeDefaults, key: number | string): TypeDefaults | undefined {
  if (typeof key === "number" && d.type.kind === "tuple") return d.children?.[String(key)];
  if (typeof key === "string" && d.type.kind === "object") return d.children?.[key];
  return d.children?.[""];
}

/** Elements converted to one type (go-cty's UnifyUnsafe), or undefined when they do not convert. */
function unifyAll(elements: readonly TypedValue[]): { type: CtyType; values: TypedValue[] } | undefined {
  const u = unify(
    elements.map((e) => e.type),
    { unsafe: true },
  );
  if (u === undefined) return undefined;
  const values: TypedValue[] = [];
  for (const [i, e] of elements.entries()) {
    const conv = u.typedConversions[i];
    if (conv === undefined) {
      values.push(e);
      continue;
    }
    try {
      values.push(conv(e.value));
    } catch (err) {
      if (err instanceof ConversionError) return undefined;
      throw err;
    }
  }
  // A list or set needs the elements written for its element type; where that type is not
  // dynamic each element already has it.
  if (u.type.kind === "dynamic") {
    return { type: u.type, values: values.map((v) => ({ value: asDynamicSlot(v), type: dynamic })) };
  }
  return { type: u.type, values };
}

function definitelyNotNull(v: CtyValue): boolean {
  const bare = unmarkTop(v).value;
  if (bare === null) return false;
  if (bare instanceof RefinedUnknown) return bare.notNull === true;
  return !isUnknown(bare);
}

function refineNotNull(tv: TypedValue): TypedValue {
  const { value: bare, marks } = unmarkTop(tv.value);
  if (!isUnknown(bare)) return tv;
  const prior = bare instanceof RefinedUnknown ? bare : {};
  return { value: withMarks(refine(tv.type, { ...prior, notNull: true }), marks), type: tv.type };
}

// ---------------------------------------------------------------------------------------------
// Types as function arguments

/**
 * A parameter type whose argument is read as a type constraint rather than evaluated (hcl's
 * typeexpr.TypeConstraintType): `convert(x, list(string))`. A type expression hcl refuses is
 * refused with its diagnostics, and the function is not called.
 */
export const typeConstraintType: CapsuleType = customDecodedType("type constraint", (expression) => {
  const { type, diagnostics } = typeConstraint(expression);
  return hasErrors(diagnostics) ? { diagnostics } : { value: typeConstraintValue(type), diagnostics };
});

/** Wraps a type as a value of `typeConstraintType`, for a function parameter of that type. */
export function typeConstraintValue(type: CtyType): TypedValue {
  return capsuleValue(typeConstraintType, type);
}

/** The type a typeConstraintType argument carries; a TypeError for any other value. */
export function typeConstraintFromValue(value: CtyValue): CtyType {
  return capsulePayload(typeConstraintType, value) as CtyType;
}

/**
 * convert(value, type): the value converted to a type constraint written as a type
 * expression (hcl's typeexpr.ConvertFunc); a value that does not convert is an error on it.
 */
export const convertFunction: FunctionSpec = defineFunction({
  description: "Converts a value to the type constraint given as the second argument.",
  params: [
    { name: "value", type: dynamic, allowNull: true, allowDynamicType: true },
    { name: "type", type: typeConstraintType },
  ],
  returnType: ([value, want]) => convertArgument(value!, typeConstraintFromValue(want!.value)).type,
  impl: ([value], returnType) => asDynamicSlotIf(convertArgument(value!, returnType), returnType),
});

function convertArgument(value: TypedValue, want: CtyType): TypedValue {
  try {
    return convertTyped(value.value, value.type, want);
  } catch (e) {
    if (e instanceof ConversionError) throw new ArgumentError(0, e.reason);
    throw e;
  }
}

/** A result for a dynamic return type travels as a Dynamic (callFunction's rule). */
function asDynamicSlotIf(tv: TypedValue, returnType: CtyType): CtyValue {
  return returnType.kind === "dynamic" ? asDynamicSlot(tv) : tv.value;
}
