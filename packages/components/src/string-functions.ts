// String provider functions, after pyvider's: case changes, format with {} placeholders,
// join, split, replace, truncate, format_size, pluralize and the case conversions. Lengths
// count Unicode code points (as Python's len does), not UTF-16 units. A null string gives
// null, as pyvider's functions do.
import { type CtyNumber, type CtyType, type Dynamic, number, string } from "@tsvider/cty";
import { convert } from "@tsvider/cty/convert";
import { defineProviderFunction, FunctionError, type ProviderFunction, t } from "@tsvider/framework";
import { elementsOf, type Typed, textOf, typedOf, typeName } from "./internal/dynamic.js";
import { compareNumbers, roundScaled, type Scaled, scaledText, toScaled } from "./internal/exact.js";
import { placesArgument } from "./numeric-functions.js";

const codePoints = (text: string): string[] => Array.from(text);

export const upperFunction: ProviderFunction = defineProviderFunction({
  name: "upper",
  summary: "Converts a string to uppercase",
  description: "Returns the string in uppercase, by Unicode's case mapping (ß becomes SS). Null gives null.",
  params: [{ name: "input_str", type: t.string, allowNullValue: true, description: "The string." }],
  returns: t.string,
  run: (input) => (input === null ? null : input.toUpperCase()),
});

export const lowerFunction: ProviderFunction = defineProviderFunction({
  name: "lower",
  summary: "Converts a string to lowercase",
  description: "Returns the string in lowercase, by Unicode's case mapping. Null gives null.",
  params: [{ name: "input_str", type: t.string, allowNullValue: true, description: "The string." }],
  returns: t.string,
  run: (input) => (input === null ? null : input.toLowerCase()),
});

/** The elements of a list, set or tuple argument, or an error blaming it. */
function listArgument(value: Dynamic | null, argument: number, what: string): Typed[] {
  const typed = typedOf(value);
  if (typed === null) return [];
  const elements = elementsOf(typed);
  if (!elements) {
    throw new FunctionError(`${what} must be a list, set or tuple, but got ${typeName(typed)}`, { argument });
  }
  return elements;
}

/** An element as text for format and join: null reads "null". */
const elementText = (e: Typed): string => (e.value === null ? "null" : textOf(e));

export const formatFunction: ProviderFunction = defineProviderFunction({
  name: "format",
  summary: "Fills {} placeholders in a template with values",
  markdownDescription:
    "Returns `template` with each `{}` replaced by the next value, or each `{N}` by value N (counting from 0), as Python's `str.format` numbers them. Values become text as `tostring` makes it. `{{` and `}}` stand for literal braces. Too few values, a value no placeholder uses, or a placeholder with a name or a format spec is an error. A null template gives null; a null list of values is an empty one.",
  params: [
    {
      name: "template",
      type: t.string,
      allowNullValue: true,
      description: "Text with {} or {N} placeholders.",
    },
    {
      name: "values",
      type: t.dynamic,
      allowNullValue: true,
      description: "A list or tuple of the values to put in, in order; null is an empty list.",
    },
  ],
  returns: t.string,
  run: (template, values) => {
    if (template === null) return null;
    const texts = listArgument(values, 1, "values").map(elementText);
    return formatTemplate(template, texts);
  },
});

/** Python's str.format for positional fields only: {} and {N}, {{ and }}. */
export function formatTemplate(template: string, values: readonly string[]): string {
  const used = new Set<number>();
  let auto = 0;
  let numbering: "auto" | "manual" | undefined;
  let out = "";
  const refuse = (why: string) => new FunctionError(why, { argument: 0 });
  for (let i = 0; i < template.length; i++) {
    const c = template[i]!;
    if (c === "}") {
      if (template[i + 1] !== "}")
        throw refuse(`a single "}" at character ${i + 1}: write "}}" for a literal brace`);
      out += "}";
      i++;
      continue;
    }
    if (c !== "{") {
      out += c;
      continue;
    }
    if (template[i + 1] === "{") {
      out += "{";
      i++;
      continue;
    }
    const end = template.indexOf("}", i);
    if (end < 0) throw refuse(`the "{" at character ${i + 1} is not closed: write "{{" for a literal brace`);
    const field = template.slice(i + 1, end);
    let index: number;
    if (field === "") {
      if (numbering === "manual") throw refuse("{} cannot follow {N}: number every placeholder or none");
      numbering = "auto";
      index = auto++;
    } else if (/^\d+$/.test(field)) {
      if (numbering === "auto") throw refuse("{N} cannot follow {}: number every placeholder or none");
      numbering = "manual";
      index = Number(field);
    } else {
      throw refuse(`"{${field}}" is not a placeholder this function knows: use {} or {N}, such as {0}`);
    }
    const value = values[index];
    if (value === undefined) {
      throw new FunctionError(
        `the template needs value ${index} (counting from 0), but ${values.length} ${values.length === 1 ? "value is" : "values are"} given`,
        { argument: 1 },
      );
    }
    used.add(index);
    out += value;
    i = end;
  }
  if (used.size < values.length) {
    const unused = values.map((_, i) => i).filter((i) => !used.has(i));
    throw new FunctionError(
      `value ${unused.join(", ")} (counting from 0) ${unused.length === 1 ? "is" : "are"} not used by the template: give one value per placeholder`,
      { argument: 1 },
    );
  }
  return out;
}

export const joinFunction: ProviderFunction = defineProviderFunction({
  name: "join",
  summary: "Joins a list's elements with a delimiter",
  markdownDescription:
    "Returns the elements of `strings` as text (as `tostring` makes it) with `delimiter` between them. A null delimiter is an empty one; a null list gives null.",
  params: [
    {
      name: "delimiter",
      type: t.string,
      allowNullValue: true,
      description: "What goes between elements; null is an empty delimiter.",
    },
    {
      name: "strings",
      type: t.dynamic,
      allowNullValue: true,
      description: "A list, set or tuple of strings, numbers or booleans.",
    },
  ],
  returns: t.string,
  run: (delimiter, strings) =>
    strings === null
      ? null
      : listArgument(strings, 1, "strings")
          .map(elementText)
          .join(delimiter ?? ""),
});

export const splitFunction: ProviderFunction = defineProviderFunction({
  name: "split",
  summary: "Splits a string by a delimiter",
  markdownDescription:
    "Returns the parts of `string` between occurrences of `delimiter` (note the order: delimiter first, as in pyvider). An empty string gives an empty list; an empty delimiter is an error. A null string gives null.",
  params: [
    { name: "delimiter", type: t.string, description: "The text to split at; not empty." },
    { name: "string", type: t.string, allowNullValue: true, description: "The string to split." },
  ],
  returns: t.list(t.string),
  run: (delimiter, text) => {
    if (delimiter === "")
      throw new FunctionError("the delimiter is empty: give at least one character", { argument: 0 });
    if (text === null) return null;
    return text === "" ? [] : text.split(delimiter);
  },
});

export const replaceFunction: ProviderFunction = defineProviderFunction({
  name: "replace",
  summary: "Replaces every occurrence of a substring",
  markdownDescription:
    "Returns `string` with every occurrence of `search` replaced by `replacement`; both are plain text, not patterns. A null search or replacement is an empty string; a null string gives null.",
  params: [
    { name: "string", type: t.string, allowNullValue: true, description: "The string to change." },
    { name: "search", type: t.string, allowNullValue: true, description: "The text to find; null is empty." },
    {
      name: "replacement",
      type: t.string,
      allowNullValue: true,
      description: "The text to put instead; null is empty.",
    },
  ],
  returns: t.string,
  run: (text, search, replacement) =>
    text === null ? null : text.replaceAll(search ?? "", () => replacement ?? ""),
});

/** snake_case: hyphens become underscores, an underscore before each capital that follows a lowercase letter or digit, all lowercase. */
export function snakeCase(text: string): string {
  return text
    .replaceAll("-", "_")
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase();
}

/** kebab-case: as snake_case with hyphens. */
export function kebabCase(text: string): string {
  return text
    .replaceAll("_", "-")
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .toLowerCase();
}

/** camelCase (PascalCase with upperFirst): words split at -, _ and whitespace, each capitalized. */
export function camelCase(text: string, upperFirst: boolean): string {
  return text
    .split(/[-_\s]+/u)
    .map((part, i) => (i === 0 && !upperFirst ? part.toLowerCase() : capitalize(part)))
    .join("");
}

function capitalize(part: string): string {
  const [first = "", ...rest] = codePoints(part);
  return first.toUpperCase() + rest.join("").toLowerCase();
}

const textParam = { name: "text", type: t.string, allowNullValue: true, description: "The text." } as const;

export const toSnakeCaseFunction: ProviderFunction = defineProviderFunction({
  name: "to_snake_case",
  summary: "Converts text to snake_case",
  markdownDescription:
    'Returns `text` in snake_case: hyphens become underscores, an underscore goes before each capital letter that follows a lowercase letter or a digit, and everything is lowercased (`"HelloWorld"` → `"hello_world"`). Spaces are kept. Null gives null.',
  params: [textParam],
  returns: t.string,
  run: (text) => (text === null ? null : snakeCase(text)),
});

export const toKebabCaseFunction: ProviderFunction = defineProviderFunction({
  name: "to_kebab_case",
  summary: "Converts text to kebab-case",
  markdownDescription:
    'Returns `text` in kebab-case: underscores become hyphens, a hyphen goes before each capital letter that follows a lowercase letter or a digit, and everything is lowercased (`"HelloWorld"` → `"hello-world"`). Spaces are kept. Null gives null.',
  params: [textParam],
  returns: t.string,
  run: (text) => (text === null ? null : kebabCase(text)),
});

export const toCamelCaseFunction: ProviderFunction = defineProviderFunction({
  name: "to_camel_case",
  summary: "Converts text to camelCase or PascalCase",
  markdownDescription:
    'Returns `text` in camelCase: split into words at hyphens, underscores and whitespace, the first word lowercased and each later one capitalized (`"hello_world"` → `"helloWorld"`). With `upper_first` true the first word is capitalized too: PascalCase (`"HelloWorld"`). Null gives null.',
  params: [textParam],
  variadic: {
    name: "upper_first",
    type: t.bool,
    description: "Optional: true for PascalCase (default false).",
  },
  returns: t.string,
  run: (text, ...upperFirst) => {
    if (upperFirst.length > 1) {
      throw new FunctionError(`only one upper_first may be given, but there are ${upperFirst.length}`, {
        argument: 2,
      });
    }
    return text === null ? null : camelCase(text, upperFirst[0] ?? false);
  },
});

const SIZE_UNITS = ["B", "KB", "MB", "GB", "TB", "PB", "EB"] as const;
/** 1/1024 = 5^10 / 10^10: dividing a scaled decimal by 1024 stays exact. */
const FIVE_POW_10 = 5n ** 10n;
const KIB: Scaled = { digits: 1024n, scale: 0 };

/** Bytes as a human size in units of 1024: "0 B", "512 B", "1.5 KB", "117.74 MB". */
export function formatSize(bytes: CtyNumber, precision: number): string {
  const exact = toScaled(bytes);
  if (exact === undefined)
    throw new FunctionError("the size must be a finite number of bytes", { argument: 0 });
  if (exact.digits === 0n) return "0 B";
  const negative = exact.digits < 0n;
  let size: Scaled = { digits: negative ? -exact.digits : exact.digits, scale: exact.scale };
  let unit = 0;
  while (unit < SIZE_UNITS.length - 1 && atLeast(size, KIB)) {
    size = { digits: size.digits * FIVE_POW_10, scale: size.scale + 10 };
    unit++;
  }
  // Whole bytes: the fraction is cut off, as Python's int() does.
  const text =
    unit === 0
      ? scaledText({ digits: size.digits / 10n ** BigInt(size.scale), scale: 0 })
      : scaledText(roundScaled(size, precision));
  return `${negative ? "-" : ""}${text} ${SIZE_UNITS[unit]}`;
}

function atLeast(a: Scaled, b: Scaled): boolean {
  const scale = Math.max(a.scale, b.scale);
  return a.digits * 10n ** BigInt(scale - a.scale) >= b.digits * 10n ** BigInt(scale - b.scale);
}

export const formatSizeFunction: ProviderFunction = defineProviderFunction({
  name: "format_size",
  summary: "Formats a number of bytes as a human-readable size",
  markdownDescription:
    'Returns `size_bytes` in the largest unit of 1024 it reaches (B, KB, MB, GB, TB, PB, EB) with `precision` decimal places (default 1; ties to even): `format_size(1536)` is `"1.5 KB"`, `format_size(123456789, 2)` is `"117.74 MB"`. Bytes show whole (`"512 B"`), zero is `"0 B"`, a negative size keeps its sign. Computed exactly, never through floating point. Null gives null.',
  params: [{ name: "size_bytes", type: t.number, allowNullValue: true, description: "The size in bytes." }],
  variadic: {
    name: "precision",
    type: t.number,
    description: "Optional: decimal places, a whole number from 0 to 1000 (default 1).",
  },
  returns: t.string,
  run: (size, ...precision) => {
    const places = placesArgument(precision, 1, 1, "precision");
    if (places < 0) throw new FunctionError("the precision must not be negative", { argument: 1 });
    return size === null ? null : formatSize(size, places);
  },
});

/** An optional argument of a variadic `options` parameter, converted as Terraform would. */
function optionAt(
  options: readonly (Dynamic | null)[],
  index: number,
  offset: number,
  name: string,
  type: CtyType,
) {
  const given = options[index];
  if (given === undefined || given === null) return undefined;
  try {
    return convert(given.value, given.type, type);
  } catch {
    throw new FunctionError(`${name} must be ${typeNameOf(type)}, but got ${typeName(typedOf(given))}`, {
      argument: offset + index,
    });
  }
}

const typeNameOf = (type: CtyType) =>
  type.kind === "number" ? "a number" : type.kind === "bool" ? "a bool" : "a string";

function tooMany(options: readonly unknown[], most: number, offset: number, names: string) {
  if (options.length > most) {
    throw new FunctionError(
      `at most ${most} options may follow (${names}), but there are ${options.length}`,
      {
        argument: offset + most,
      },
    );
  }
}

/** Python's truncate from provide-foundation: cut at the last space before the limit when there is one. */
export function truncateText(text: string, maxLength: number, suffix: string): string {
  const chars = codePoints(text);
  if (chars.length <= maxLength) return text;
  const suffixChars = codePoints(suffix);
  if (maxLength <= suffixChars.length) return suffixChars.slice(0, maxLength).join("");
  let cut = maxLength - suffixChars.length;
  const space = chars.slice(0, cut).lastIndexOf(" ");
  if (space > 0) cut = space;
  return chars.slice(0, cut).join("") + suffix;
}

export const truncateFunction: ProviderFunction = defineProviderFunction({
  name: "truncate",
  summary: "Shortens text to a length, ending it with a suffix",
  markdownDescription:
    'Returns `text` unchanged when it has at most `max_length` characters (default 100); otherwise cuts it so that, with `suffix` (default `"..."`) added, it is at most `max_length` long. The cut moves back to the last space before it when there is one, so words stay whole: `truncate("Hello brave new world", 15)` is `"Hello brave..."`. When `max_length` is no longer than the suffix, the result is the suffix cut to `max_length`. Characters are Unicode code points. Call as `truncate(text)`, `truncate(text, max_length)` or `truncate(text, max_length, suffix)`. Null gives null.',
  params: [textParam],
  variadic: {
    name: "options",
    type: t.dynamic,
    allowNullValue: true,
    description:
      'Optional: max_length (a whole number, 0 or more, default 100), then suffix (a string, default "..."). Arguments of other types are converted as Terraform converts them (`"30"` is 30).',
  },
  returns: t.string,
  run: (text, ...options) => {
    tooMany(options, 2, 1, "max_length, suffix");
    const rawLength = optionAt(options, 0, 1, "max_length", number) as CtyNumber | undefined;
    const suffix = (optionAt(options, 1, 1, "suffix", string) as string | undefined) ?? "...";
    let maxLength = 100;
    if (rawLength !== undefined) {
      const whole = toScaled(rawLength);
      const n = whole && whole.scale === 0 ? whole.digits : undefined;
      if (n === undefined || n < 0n) {
        throw new FunctionError("max_length must be a whole number, 0 or more", { argument: 1 });
      }
      maxLength = n > 1_000_000_000n ? 1_000_000_000 : Number(n);
    }
    return text === null ? null : truncateText(text, maxLength, suffix);
  },
});

/** The plural of an English word by the common rules: -es after s, x, z, ch, sh; -ies for a consonant + y; else -s. */
export function englishPlural(word: string): string {
  const shout = word.length > 1 && word === word.toUpperCase() && word !== word.toLowerCase();
  const cased = (suffix: string) => (shout ? suffix.toUpperCase() : suffix);
  if (/(s|x|z|ch|sh)$/i.test(word)) return word + cased("es");
  if (/[^aeiou]y$/i.test(word)) return word.slice(0, -1) + cased("ies");
  return word + cased("s");
}

export const pluralizeFunction: ProviderFunction = defineProviderFunction({
  name: "pluralize",
  summary: "A word in the singular or the plural, by a count",
  markdownDescription:
    // biome-ignore lint/suspicious/noTemplateCurlyInString: an HCL template in the documentation, not JS.
    'Returns `word` when `count` is 1 (the default), and otherwise its plural: the `plural` given, or one made by the common English rules (`box` → `boxes`, `city` → `cities`, `file` → `files`). Only the word comes back, not the count: `"${n} ${provider::tsvider::pluralize("file", n)}"`. Call as `pluralize(word)`, `pluralize(word, count)` or `pluralize(word, count, plural)`. Null gives null.',
  params: [{ name: "word", type: t.string, allowNullValue: true, description: "The word, in the singular." }],
  variadic: {
    name: "options",
    type: t.dynamic,
    allowNullValue: true,
    description: "Optional: count (a number, default 1), then plural (a string: the plural form to use).",
  },
  returns: t.string,
  run: (word, ...options) => {
    tooMany(options, 2, 1, "count, plural");
    const count = (optionAt(options, 0, 1, "count", number) as CtyNumber | undefined) ?? 1;
    const plural = optionAt(options, 1, 1, "plural", string) as string | undefined;
    if (word === null) return null;
    return compareNumbers(count, 1) === 0 ? word : (plural ?? englishPlural(word));
  },
});

/** Every string function, for `defineProvider({ functions })`. */
export const stringFunctions: readonly ProviderFunction[] = [
  upperFunction,
  lowerFunction,
  formatFunction,
  joinFunction,
  splitFunction,
  replaceFunction,
  truncateFunction,
  formatSizeFunction,
  pluralizeFunction,
  toSnakeCaseFunction,
  toKebabCaseFunction,
  toCamelCaseFunction,
];
