// Three data sources that exist to test how maps, dynamic values and objects travel between
// Terraform and the provider (the reference provider serves them only in test mode): a map of
// strings, a dynamic map of mixed values, and computed objects nested two deep. Each result is
// derived from the input alone, so reading twice gives the same answer.
import { createHash } from "node:crypto";
import { attr, Decimal, Dynamic, defineDataSource, t } from "@tsvider/framework";

export interface TestDataSourceOptions {
  /** Defaults to the tsvider_ name; use your provider's prefix to reuse it elsewhere. */
  readonly typeName?: string;
}

/** SHA-256 hex of the value as JSON with object keys sorted, so equal data hashes equally. */
export function canonicalHash(value: unknown): string {
  return createHash("sha256").update(canonicalJson(value)).digest("hex");
}

function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "string" || typeof value === "boolean") return JSON.stringify(value);
  if (typeof value === "number" || typeof value === "bigint" || value instanceof Decimal)
    return String(value);
  if (value instanceof Dynamic) return canonicalJson(value.value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}

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
          'SHA-256, as lowercase hex, of `processed_data` as JSON with keys sorted and no spaces (`{"team":"PLATFORM"}`).',
      }),
    },
    async read({ config }) {
      const processed: Record<string, string> = {};
      for (const [k, v] of Object.entries(config.input_data ?? {})) processed[k] = v.toUpperCase();
      return { ...config, processed_data: processed, data_hash: canonicalHash(processed) };
    },
  });
}

export function mixedMapTestDataSource(options: TestDataSourceOptions = {}) {
  return defineDataSource({
    typeName: options.typeName ?? "tsvider_mixed_map_test",
    description:
      "Test data: a dynamic value of mixed types, its strings upper-cased and its numbers plus one.",
    schema: {
      input_data: attr.dynamic({
        optional: true,
        description: 'An object or map of any values, such as { name = "a", count = 2, on = true }.',
      }),
      processed_data: attr.dynamic({
        computed: true,
        description:
          '`input_data` with each top-level string upper-cased and each top-level number plus one (exactly: `9007199254740993` gives `9007199254740994`, `0.1` gives `1.1`); booleans, lists and nested objects unchanged. Without `input_data`, an empty object. For input that is neither an object nor a map, the object `{ error = "input_data is not an object or a map", received_type = "<type>" }` instead of a failure.',
      }),
      data_hash: attr.string({
        computed: true,
        description: "SHA-256, as lowercase hex, of `processed_data` as JSON with keys sorted.",
      }),
    },
    async read({ config }) {
      const processed = processMixed(config.input_data);
      return { ...config, processed_data: processed, data_hash: canonicalHash(processed) };
    },
  });
}

const errorType = t.object({ error: t.string, received_type: t.string }).type;

function processMixed(input: Dynamic | null): Dynamic {
  // No input is an empty object, as an empty map would be.
  if (input === null) return new Dynamic(t.object({}).type, {});
  const { type, value } = input;
  if ((type.kind !== "object" && type.kind !== "map") || value === null || typeof value !== "object") {
    return new Dynamic(errorType, {
      error: "input_data is not an object or a map",
      received_type: value === null ? `null ${type.kind}` : type.kind,
    });
  }
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
  if (typeof n === "number")
    return Number.isSafeInteger(n + 1) || !Number.isInteger(n) ? n + 1 : BigInt(n) + 1n;
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
