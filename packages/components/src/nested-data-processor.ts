/**
 * The test-only `nested_data_processor` function: JSON text parsed and returned with a summary,
 * written as pyvider's function writes it.
 *
 * @packageDocumentation
 */
// A test-only function that carries nested data through a provider function and back as JSON
// text: `nested_data_processor(input_json, processing_mode?)` parses `input_json` and returns
// `{"original_data": <the input>, "summary": {"mode": <mode>[, "total_keys": <n>]}}` as JSON
// text. It follows pyvider's `pyvider_nested_data_processor` (pyvider-components 0.8.1), text
// included: the result is written as Python's `json.dumps` writes it (", " and ": " between
// items, every character outside printable ASCII as a \u escape), so a configuration comparing
// the text gets the same string from either provider. Two things are kept on purpose where
// pyvider differs: a number is written with the digits it was given (pyvider rounds a decimal
// through a double), and "analyze" of a number, a bool or null is an error naming the argument
// (pyvider fails inside Python's len()).
import { defineProviderFunction, FunctionError, type ProviderFunction, t } from "@tsvider/framework";
import { pythonString } from "./internal/python-json.js";

/** A JSON value as parsed here: numbers keep their literal text, objects their key order. */
export type JsonValue =
  | null
  | boolean
  | string
  | { readonly kind: "number"; readonly text: string }
  | readonly JsonValue[]
  | ReadonlyMap<string, JsonValue>;

/** Where JSON text is not valid: a message with its line and column (both from 1). */
export class JsonSyntaxError extends Error {
  override readonly name = "JsonSyntaxError";
  constructor(
    readonly what: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(`${what} at line ${line}, column ${column}`);
  }
}

const numberLiteral = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
// A string token: its characters and escapes are then decoded by JSON.parse.
// biome-ignore lint/suspicious/noControlCharactersInRegex: JSON forbids U+0000-U+001F unescaped in a string.
const stringLiteral = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;

/**
 * Parses JSON text (RFC 8259). A key given twice keeps its first position and its last value,
 * as Python's json.loads does. Throws JsonSyntaxError.
 */
export function parseJson(text: string): JsonValue {
  let pos = 0;
  const fail = (what: string): never => {
    let line = 1;
    let lineStart = 0;
    for (let i = 0; i < pos; i++) {
      if (text[i] === "\n") {
        line++;
        lineStart = i + 1;
      }
    }
    throw new JsonSyntaxError(what, line, pos - lineStart + 1);
  };
  const skipSpace = () => {
    while (pos < text.length && " \t\n\r".includes(text[pos]!)) pos++;
  };
  const found = () => (pos >= text.length ? "the end of the text" : JSON.stringify(text[pos]));
  const expect = (ch: string, what: string) => {
    skipSpace();
    if (text[pos] !== ch) fail(`expected ${what}, found ${found()}`);
    pos++;
  };
  const stringAt = (): string => {
    stringLiteral.lastIndex = pos;
    const m = stringLiteral.exec(text);
    if (!m) {
      // Find what stopped the string, for the message.
      let i = pos + 1;
      while (i < text.length && text[i] !== '"' && text[i]! >= " ") i += text[i] === "\\" ? 2 : 1;
      pos = Math.min(i, text.length);
      fail(pos >= text.length ? "unterminated string" : "invalid character or escape in string");
    }
    pos += m![0].length;
    return JSON.parse(m![0]) as string;
  };
  const value = (depth: number): JsonValue => {
    if (depth > 512) fail("nesting deeper than 512 levels");
    skipSpace();
    const ch = text[pos];
    if (ch === "{") {
      pos++;
      const entries = new Map<string, JsonValue>();
      skipSpace();
      if (text[pos] === "}") {
        pos++;
        return entries;
      }
      for (;;) {
        skipSpace();
        if (text[pos] !== '"') fail(`expected a key in double quotes, found ${found()}`);
        const key = stringAt();
        expect(":", '":" after the key');
        entries.set(key, value(depth + 1));
        skipSpace();
        if (text[pos] === ",") {
          pos++;
          continue;
        }
        if (text[pos] === "}") {
          pos++;
          return entries;
        }
        fail(`expected "," or "}" in an object, found ${found()}`);
      }
    }
    if (ch === "[") {
      pos++;
      const items: JsonValue[] = [];
      skipSpace();
      if (text[pos] === "]") {
        pos++;
        return items;
      }
      for (;;) {
        items.push(value(depth + 1));
        skipSpace();
        if (text[pos] === ",") {
          pos++;
          continue;
        }
        if (text[pos] === "]") {
          pos++;
          return items;
        }
        fail(`expected "," or "]" in an array, found ${found()}`);
      }
    }
    if (ch === '"') return stringAt();
    for (const [word, v] of [
      ["true", true],
      ["false", false],
      ["null", null],
    ] as const) {
      if (text.startsWith(word, pos)) {
        pos += word.length;
        return v;
      }
    }
    numberLiteral.lastIndex = pos;
    const m = numberLiteral.exec(text);
    if (m) {
      pos += m[0].length;
      return { kind: "number", text: m[0] };
    }
    return fail(`expected a value, found ${found()}`);
  };
  const result = value(0);
  skipSpace();
  if (pos < text.length) fail(`unexpected ${found()} after the value`);
  return result;
}

/** JSON text as Python's json.dumps writes it with its default separators (", ", ": "). */
export function pythonJson(value: JsonValue): string {
  if (value === null) return "null";
  if (value === true) return "true";
  if (value === false) return "false";
  if (typeof value === "string") return pythonString(value);
  if (value instanceof Map) {
    const items = [...value].map(([k, v]) => `${pythonString(k)}: ${pythonJson(v)}`);
    return `{${items.join(", ")}}`;
  }
  if (Array.isArray(value)) return `[${value.map(pythonJson).join(", ")}]`;
  return (value as { text: string }).text;
}

function kindOf(value: JsonValue): string {
  if (value === null) return "null";
  if (typeof value === "boolean") return "a bool";
  if (typeof value === "string") return "a string";
  if (value instanceof Map) return "an object";
  if (Array.isArray(value)) return "an array";
  return "a number";
}

/** The mode when `processing_mode` is left out or null, as in pyvider. */
export const defaultProcessingMode = "analyze";

/**
 * What the function returns for `inputJson` and `mode`, as JSON text. Throws FunctionError for
 * JSON that does not parse and for "analyze" of a value that has no size.
 */
export function processNestedData(inputJson: string, mode: string = defaultProcessingMode): string {
  let data: JsonValue;
  try {
    // Empty text is an empty object, as in pyvider.
    data = inputJson === "" ? new Map() : parseJson(inputJson);
  } catch (err) {
    if (!(err instanceof JsonSyntaxError)) throw err;
    throw new FunctionError(
      `input_json is not valid JSON: ${err.message}. Give JSON text, such as the result of jsonencode(...)`,
      { argument: 0, cause: err },
    );
  }
  const summary = new Map<string, JsonValue>([["mode", mode]]);
  if (mode === "analyze") {
    let size: number;
    if (data instanceof Map) size = data.size;
    else if (Array.isArray(data)) size = data.length;
    // Characters, not UTF-16 units: Python's len() of a str.
    else if (typeof data === "string") size = [...data].length;
    else {
      throw new FunctionError(
        `input_json holds ${kindOf(data)}, which has no keys to count: processing_mode "analyze" counts the keys of an object, the elements of an array or the characters of a string. Give one of those, or another processing_mode`,
        { argument: 0 },
      );
    }
    summary.set("total_keys", { kind: "number", text: String(size) });
  }
  return pythonJson(
    new Map<string, JsonValue>([
      ["original_data", data],
      ["summary", summary],
    ]),
  );
}

/** Options of `createNestedDataProcessorFunction`: the name to register the function under. */
export interface NestedDataProcessorOptions {
  /** Defaults to `nested_data_processor`. */
  readonly name?: string;
}

/** The function `nested_data_processor`, or under `options.name`. */
export function createNestedDataProcessorFunction(
  options: NestedDataProcessorOptions = {},
): ProviderFunction {
  return defineProviderFunction({
    name: options.name ?? "nested_data_processor",
    summary: "Test-only: parses JSON text and returns it with a summary, as JSON text",
    markdownDescription:
      'Parses `input_json` and returns JSON text holding the parsed data and a summary: `{"original_data": <the input>, "summary": {"mode": <processing_mode>, "total_keys": <n>}}`. `total_keys` is there only in the `"analyze"` mode (the default): the number of keys of an object, of elements of an array, or of characters of a string. Empty text counts as `{}`. The text is written as Python\'s `json.dumps` writes it (`", "` and `": "` between items, non-ASCII characters as `\\u` escapes, object keys in the input\'s order), and numbers keep the digits they were given. JSON that does not parse is an error on `input_json` giving the line and column. Decode the result with `jsondecode`.',
    params: [
      {
        name: "input_json",
        type: t.string,
        description: "JSON text; an empty string counts as an empty object.",
      },
    ],
    variadic: {
      name: "processing_mode",
      type: t.string,
      allowNullValue: true,
      description: `At most one: the summary's mode; "${defaultProcessingMode}" (the default, also for null) adds total_keys, any other mode is recorded as given.`,
    },
    returns: t.string,
    run: (inputJson, ...modes) => {
      if (modes.length > 1) {
        throw new FunctionError(
          `processing_mode is one optional argument, and ${modes.length} were given: give at most one, such as "${defaultProcessingMode}"`,
          { argument: 2 },
        );
      }
      return processNestedData(inputJson, modes[0] ?? defaultProcessingMode);
    },
  });
}

/**
 * The test-only provider function `nested_data_processor(input_json, processing_mode?)`: parses
 * `input_json` and returns `{"original_data": ..., "summary": {"mode": ..., "total_keys": ...}}`
 * as JSON text in Python's `json.dumps` form, so tests can check that nested data survives a
 * function call. The reference provider serves it only in test mode (`TSVIDER_TESTMODE=true`);
 * `createNestedDataProcessorFunction` registers it under another name.
 */
export const nestedDataProcessorFunction: ProviderFunction = createNestedDataProcessorFunction();
