// What go-cty's conversions know about a result they cannot compute yet: the type of a null or
// unknown result (the target type with its `dynamic` parts filled from the source type), and
// the refinements an unknown result inherits from its source.
import type { TypedValue } from "../function.js";
import { setOwn } from "../internal/records.js";
import { refine } from "../refinement.js";
import { type CtyType, list, map, object, set, tuple, typeToJSONText } from "../types.js";
import { type CtyValue, RefinedUnknown, type Refinements, Unknown } from "../values.js";
import { unifiedType } from "./unify.js";

/**
 * `to` with each `dynamic` in it replaced by the matching part of `from` (go-cty's
 * dynamicReplace), for the type of a null or unknown conversion result. Tuple elements going
 * into a list or set, and object attributes into a map, are unified first. Where go-cty
 * panics (a tuple wanted from something else) this throws a TypeError, unless `lenient`,
 * which then keeps the wanted tuple type as it is.
 */
export function dynamicReplace(from: CtyType | undefined, to: CtyType, lenient = false): CtyType {
  if (from === undefined || from.kind === "dynamic") return to;
  const replace = (f: CtyType | undefined, t: CtyType) => dynamicReplace(f, t, lenient);
  switch (to.kind) {
    case "dynamic":
      return from;
    case "map":
      if (from.kind === "map") return map(replace(from.element, to.element));
      if (from.kind === "object") {
        const types = from.attributeNames.map((n) => from.attributes[n]!);
        return map(replace(unifiedType(types, true), to.element));
      }
      return to;
    case "object": {
      const attributes: Record<string, CtyType> = {};
      for (const name of to.attributeNames) {
        const wanted = to.attributes[name]!;
        if (from.kind === "map") setOwn(attributes, name, replace(from.element, wanted));
        else if (from.kind === "object") {
          const given = from.attributes[name];
          // An attribute the source lacks is an optional one the conversion fills with null.
          setOwn(attributes, name, given === undefined ? wanted : replace(given, wanted));
        }
      }
      return object(attributes);
    }
    case "set":
    case "list": {
      const make = to.kind === "set" ? set : list;
      if (from.kind === "set" || from.kind === "list") return make(replace(from.element, to.element));
      if (from.kind === "tuple") return make(replace(unifiedType(from.elements, true), to.element));
      return to;
    }
    case "tuple":
      // Only a tuple of the same length converts to a tuple, but another type reaches here
      // through a conversion from `dynamic` (which converts an unknown without asking whether
      // its type converts) or a map's element type meeting an optional attribute it cannot
      // fill; go-cty panics then, unless the tuple type is empty.
      return tuple(
        to.elements.map((t, i) => {
          const given = from.kind === "tuple" ? from.elements[i] : undefined;
          if (given !== undefined) return replace(given, t);
          if (lenient) return t;
          throw new TypeError(`an unknown ${typeToJSONText(from)} cannot become a ${typeToJSONText(to)}`);
        }),
      );
    default:
      return to;
  }
}

const NO_UPPER_BOUND = Number.MAX_SAFE_INTEGER;

/**
 * The unknown result of converting an unknown `source` to `target` (go-cty's
 * prepareUnknownResult): not null if the source is not; a map from an object has as many
 * elements as it has attributes, a list from a tuple as many as it has elements, a set from a
 * tuple at most that many (at least one); collection lengths carry over (a set's lower bound
 * only as "at least one", as elements may merge).
 */
export function prepareUnknownResult(source: TypedValue, target: CtyType): CtyValue {
  if (target.kind === "dynamic") return Unknown;
  const given: Refinements = source.value instanceof RefinedUnknown ? source.value : {};
  const from = source.type;
  const r: { notNull?: boolean; lengthLower?: number; lengthUpper?: number } = {};
  if (given.notNull) r.notNull = true;
  if (from.kind === "object" && target.kind === "map") {
    r.lengthLower = r.lengthUpper = from.attributeNames.length;
  } else if (from.kind === "tuple" && target.kind === "list") {
    r.lengthLower = r.lengthUpper = from.elements.length;
  } else if (from.kind === "tuple" && target.kind === "set") {
    const n = from.elements.length;
    if (n <= 1) r.lengthLower = r.lengthUpper = n;
    else {
      r.lengthLower = 1;
      r.lengthUpper = n;
    }
  } else if (isCollection(from) && isCollection(target)) {
    const lower = given.lengthLower ?? 0;
    if (target.kind === "set") {
      if (lower > 0) r.lengthLower = 1;
    } else r.lengthLower = lower;
    if (given.lengthUpper !== undefined && given.lengthUpper !== NO_UPPER_BOUND)
      r.lengthUpper = given.lengthUpper;
  }
  return refine(target, r);
}

function isCollection(type: CtyType): boolean {
  return type.kind === "list" || type.kind === "set" || type.kind === "map";
}
