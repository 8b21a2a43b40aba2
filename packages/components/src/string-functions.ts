/**
 * String provider functions after pyvider's: case changes, format, join, split, replace,
 * truncate, format_size, pluralize and the snake, kebab and camel case conversions.
 *
 * @packageDocumentation
 */
// String provider functions, after pyvider's: case changes, format (printf verbs or {}
// placeholders), join, split, replace, truncate, format_size, pluralize and the case
// conversions. Those that share a name with a Terraform function (upper, lower, format, join,
// split, replace) answer what Terraform's does, as pyvider's do, through @tsvider/cty's
// functions, which are go-cty's. Lengths count Unicode code points (as Python's len does),
// not UTF-16 units. A null string gives null, as pyvider's functions do.
import { type CtyNumber, type CtyType, type Dynamic, number, string } from "@tsvider/cty";
import { convert } from "@tsvider/cty/convert";
import { ArgumentError, callFunction, type FunctionSpec } from "@tsvider/cty/function";
import {
  format as ctyFormat,
  lower as ctyLower,
  regexReplace as ctyRegexReplace,
  upper as ctyUpper,
} from "@tsvider/cty/stdlib";
import { defineProviderFunction, FunctionError, type ProviderFunction, t } from "@tsvider/framework";
import { elementsOf, type Typed, textOf, typedOf, typeName } from "./internal/dynamic.js";
import { compareNumbers, roundScaled, type Scaled, scaledText, toScaled } from "./internal/exact.js";
import { placesArgument } from "./numeric-functions.js";

const codePoints = (text: string): string[] => Array.from(text);

/** A cty string function of one string (Go's strings.ToUpper and the like). */
const ctyString1 = (spec: FunctionSpec, input: string): string =>
  callFunction(spec, [{ type: string, value: input }]).value as string;

/**
 * The provider function `upper(input_str)`: the string in uppercase, as Terraform's `upper`
 * gives it (`provider::tsvider::upper` in the reference provider). Null gives null.
 */
export const upperFunction: ProviderFunction = defineProviderFunction({
  name: "upper",
  summary: "Converts a string to uppercase",
  description:
    "Returns the string in uppercase, as Terraform's upper does: one character at a time (ß stays ß, as Go's strings.ToUpper leaves it). Null gives null.",
  params: [{ name: "input_str", type: t.string, allowNullValue: true, description: "The string." }],
  returns: t.string,
  run: (input) => (input === null ? null : ctyString1(ctyUpper, input)),
});

/**
 * The provider function `lower(input_str)`: the string in lowercase, as Terraform's `lower`
 * gives it (`provider::tsvider::lower` in the reference provider). Null gives null.
 */
export const lowerFunction: ProviderFunction = defineProviderFunction({
  name: "lower",
  summary: "Converts a string to lowercase",
  description:
    "Returns the string in lowercase, as Terraform's lower does: one character at a time, with no final-sigma rule. Null gives null.",
  params: [{ name: "input_str", type: t.string, allowNullValue: true, description: "The string." }],
  returns: t.string,
  run: (input) => (input === null ? null : ctyString1(ctyLower, input)),
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

/**
 * A value as the text format's {} and join put in: a string as it is, a number in plain
 * digits, a bool as true or false. Null and collections have none, as in Terraform, where
 * format's %s and join refuse them; `what` says where the value is, for the message.
 */
function scalarText(e: Typed, what: string, argument: number): string {
  if (e.value === null) {
    throw new FunctionError(`${what} is null, and null has no text: give a string, number or bool`, {
      argument,
    });
  }
  const kind = e.type.kind;
  if (kind !== "string" && kind !== "number" && kind !== "bool") {
    throw new FunctionError(
      `${what} is a ${typeName(e)}, which has no text: give a string, number or bool (jsonencode() writes a collection as JSON)`,
      { argument },
    );
  }
  return textOf(e);
}

/**
 * The provider function `format(template, values)`: a template with `%` is formatted as
 * Terraform's `format` formats it; any other is filled at its `{}` and `{N}` placeholders, other
 * braces kept as text (`provider::tsvider::format` in the reference provider). Too few or too
 * many values is an error; a null template gives null.
 */
export const formatFunction: ProviderFunction = defineProviderFunction({
  name: "format",
  summary: "Formats values with printf verbs or {} placeholders",
  markdownDescription:
    "Returns `template` filled with `values`. A template with a `%` in it is a printf template, formatted exactly as Terraform's `format` formats it (`%s`, `%d`, `%.2f`, `%v`, `%q`, `%[1]s`, `%%`, ...). Any other template takes `{}` placeholders, filled in order, and `{N}`, filled with value N (counting from 0); every other brace is literal text, so a JSON template stays as it is, and with no values the template comes back unchanged. A value for `{}` is a string, number or bool. Too few values, or a value beyond the last placeholder, is an error. A null template gives null; a null list of values is an empty one.",
  params: [
    {
      name: "template",
      type: t.string,
      allowNullValue: true,
      description: "A printf template (with %), or text with {} or {N} placeholders.",
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
    const elements = listArgument(values, 1, "values");
    if (template.includes("%")) {
      try {
        return callFunction(ctyFormat, [{ type: string, value: template }, ...elements]).value as string;
      } catch (err) {
        // cty blames its own arguments: the template is its first, the values come after it.
        const blamed = err instanceof ArgumentError && err.argumentIndex > 0 ? 1 : 0;
        throw new FunctionError(
          `${err instanceof Error ? err.message : String(err)}: check the verbs in the template against the values`,
          { argument: blamed, cause: err },
        );
      }
    }
    return formatBraces(template, elements);
  },
});

/** `{}` (the next value) and `{N}` (value N); every other brace is literal, as pyvider has it. */
function formatBraces(template: string, values: readonly Typed[]): string {
  if (values.length === 0) return template;
  let next = 0;
  let highest = 0;
  const out = template.replace(/\{(\d*)\}/g, (placeholder, digits: string) => {
    const index = digits === "" ? next++ : Number(digits);
    const value = values[index];
    if (value === undefined) {
      throw new FunctionError(
        `the placeholder ${placeholder} needs value ${index} (counting from 0), but ${values.length} ${values.length === 1 ? "value is" : "values are"} given: give one value per placeholder`,
        { argument: 1 },
      );
    }
    highest = Math.max(highest, index + 1);
    return scalarText(value, `value ${index} (for ${placeholder})`, 1);
  });
  if (highest < values.length) {
    throw new FunctionError(
      `${values.length} values are given, but the template ${highest === 0 ? "has no placeholder" : `uses only ${highest}`}: remove the extra values or add placeholders`,
      { argument: 1 },
    );
  }
  return out;
}

/**
 * The provider function `join(delimiter, strings)`: the list's strings, numbers and bools as
 * text with `delimiter` between them, as Terraform's `join` gives it (`provider::tsvider::join`
 * in the reference provider). A null list gives null.
 */
export const joinFunction: ProviderFunction = defineProviderFunction({
  name: "join",
  summary: "Joins a list's elements with a delimiter",
  markdownDescription:
    "Returns the elements of `strings` as text with `delimiter` between them; numbers and bools are written as `tostring` writes them. A null element, or a list or map element, is an error, as in Terraform's `join`. A null delimiter is an empty one; a null list gives null.",
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
          .map((e, i) => scalarText(e, `element ${i}`, 1))
          .join(delimiter ?? ""),
});

/**
 * The provider function `split(delimiter, string)`: the parts of `string` between occurrences
 * of `delimiter`, as Terraform's `split` gives them, or its characters when the delimiter is
 * empty or null (`provider::tsvider::split` in the reference provider). A null string gives null.
 */
export const splitFunction: ProviderFunction = defineProviderFunction({
  name: "split",
  summary: "Splits a string by a delimiter",
  markdownDescription:
    'Returns the parts of `string` between occurrences of `delimiter` (note the order: delimiter first, as in pyvider), as Terraform\'s `split` does: `split(",", "")` is `[""]`. An empty or null delimiter splits into single characters (Unicode code points). A null string gives null.',
  params: [
    {
      name: "delimiter",
      type: t.string,
      allowNullValue: true,
      description: "The text to split at; empty or null splits into characters.",
    },
    { name: "string", type: t.string, allowNullValue: true, description: "The string to split." },
  ],
  returns: t.list(t.string),
  run: (delimiter, text) => {
    if (text === null) return null;
    return delimiter === null || delimiter === "" ? codePoints(text) : text.split(delimiter);
  },
});

/** A search written between slashes (`/w.*d/`): a regular expression, as in Terraform's replace. */
const isPattern = (search: string) => search.length > 1 && search.startsWith("/") && search.endsWith("/");

/**
 * The provider function `replace(string, search, replacement)`: every occurrence of `search`
 * replaced, as Terraform's `replace` does, a search between slashes being an RE2 regular
 * expression (`provider::tsvider::replace` in the reference provider). A null string gives null.
 */
export const replaceFunction: ProviderFunction = defineProviderFunction({
  name: "replace",
  summary: "Replaces every occurrence of a substring or a pattern's matches",
  markdownDescription:
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a replacement template in the documentation, not JS.
    'Returns `string` with every occurrence of `search` replaced by `replacement`, as Terraform\'s `replace` does: a `search` between slashes is an RE2 regular expression (`"/w.*d/"`), whose groups `replacement` may name (`$1`, `${name}`); any other `search` is plain text. A null search or replacement is an empty string; a null string gives null.',
  params: [
    { name: "string", type: t.string, allowNullValue: true, description: "The string to change." },
    {
      name: "search",
      type: t.string,
      allowNullValue: true,
      description: "The text to find, or /a pattern/; null is empty.",
    },
    {
      name: "replacement",
      type: t.string,
      allowNullValue: true,
      description: "The text to put instead; null is empty.",
    },
  ],
  returns: t.string,
  run: (text, search, replacement) => {
    if (text === null) return null;
    const find = search ?? "";
    const put = replacement ?? "";
    if (!isPattern(find)) return text.replaceAll(find, () => put);
    try {
      return callFunction(ctyRegexReplace, [
        { type: string, value: text },
        { type: string, value: find.slice(1, -1) },
        { type: string, value: put },
      ]).value as string;
    } catch (err) {
      throw new FunctionError(
        `${find} is not a regular expression: ${err instanceof Error ? err.message : String(err)}; fix the pattern, or leave out the slashes to search for the text itself`,
        { argument: 1, cause: err },
      );
    }
  },
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

/**
 * The provider function `to_snake_case(text)`: `"HelloWorld"` and `"hello-world"` become
 * `"hello_world"` (`provider::tsvider::to_snake_case` in the reference provider). Null gives null.
 */
export const toSnakeCaseFunction: ProviderFunction = defineProviderFunction({
  name: "to_snake_case",
  summary: "Converts text to snake_case",
  markdownDescription:
    'Returns `text` in snake_case: hyphens become underscores, an underscore goes before each capital letter that follows a lowercase letter or a digit, and everything is lowercased (`"HelloWorld"` → `"hello_world"`). Spaces are kept. Null gives null.',
  params: [textParam],
  returns: t.string,
  run: (text) => (text === null ? null : snakeCase(text)),
});

/**
 * The provider function `to_kebab_case(text)`: `"HelloWorld"` and `"hello_world"` become
 * `"hello-world"` (`provider::tsvider::to_kebab_case` in the reference provider). Null gives null.
 */
export const toKebabCaseFunction: ProviderFunction = defineProviderFunction({
  name: "to_kebab_case",
  summary: "Converts text to kebab-case",
  markdownDescription:
    'Returns `text` in kebab-case: underscores become hyphens, a hyphen goes before each capital letter that follows a lowercase letter or a digit, and everything is lowercased (`"HelloWorld"` → `"hello-world"`). Spaces are kept. Null gives null.',
  params: [textParam],
  returns: t.string,
  run: (text) => (text === null ? null : kebabCase(text)),
});

/**
 * The provider function `to_camel_case(text, upper_first?)`: words split at hyphens, underscores
 * and whitespace joined in camelCase (`"helloWorld"`), or PascalCase when `upper_first` is true
 * (`provider::tsvider::to_camel_case` in the reference provider). Null gives null.
 */
export const toCamelCaseFunction: ProviderFunction = defineProviderFunction({
  name: "to_camel_case",
  summary: "Converts text to camelCase or PascalCase",
  markdownDescription:
    'Returns `text` in camelCase: split into words at hyphens, underscores and whitespace, the first word lowercased and each later one capitalized (`"hello_world"` → `"helloWorld"`). With true as the second argument (upper_first) the first word is capitalized too: PascalCase (`"HelloWorld"`). Null gives null.',
  params: [textParam],
  // Named "options" as pyvider names it: the name shows in the docs and in Terraform's errors.
  variadic: {
    name: "options",
    type: t.bool,
    description: "Optional: upper_first, true for PascalCase (default false).",
  },
  returns: t.string,
  run: (text, ...options) => {
    if (options.length > 1) {
      throw new FunctionError(
        `only one option (upper_first) may be given, but there are ${options.length}: remove the extra arguments`,
        { argument: 2 },
      );
    }
    return text === null ? null : camelCase(text, options[0] ?? false);
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

/**
 * The provider function `format_size(size_bytes, precision?)`: a byte count in the largest unit
 * of 1024 it reaches, rounded exactly to `precision` decimal places (default 1): `"1.5 KB"`
 * (`provider::tsvider::format_size` in the reference provider). Null gives null.
 */
export const formatSizeFunction: ProviderFunction = defineProviderFunction({
  name: "format_size",
  summary: "Formats a number of bytes as a human-readable size",
  markdownDescription:
    'Returns `size_bytes` in the largest unit of 1024 it reaches (B, KB, MB, GB, TB, PB, EB) with the precision given as the second argument in decimal places (default 1; ties to even): `format_size(1536)` is `"1.5 KB"`, `format_size(123456789, 2)` is `"117.74 MB"`. Bytes show whole (`"512 B"`), zero is `"0 B"`, a negative size keeps its sign. Computed exactly, never through floating point. Null gives null.',
  params: [{ name: "size_bytes", type: t.number, allowNullValue: true, description: "The size in bytes." }],
  // Named "options" as pyvider names it: the name shows in the docs and in Terraform's errors.
  variadic: {
    name: "options",
    type: t.number,
    description: "Optional: the precision, in decimal places: a whole number from 0 to 1000 (default 1).",
  },
  returns: t.string,
  run: (size, ...options) => {
    const places = placesArgument(options, 1, 1, "precision");
    if (places < 0)
      throw new FunctionError("the precision must not be negative: give 0 or more decimal places", {
        argument: 1,
      });
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

/**
 * The provider function `truncate(text, max_length?, suffix?)`: `text` cut to at most
 * `max_length` characters (default 100) with `suffix` (default `"..."`) added, at the last
 * space when there is one (`provider::tsvider::truncate` in the reference provider). Null gives
 * null.
 */
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

/**
 * The provider function `pluralize(word, count?, plural?)`: `word` when `count` is 1 (the
 * default), else `plural` or a plural made by the common English rules
 * (`provider::tsvider::pluralize` in the reference provider). Null gives null.
 */
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
