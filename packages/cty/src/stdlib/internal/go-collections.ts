// Lists and sets built from elements of their own types, as go-cty's ListVal and SetVal build
// them (see listOf and setOf), with the panic go-cty gives where one element's type differs
// from the others' (as can happen after conversions, which may give different types for
// elements of one type).

import { listOf, setOf } from "../../convert/typed-values.js";
import type { TypedValue } from "../../function.js";
import type { CtyType } from "../../types.js";
import { elementTypeConflict } from "../../value-type.js";
import { goPanic } from "./go-panic.js";
import { goTypeString } from "./go-type-string.js";

/** go-cty's ListVal or SetVal of these elements; `empty` is the element type when there are none. */
export function goCollection(
  kind: "list" | "set",
  elements: readonly TypedValue[],
  empty: CtyType,
): TypedValue {
  const types = elements.map((e) => e.type);
  const conflict = elementTypeConflict(types);
  if (conflict !== undefined) {
    const [first, other] = conflict.map((i) => goTypeString(types[i]!));
    throw goPanic(`inconsistent ${kind} element types (${first} then ${other})`);
  }
  return (kind === "list" ? listOf : setOf)(elements, () => empty)!;
}
