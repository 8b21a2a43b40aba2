// go-cty stdlib, regexp.go and the regular-expression half of string_replace.go: regex,
// regexAll, regexReplace. Patterns are Go's (RE2 syntax, Go's error messages), matched with
// Go's semantics by our own engine (go/regexp.ts): JS's RegExp differs in syntax, in its
// Unicode tables and in where captures inside repetitions land.
//
// The result type follows from the pattern alone, so it is known while the string is not: no
// capture groups give a string, unnamed groups a tuple of strings, named groups an object;
// mixing the two is an error. A group that took no part in the match is null.
import { ArgumentError, defineFunction, type FunctionSpec, type TypedValue } from "../function.js";
import { codePoints, fromCodePoints } from "../graphemes.js";
import { setOwn } from "../internal/records.js";
import { type CtyType, dynamic, list, object, string, tuple } from "../types.js";
import { type CtyValue, isUnknown } from "../values.js";
import { GoRegexp, RegexpSyntaxError } from "./go/regexp.js";

const nfc = (s: string): string => s.normalize("NFC");

const compiled = new Map<string, GoRegexp>();

/** regexp.Compile, remembering the last few patterns (a pattern is compiled for its type and again to match). */
function compile(pattern: string): GoRegexp {
  let re = compiled.get(pattern);
  if (!re) {
    re = GoRegexp.compile(pattern);
    if (compiled.size >= 64) compiled.delete(compiled.keys().next().value!);
    compiled.set(pattern, re);
  }
  return re;
}

/** The type of one match's result for this pattern, or go-cty's error blaming the pattern. */
function resultTypeFor(pattern: string): CtyType {
  let re: GoRegexp;
  try {
    re = compile(pattern);
  } catch (err) {
    if (err instanceof RegexpSyntaxError) {
      throw new ArgumentError(0, `invalid regexp pattern: ${err.code} in ${err.expr}`);
    }
    throw err;
  }
  const groups = re.subexpNames.slice(1);
  const names = groups.filter((n) => n !== "");
  const unnamed = groups.length - names.length;
  if (unnamed === 0 && names.length === 0) return string;
  if (unnamed > 0 && names.length > 0) {
    throw new ArgumentError(0, "invalid regexp pattern: cannot mix both named and unnamed capture groups");
  }
  if (unnamed > 0) return tuple(groups.map(() => string));
  const attributes: Record<string, CtyType> = {};
  for (const name of names) setOwn(attributes, name, string);
  return object(attributes);
}

/** The value describing one match, of the type resultTypeFor gave. */
function matchResult(
  re: GoRegexp,
  text: readonly number[],
  match: readonly number[],
  type: CtyType,
): CtyValue {
  const group = (i: number): string | null => {
    const start = match[2 * i]!;
    const end = match[2 * i + 1]!;
    return start < 0 || end < 0 ? null : nfc(fromCodePoints(text, start, end));
  };
  if (type.kind === "string") return group(0);
  if (type.kind === "tuple") return type.elements.map((_, i) => group(i + 1));
  // Named groups: a name used twice holds the later group's value, as in go-cty.
  const result: Record<string, CtyValue> = {};
  re.subexpNames.forEach((name, i) => {
    if (i > 0) setOwn(result, name, group(i));
  });
  return result;
}

const patternParams = [
  { name: "pattern", type: string },
  { name: "string", type: string },
] as const;

const patternOf = (args: readonly TypedValue[]) => args[0]!.value;

/**
 * The cty function `regex`, a FunctionSpec to call with `callFunction`. Searches a string with an
 * RE2 pattern and describes the first match: the matched text when the pattern has no capture
 * groups, a tuple of the groups' texts when they are unnamed, an object when they are named.
 */
export const regex: FunctionSpec = defineFunction({
  description:
    "Searches a string with an RE2 pattern and describes the first match: the matched text when the pattern has no capture groups, a tuple of the groups' texts when they are unnamed, an object when they are named. A group that took no part is null; no match at all is an error.",
  params: patternParams,
  returnType: (args) => {
    const pattern = patternOf(args);
    return isUnknown(pattern) ? dynamic : resultTypeFor(pattern as string);
  },
  refineResult: { notNull: true },
  impl: ([pattern, str], returnType) => {
    const re = compile(pattern!.value as string);
    const text = codePoints(str!.value as string);
    const match = re.findSubmatchIndex(text);
    if (!match) throw new Error("pattern did not match any part of the given string");
    return matchResult(re, text, match, returnType);
  },
});

/**
 * The cty function `regexAll`, a FunctionSpec to call with `callFunction`. Like regex, but
 * describes every match that does not overlap an earlier one, as a list that is empty when nothing
 * matches.
 */
export const regexAll: FunctionSpec = defineFunction({
  description:
    "Like regex, but describes every match that does not overlap an earlier one, as a list that is empty when nothing matches.",
  params: patternParams,
  returnType: (args) => {
    const pattern = patternOf(args);
    return list(isUnknown(pattern) ? dynamic : resultTypeFor(pattern as string));
  },
  refineResult: { notNull: true },
  impl: ([pattern, str], returnType) => {
    const re = compile(pattern!.value as string);
    const text = codePoints(str!.value as string);
    const elementType = (returnType as { element: CtyType }).element;
    return re.findAllSubmatchIndex(text).map((match) => matchResult(re, text, match, elementType));
  },
});

/**
 * The cty function `regexReplace`, a FunctionSpec to call with `callFunction`. Replaces every match
 * of an RE2 pattern in str with replace, where $1, or $name for a named group, stands for the text
 * a capture group matched.
 */
export const regexReplace: FunctionSpec = defineFunction({
  description:
    "Replaces every match of an RE2 pattern in str with replace, where $1, or $name for a named group, stands for the text a capture group matched.",
  params: [
    { name: "str", type: string },
    { name: "pattern", type: string },
    { name: "replace", type: string },
  ],
  returnType: string,
  refineResult: { notNull: true },
  impl: ([str, pattern, replacement]) => {
    // A bad pattern is a plain error here, with regexp's own message.
    const re = compile(pattern!.value as string);
    return nfc(fromCodePoints(re.replaceAll(codePoints(str!.value as string), replacement!.value as string)));
  },
});
