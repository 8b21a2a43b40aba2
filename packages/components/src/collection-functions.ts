/**
 * Collection provider functions after pyvider's (length, contains, lookup) and tostring, each
 * taking a value of any type.
 *
 * @packageDocumentation
 */
// Collection provider functions after pyvider's (length, contains, lookup) and tostring. They
// take values of any type (`t.dynamic`), so one function serves lists, sets, tuples, maps and
// objects alike; a null collection gives null, as pyvider's functions do.
import { type Dynamic, graphemeCount } from "@tsvider/cty";
import { defineProviderFunction, FunctionError, type ProviderFunction, t } from "@tsvider/framework";
import { elementsOf, entriesOf, jsonText, textOf, toDynamic, typedOf, typeName } from "./internal/dynamic.js";

/**
 * The provider function `length(collection)`: the number of elements of a list, set or tuple,
 * of entries of a map or object, or of characters (grapheme clusters, as Terraform's `length`
 * counts them) of a string (`provider::tsvider::length` in the reference provider). Null gives
 * null.
 */
export const lengthFunction: ProviderFunction = defineProviderFunction({
  name: "length",
  summary: "The number of elements, attributes or characters",
  markdownDescription:
    'Returns how many elements a list, set or tuple has, how many entries a map or object has, or how many characters a string has, counted as Terraform\'s `length` counts them: user-perceived characters (grapheme clusters), so `"é"` written as e and a combining accent is 1, and so is a flag or a family emoji. Any other type is an error; null gives null.',
  params: [
    {
      name: "collection",
      type: t.dynamic,
      allowNullValue: true,
      description: "A list, set, tuple, map, object or string.",
    },
  ],
  returns: t.number,
  run: (collection) => {
    const typed = typedOf(collection);
    if (typed === null) return null;
    if (typed.type.kind === "string") return graphemeCount(typed.value as string);
    const parts = elementsOf(typed) ?? entriesOf(typed);
    if (!parts) {
      throw new FunctionError(
        `a ${typeName(typed)} has no length: give a list, set, tuple, map, object or string`,
        {
          argument: 0,
        },
      );
    }
    return parts.length;
  },
});

/**
 * The provider function `contains(list_to_check, element)`: whether a list, set or tuple has an
 * element equal to `element`, comparing JSON forms, so `1` equals `1.0` but not `"1"`
 * (`provider::tsvider::contains` in the reference provider). A null list gives null.
 */
export const containsFunction: ProviderFunction = defineProviderFunction({
  name: "contains",
  summary: "Whether a list holds a value",
  markdownDescription:
    'Returns true when the list, set or tuple has an element equal to `element`. Values are equal when their JSON forms are: numbers by value (`1` equals `1.0`), never a number and a string (`1` is not `"1"`), lists and objects element by element. A null list gives null.',
  params: [
    {
      name: "list_to_check",
      type: t.dynamic,
      allowNullValue: true,
      description: "A list, set or tuple.",
    },
    { name: "element", type: t.dynamic, allowNullValue: true, description: "The value to look for." },
  ],
  returns: t.bool,
  run: (list, element) => {
    const typed = typedOf(list);
    if (typed === null) return null;
    const elements = elementsOf(typed);
    if (!elements) {
      throw new FunctionError(`contains looks in a list, set or tuple, but got ${typeName(typed)}`, {
        argument: 0,
      });
    }
    const wanted = jsonText(typedOf(element));
    return elements.some((e) => jsonText(e) === wanted);
  },
});

/**
 * The provider function `lookup(map_to_search, key, default?)`: the value of a map or object at
 * `key`, or the default when the key is missing; without a default, a missing key is an error
 * naming it (`provider::tsvider::lookup` in the reference provider). A null map gives null.
 */
export const lookupFunction: ProviderFunction = defineProviderFunction({
  name: "lookup",
  summary: "A map's value by key, with an optional default",
  markdownDescription:
    "Returns the value `map_to_search` holds at `key` (a map or an object). When the key is missing, returns the default given as the third argument, which may be of any type, null included; without one, a missing key is an error naming it. A null map gives null.",
  params: [
    { name: "map_to_search", type: t.dynamic, allowNullValue: true, description: "A map or object." },
    { name: "key", type: t.string, description: "The key to read." },
  ],
  // Named "defaults" as pyvider names it: the name shows in the docs and in Terraform's errors.
  variadic: {
    name: "defaults",
    type: t.dynamic,
    allowNullValue: true,
    description: "Optional: the value when the key is missing.",
  },
  returns: t.dynamic,
  run: (map, key, ...defaults) => {
    if (defaults.length > 1) {
      throw new FunctionError(`only one default may be given, but there are ${defaults.length}`, {
        argument: 3,
      });
    }
    const typed = typedOf(map);
    if (typed === null) return null;
    const entries = entriesOf(typed);
    if (!entries) {
      throw new FunctionError(`lookup reads a map or object, but got ${typeName(typed)}`, { argument: 0 });
    }
    const found = entries.find(([k]) => k === key);
    if (found) return toDynamic(found[1]);
    if (defaults.length === 1) return (defaults[0] as Dynamic | null | undefined) ?? null;
    const keys = entries.map(([k]) => JSON.stringify(k));
    throw new FunctionError(
      `the key ${JSON.stringify(key)} is not in the map (${keys.length === 0 ? "it is empty" : `its keys: ${keys.slice(0, 10).join(", ")}${keys.length > 10 ? ", ..." : ""}`}); give a default as the third argument to use when it is missing`,
      { argument: 1 },
    );
  },
});

/**
 * The provider function `tostring(value)`: a string, number (every digit kept) or bool as text,
 * as Terraform's `tostring` gives it; a collection is an error
 * (`provider::tsvider::tostring` in the reference provider). Null gives null.
 */
export const tostringFunction: ProviderFunction = defineProviderFunction({
  name: "tostring",
  summary: "Any value as a string",
  markdownDescription:
    'Returns the value as text, as Terraform\'s `tostring` does: a string as it is, a number in plain decimal digits with every digit kept (`0.1` is `"0.1"`, `1e30` is `"1000000000000000000000000000000"`), a bool as `"true"` or `"false"`. A list, set, tuple, map or object has no text and is an error (`jsonencode` writes one as JSON). Null gives null.',
  params: [{ name: "value", type: t.dynamic, allowNullValue: true, description: "The value." }],
  returns: t.string,
  run: (value) => {
    const typed = typedOf(value);
    if (typed === null) return null;
    const kind = typed.type.kind;
    if (kind !== "string" && kind !== "number" && kind !== "bool") {
      throw new FunctionError(
        `cannot convert a ${typeName(typed)} to string: give a string, number or bool, or use jsonencode() for a collection's JSON text`,
        { argument: 0 },
      );
    }
    return textOf(typed);
  },
});

/** Every collection function and tostring, for `defineProvider({ functions })`. */
export const collectionFunctions: readonly ProviderFunction[] = [
  lengthFunction,
  containsFunction,
  lookupFunction,
  tostringFunction,
];
