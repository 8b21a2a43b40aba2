/**
 * Three test-only data sources for how maps, dynamic values and nested objects travel between
 * Terraform and the provider: `tsvider_simple_map_test`, `tsvider_mixed_map_test` and
 * `tsvider_structured_object_test`.
 *
 * @packageDocumentation
 */
// Three data sources that exist to test how maps, dynamic values and objects travel between
// Terraform and the provider (the reference provider serves them only in test mode): a map of
// strings, a dynamic map of mixed values, and computed objects nested two deep. Each result is
// derived from the input alone, so reading twice gives the same answer.
// They follow pyvider's simple_map_test, mixed_map_test and structured_object_test, hashes
// included. Two differences are kept on purpose: an unset input_data or metadata stays null in
// state (a configured value comes back as configured, which the framework checks in
// packages/framework/src/server/read-data-source.ts; pyvider writes {} there), and booleans in
// mixed_map_test stay booleans (Python counts True as the number 1, so pyvider gives 2).
import { createHash } from "node:crypto";
import { compareBytewise } from "@tsvider/cty";
import { attr, DataSourceError, Decimal, Dynamic, defineDataSource, t } from "@tsvider/framework";
import { pythonString } from "./internal/python-json.js";

/** Options of the three test data sources here: the type name to register each under. */
export interface TestDataSourceOptions {
  /** Defaults to the tsvider_ name; use your provider's prefix to reuse it elsewhere. */
  readonly typeName?: string;
}

/**
 * SHA-256 hex of the value as JSON with object keys sorted, so equal data hashes equally. The
 * JSON is written exactly as pyvider's test data sources write it before hashing (Python's
 * `json.dumps(value, sort_keys=True, default=str)`), so the same data gives pyvider's hash
 * (checked against pyvider 0.8.1's own): see pythonJson.
 */
export function canonicalHash(value: unknown): string {
  return createHash("sha256").update(pythonJson(value)).digest("hex");
}

/**
 * The text Python's `json.dumps(value, sort_keys=True, default=str)` gives for the value as
 * pyvider holds it: `", "` between items and `": "` after keys; keys sorted by code point;
 * every character outside printable ASCII escaped as `\uXXXX` (lower-case hex, a surrogate
 * pair beyond U+FFFF). pyvider holds every number as a Python Decimal, which json cannot write,
 * so `default=str` writes it as a string: `"3"`, `"1.5"`, `"1E-7"` (see pythonDecimal).
 */
export function pythonJson(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "string") return pythonString(value);
  if (typeof value === "bigint" || typeof value === "number" || value instanceof Decimal)
    return `"${pythonDecimal(exactText(value))}"`;
  if (value instanceof Dynamic) return pythonJson(value.value);
  if (Array.isArray(value)) return `[${value.map(pythonJson).join(", ")}]`;
  // Python sorts keys by code point, as cty's byte-wise order does.
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => compareBytewise(a, b));
  return `{${entries.map(([k, v]) => `${pythonString(k)}: ${pythonJson(v)}`).join(", ")}}`;
}

/** A number's exact value as decimal text without an exponent: `"-12.5"`, `"3"`. */
function exactText(n: number | bigint | Decimal): string {
  if (typeof n === "bigint") return n.toString();
  if (n instanceof Decimal) return n.text;
  if (Number.isInteger(n)) return BigInt(n).toString();
  // A double is mantissa × 2^exponent; with a negative exponent that is
  // mantissa × 5^-exponent / 10^-exponent, written out digit for digit.
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, n);
  const bits = view.getBigUint64(0);
  const biased = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & ((1n << 52n) - 1n);
  const mantissa = biased === 0 ? fraction : fraction | (1n << 52n);
  const scale = 1075 - (biased === 0 ? 1 : biased);
  const digits = (mantissa * 5n ** BigInt(scale)).toString().padStart(scale + 1, "0");
  const text = `${digits.slice(0, -scale)}.${digits.slice(-scale)}`.replace(/0+$/, "");
  return n < 0 ? `-${text}` : text;
}

/**
 * Python's `str(Decimal(text))` for decimal text without an exponent, as pyvider's Decimals
 * are made (from an int, a float or go-cty's text): as written, unless its first significant
 * digit is below 10^-6, which Python writes in scientific notation (`"0.0000001"` is `1E-7`).
 */
export function pythonDecimal(text: string): string {
  const negative = text.startsWith("-");
  const [whole = "0", fraction = ""] = text.replace("-", "").split(".");
  const coefficient = (whole + fraction).replace(/^0+(?=\d)/, "");
  const adjusted = coefficient.length - 1 - fraction.length;
  if (adjusted >= -6) return text;
  const scientific = `${coefficient[0]}${coefficient.length > 1 ? `.${coefficient.slice(1)}` : ""}E${adjusted}`;
  return negative ? `-${scientific}` : scientific;
}

/**
 * A test-only data source that upper-cases the values of the map of strings `input_data` into
 * `processed_data` and gives the result's SHA-256 as pyvider computes it in `data_hash`
 * (`tsvider_simple_map_test` unless `options.typeName` says otherwise). The reference provider
 * serves it only in test mode.
 */
export function simpleMapTestDataSource(options: TestDataSourceOptions = {}) {
  return defineDataSource({
    typeName: options.typeName ?? "tsvider_simple_map_test",
    description: "Test data: upper-cases the values of a map of strings.",
    schema: {
      input_data: attr.map(t.string, { optional: true, description: "A map of strings." }),
      processed_data: attr.map(t.string, {
        computed: true,
        description:
          '`input_data` with each value upper-cased (Unicode-aware: `"straße"` becomes `"STRASSE"`); an empty map when `input_data` is not set.',
      }),
      data_hash: attr.string({
        computed: true,
        description:
          'SHA-256, as lowercase hex, of `processed_data` as Python\'s `json.dumps(..., sort_keys=True)` writes it (`{"env": "PROD", "team": "PLATFORM"}`, characters beyond ASCII as `\\u` escapes), so the same data gives pyvider\'s hash.',
      }),
    },
    async read({ config }) {
      const processed: Record<string, string> = {};
      for (const [k, v] of Object.entries(config.input_data ?? {})) processed[k] = v.toUpperCase();
      return { ...config, processed_data: processed, data_hash: canonicalHash(processed) };
    },
  });
}

/**
 * A test-only data source for dynamic values: `input_data`, an object or map of any values,
 * comes back with each top-level string upper-cased and each top-level number plus one (exact
 * for numbers of any size), with its hash in `data_hash` (`tsvider_mixed_map_test` unless
 * `options.typeName` says otherwise). The reference provider serves it only in test mode.
 */
export function mixedMapTestDataSource(options: TestDataSourceOptions = {}) {
  return defineDataSource({
    typeName: options.typeName ?? "tsvider_mixed_map_test",
    description:
      "Test data: a dynamic value of mixed types, its strings upper-cased and its numbers plus one.",
    schema: {
      input_data: attr.dynamic({
        optional: true,
        description:
          'An object or map of any values, such as { name = "a", count = 2, on = true }. Any other value (a string, a list...) is refused, as pyvider refuses it.',
        validators: [(input: Dynamic) => notAMap(input)],
      }),
      processed_data: attr.dynamic({
        computed: true,
        description:
          "`input_data` with each top-level string upper-cased and each top-level number plus one (exactly: `9007199254740993` gives `9007199254740994`, `0.1` gives `1.1`); booleans, lists and nested objects unchanged. Without `input_data`, an empty object.",
      }),
      data_hash: attr.string({
        computed: true,
        description:
          'SHA-256, as lowercase hex, of `processed_data` as pyvider writes it, Python\'s `json.dumps(..., sort_keys=True, default=str)` over numbers held as Decimals, so each number is a string (`{"count": "3", "name": "WEB"}`): the same data gives pyvider\'s hash.',
      }),
    },
    async read({ config }) {
      // Validation passes an input_data that was unknown then; it is known now.
      const problem = config.input_data === null ? undefined : notAMap(config.input_data);
      if (problem !== undefined) {
        throw new DataSourceError(`input_data ${problem}`, { path: [{ attribute: "input_data" }] });
      }
      const processed = processMixed(config.input_data);
      return { ...config, processed_data: processed, data_hash: canonicalHash(processed) };
    },
  });
}

/** Why mixed_map_test cannot process the input, or undefined when it can. */
function notAMap(input: Dynamic): string | undefined {
  const { type, value } = input;
  if ((type.kind === "object" || type.kind === "map") && value !== null) return undefined;
  const what = value === null ? `a null ${type.kind}` : `a ${type.kind}`;
  return `must be an object or a map, such as { name = "a", count = 2 }; it is ${what}. Write a map literal, not jsonencode(...), which gives a string.`;
}

function processMixed(input: Dynamic | null): Dynamic {
  // No input is an empty object, as an empty map would be.
  if (input === null) return new Dynamic(t.object({}).type, {});
  const { type, value } = input;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    out[k] =
      typeof v === "string"
        ? v.toUpperCase()
        : typeof v === "number" || typeof v === "bigint" || v instanceof Decimal
          ? plusOne(v)
          : v;
  }
  // Strings stay strings and numbers numbers, so the input's type fits the output too.
  return new Dynamic(type, out as Dynamic["value"]);
}

function plusOne(n: number | bigint | Decimal): number | bigint | Decimal {
  if (typeof n === "bigint") return n + 1n;
  if (typeof n === "number") {
    // A fraction goes through its exact decimal value: in doubles, 2^-60 + 1 would be 1.
    if (!Number.isInteger(n)) return plusOne(new Decimal(exactText(n)));
    return Number.isSafeInteger(n + 1) ? n + 1 : BigInt(n) + 1n;
  }
  // Exact decimal arithmetic: scale to an integer, add, scale back.
  const [whole = "0", fraction = ""] = n.text.replace("-", "").split(".");
  const sign = n.text.startsWith("-") ? -1n : 1n;
  const scale = 10n ** BigInt(fraction.length);
  const sum = sign * BigInt(whole + fraction) + scale;
  const abs = sum < 0n ? -sum : sum;
  const digits = abs.toString().padStart(fraction.length + 1, "0");
  const text =
    fraction.length === 0 ? digits : `${digits.slice(0, -fraction.length)}.${digits.slice(-fraction.length)}`;
  return new Decimal(sum < 0n ? `-${text}` : text);
}

// A fixed timestamp: the result must be the same on every read, or each plan would show a change.
const createdAt = "2025-06-24T20:30:00Z";

/**
 * A test-only data source for computed objects nested two deep: `generated_config` and
 * `summary`, derived from `config_name` and the map `metadata` alone, so every read gives the
 * same answer (`tsvider_structured_object_test` unless `options.typeName` says otherwise). The
 * reference provider serves it only in test mode.
 */
export function structuredObjectTestDataSource(options: TestDataSourceOptions = {}) {
  return defineDataSource({
    typeName: options.typeName ?? "tsvider_structured_object_test",
    description: "Test data: computed objects, nested two deep, derived from a name and a map.",
    schema: {
      config_name: attr.string({
        required: true,
        description: "A name.",
      }),
      metadata: attr.map(t.string, {
        optional: true,
        description: "Settings to derive the objects from: a map of strings.",
      }),
      generated_config: attr.object(
        {
          name: t.string,
          version: t.string,
          enabled: t.bool,
          settings: t.map(t.string),
          numeric_settings: t.map(t.number),
        },
        {
          computed: true,
          description:
            'config_name, version "1.0.0", enabled true, settings (each metadata value prefixed "processed_"), numeric_settings (num_<key> = the value\'s length).',
        },
      ),
      summary: attr.object(
        {
          total_keys: t.number,
          has_metadata: t.bool,
          config_hash: t.string,
          nested_info: t.object({ created_at: t.string, level: t.number }),
        },
        {
          computed: true,
          description: "With attributes:",
        },
      ),
    },
    async read({ config }) {
      const metadata = config.metadata ?? {};
      const settings: Record<string, string> = {};
      const numeric: Record<string, number> = {};
      for (const [k, v] of Object.entries(metadata)) {
        settings[k] = `processed_${v}`;
        numeric[`num_${k}`] = [...v].length;
      }
      return {
        ...config,
        generated_config: {
          name: config.config_name,
          version: "1.0.0",
          enabled: true,
          settings,
          numeric_settings: numeric,
        },
        summary: {
          total_keys: Object.keys(metadata).length,
          has_metadata: Object.keys(metadata).length > 0,
          config_hash: createHash("sha256").update(config.config_name).digest("hex").slice(0, 8),
          nested_info: { created_at: createdAt, level: 2 },
        },
      };
    },
  });
}
