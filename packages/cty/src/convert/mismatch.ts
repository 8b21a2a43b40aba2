// go-cty's MismatchMessage: why a value of one type does not convert to another, in go-cty's
// words ("attribute \"name\" is required", "incorrect list element type: string required").

import { goQuote } from "../internal/text/go-quote.js";
import {
  type CtyType,
  compareBytewise,
  friendlyName,
  friendlyNameForConstraint,
  hasDynamicTypes,
  type ObjectType,
  typeEquals,
} from "../types.js";
import { conversionFor } from "./conversion.js";

export function mismatchMessage(got: CtyType, want: CtyType): string {
  if (got.kind === "object" && want.kind === "object") return objectsMismatch(got, want);
  const wantElement =
    want.kind === "list" || want.kind === "set" || want.kind === "map" ? want.element : undefined;
  // Tuples into lists and sets, objects into maps, of any element type, fail only when no
  // one type takes all the elements.
  if (got.kind === "tuple" && want.kind === "list" && wantElement?.kind === "dynamic") {
    return "all list elements must have the same type";
  }
  if (got.kind === "tuple" && want.kind === "set" && wantElement?.kind === "dynamic") {
    return "all set elements must have the same type";
  }
  if (got.kind === "object" && want.kind === "map" && wantElement?.kind === "dynamic") {
    return "all map elements must have the same type";
  }
  if ((got.kind === "tuple" || got.kind === "object") && wantElement !== undefined) {
    return structuralToCollectionMismatch(got, want);
  }
  if (isCollection(got) && wantElement !== undefined) return collectionsMismatch(got, want);
  if (!likelyToConfuse(got, want)) return `${friendlyName(want)} required, but have ${friendlyName(got)}`;
  return `${friendlyNameForConstraint(want)} required`;
}

function isCollection(type: CtyType): boolean {
  return type.kind === "list" || type.kind === "set" || type.kind === "map";
}

/**
 * Missing attributes first, then one attribute that does not convert even unsafely, then one
 * that does not convert safely. (go-cty looks at attributes in its map order, which varies;
 * this looks in name order, which is one of go-cty's possible answers.)
 */
function objectsMismatch(got: ObjectType, want: ObjectType): string {
  const missing: string[] = [];
  let unsafeMismatch: string | undefined;
  let safeMismatch: string | undefined;
  for (const name of want.attributeNames) {
    const wanted = want.attributes[name]!;
    const given = got.attributes[name];
    if (given === undefined) {
      if (!want.optional.has(name)) missing.push(name);
      continue;
    }
    if (typeEquals(given, wanted)) continue;
    if (unsafeMismatch !== undefined) continue;
    if (conversionFor(given, wanted, true) === undefined) {
      unsafeMismatch = `attribute ${goQuote(name)}: ${mismatchMessage(given, wanted)}`;
    }
    if (safeMismatch !== undefined) continue;
    if (conversionFor(given, wanted, false) === undefined) {
      safeMismatch = `attribute ${goQuote(name)}: ${mismatchMessage(given, wanted)}`;
    }
  }
  if (missing.length > 0) {
    // Go sorts the names as byte strings: UTF-8 byte order is code point order.
    missing.sort(compareBytewise);
    if (missing.length === 1) return `attribute ${goQuote(missing[0]!)} is required`;
    if (missing.length === 2)
      return `attributes ${goQuote(missing[0]!)} and ${goQuote(missing[1]!)} are required`;
    const quoted = missing.map(goQuote);
    return `attributes ${quoted.slice(0, -1).join(", ")}, and ${quoted.at(-1)!} are required`;
  }
  return unsafeMismatch ?? safeMismatch ?? "incorrect object attributes";
}

function structuralToCollectionMismatch(got: CtyType, want: CtyType): string {
  if ((want.kind === "list" || want.kind === "set") && got.kind !== "tuple") {
    return `${friendlyNameForConstraint(want)} required`;
  }
  if (want.kind === "map" && got.kind !== "object") return `${friendlyNameForConstraint(want)} required`;
  const wantElement = (want as { element: CtyType }).element;
  if (got.kind === "tuple") {
    for (const [i, given] of got.elements.entries()) {
      if (typeEquals(given, wantElement) || conversionFor(given, wantElement, true) !== undefined) continue;
      return `element ${i}: ${mismatchMessage(given, wantElement)}`;
    }
    return `all elements must be ${friendlyNameForConstraint(wantElement)}`;
  }
  if (got.kind === "object") {
    // go-cty's map order varies; name order is one of its possible answers.
    for (const name of got.attributeNames) {
      const given = got.attributes[name]!;
      if (typeEquals(given, wantElement) || conversionFor(given, wantElement, true) !== undefined) continue;
      return `element ${goQuote(name)}: ${mismatchMessage(given, wantElement)}`;
    }
    return `all elements must be ${friendlyNameForConstraint(wantElement)}`;
  }
  return `${friendlyNameForConstraint(want)} required`;
}

function collectionsMismatch(got: CtyType, want: CtyType): string {
  const listLike = got.kind === "list" || got.kind === "set";
  if ((want.kind === "list" || want.kind === "set") && !listLike)
    return `${friendlyNameForConstraint(want)} required`;
  if (want.kind === "map" && got.kind !== "map") return `${friendlyNameForConstraint(want)} required`;
  const gotElement = (got as { element: CtyType }).element;
  const wantElement = (want as { element: CtyType }).element;
  return `incorrect ${want.kind} element type: ${mismatchMessage(gotElement, wantElement)}`;
}

/**
 * go-cty's typesAreLikelyToCauseConfusion: whether naming both types would mislead (then the
 * message names only the wanted one).
 */
function likelyToConfuse(got: CtyType, want: CtyType): boolean {
  const gotPrimitive = got.kind === "string" || got.kind === "number" || got.kind === "bool";
  const wantPrimitive = want.kind === "string" || want.kind === "number" || want.kind === "bool";
  if (gotPrimitive !== wantPrimitive) return false;
  if (want.kind === "string") return false;
  if ((want.kind === "bool" && got.kind === "number") || (got.kind === "bool" && want.kind === "number")) {
    return false;
  }
  if (
    isCollection(got) &&
    isCollection(want) &&
    !hasDynamicTypes((got as { element: CtyType }).element) &&
    hasDynamicTypes((want as { element: CtyType }).element)
  ) {
    return false;
  }
  // (go-cty's test for the other order, object got and tuple wanted, can never hold.)
  if (got.kind === "tuple" && want.kind === "object") return false;
  return true;
}
