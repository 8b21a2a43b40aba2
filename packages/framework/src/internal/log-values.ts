// Keeping sensitive and write-only values out of the provider's log. Two layers:
//
// - renderForLog writes a value for a log line with every sensitive or write-only attribute,
//   at any depth, replaced by "(sensitive)": what the framework logs of values goes through it.
// - Each RPC runs in a log scope that remembers the sensitive strings of the values it decoded
//   (config, plan, state); every line the provider's logger writes during the RPC has them
//   replaced, so a secret an author's error message quotes (a failed login echoing the
//   password) is masked too, as it is in the "Unexpected error" diagnostic that quotes the
//   exception. Strings shorter than four characters are not searched for in free text, where
//   they would mask ordinary words; renderForLog masks them all the same.
import { AsyncLocalStorage } from "node:async_hooks";
import { type CtyValue, Decimal, Dynamic, isRecord, isUnknown, Marked } from "@tsvider/cty";
import type { LogFields, Logger } from "@tsvider/rpcplugin";
import { schemaContains } from "../schema/contains.js";
import type { Schema, SchemaEntry } from "../schema/schema.js";

export const MASK = "(sensitive)";
const UNKNOWN = "(unknown)";
/** Shorter secrets are masked in rendered values but not searched for in free text. */
export const MINIMUM_REDACTED_LENGTH = 4;

type Rendered = null | boolean | number | string | Rendered[] | { [key: string]: Rendered };

/**
 * The value as plain JSON data for a log field: sensitive and write-only attributes masked,
 * unknowns as "(unknown)", exact numbers as their text.
 */
export function renderForLog(schema: Schema, value: CtyValue): Rendered {
  if (!isRecord(value)) return plain(value);
  const out: { [key: string]: Rendered } = {};
  for (const [name, v] of Object.entries(value)) {
    const entry = Object.hasOwn(schema, name) ? schema[name] : undefined;
    out[name] = entry ? renderEntry(entry, v) : plain(v);
  }
  return out;
}

function renderEntry(entry: SchemaEntry, value: CtyValue): Rendered {
  if (value === null) return null;
  if (entry.kind !== "block" && isSecret(entry)) return MASK;
  if (entry.kind === "attribute") return plain(value);
  if (isUnknown(value)) return UNKNOWN;
  const inner = entry.kind === "nested" ? entry.attributes : entry.schema;
  const nesting = entry.nesting;
  if (nesting === "single" || nesting === "group") return renderForLog(inner, value);
  if (nesting === "map" && isRecord(value)) {
    const out: { [key: string]: Rendered } = {};
    for (const [k, v] of Object.entries(value)) out[k] = renderForLog(inner, v);
    return out;
  }
  return Array.isArray(value) ? value.map((v: CtyValue) => renderForLog(inner, v)) : plain(value);
}

function isSecret(entry: Exclude<SchemaEntry, { kind: "block" }>): boolean {
  return entry.options.sensitive === true || entry.options.writeOnly === true;
}

function plain(value: CtyValue): Rendered {
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : String(value);
  if (typeof value === "bigint") return value.toString();
  if (value instanceof Decimal) return value.text;
  if (isUnknown(value)) return UNKNOWN;
  // A marked value reaching the framework is a secret by definition: marks only mean that.
  if (value instanceof Marked) return MASK;
  if (value instanceof Dynamic) return plain(value.value);
  if (Array.isArray(value)) return value.map(plain);
  if (isRecord(value)) {
    const out: { [key: string]: Rendered } = {};
    for (const [k, v] of Object.entries(value)) out[k] = plain(v);
    return out;
  }
  return String(value);
}

/**
 * What a result line shows of an object by default: for each attribute only whether it is
 * null, unknown, or what kind of value it holds, never the value. A value is sensitive where
 * the practitioner's configuration says so (a sensitive variable in an ordinary attribute),
 * and that never reaches the provider: only TSVIDER_LOG_VALUES=1 shows values (with the
 * schema's sensitive and write-only attributes masked, by renderForLog), for debugging a
 * provider with data that holds no secrets.
 */
export function renderShapeForLog(value: CtyValue): Rendered {
  if (!isRecord(value)) return shape(value);
  const out: { [key: string]: Rendered } = {};
  for (const [name, v] of Object.entries(value)) out[name] = shape(v);
  return out;
}

function shape(value: CtyValue): Rendered {
  if (value === null) return null;
  if (isUnknown(value)) return UNKNOWN;
  if (value instanceof Marked) return MASK;
  if (value instanceof Dynamic) return shape(value.value);
  if (typeof value === "string") return "(string)";
  if (typeof value === "boolean") return "(bool)";
  if (typeof value === "number" || typeof value === "bigint" || value instanceof Decimal) return "(number)";
  if (Array.isArray(value)) return `(${value.length} ${value.length === 1 ? "element" : "elements"})`;
  if (isRecord(value)) return `(object of ${Object.keys(value).length})`;
  return "(value)";
}

/** Whether TSVIDER_LOG_VALUES asks for values in result lines (see renderShapeForLog). */
export function logValuesRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = env.TSVIDER_LOG_VALUES?.trim().toLowerCase();
  return value === "1" || value === "true";
}

/** Every string inside the sensitive and write-only attributes of `value`, at any depth. */
export function secretStrings(schema: Schema, value: CtyValue, into: Set<string> = new Set()): Set<string> {
  if (!isRecord(value) || !hasSecrets(schema)) return into;
  for (const [name, entry] of Object.entries(schema)) {
    const v = Object.hasOwn(value, name) ? value[name]! : null;
    if (v === null || isUnknown(v)) continue;
    if (entry.kind !== "block" && isSecret(entry)) {
      collectStrings(v, into);
      continue;
    }
    if (entry.kind === "attribute") continue;
    const inner = entry.kind === "nested" ? entry.attributes : entry.schema;
    if (!hasSecrets(inner)) continue;
    const elements = Array.isArray(v) ? v : entry.nesting === "map" && isRecord(v) ? Object.values(v) : [v];
    for (const element of elements) secretStrings(inner, element as CtyValue, into);
  }
  return into;
}

function collectStrings(value: CtyValue, into: Set<string>): void {
  if (typeof value === "string") into.add(value);
  else if (typeof value === "number" || typeof value === "bigint") into.add(String(value));
  else if (value instanceof Decimal) into.add(value.text);
  else if (value instanceof Dynamic || value instanceof Marked) collectStrings(value.value, into);
  else if (Array.isArray(value)) for (const v of value) collectStrings(v, into);
  else if (isRecord(value)) for (const v of Object.values(value)) collectStrings(v, into);
}

const hasSecrets = schemaContains(isSecret);

interface LogScope {
  readonly secrets: Set<string>;
}

const scope = new AsyncLocalStorage<LogScope>();

/** Runs `fn` in a fresh log scope: secrets remembered inside it are masked in its log lines. */
export function withLogScope<T>(fn: () => T): T {
  return scope.run({ secrets: new Set() }, fn);
}

/** Remembers the secrets of a decoded value for the rest of the current scope. */
export function rememberSecrets(schema: Schema, value: CtyValue | undefined): void {
  const current = scope.getStore();
  if (current && value !== undefined) secretStrings(schema, value, current.secrets);
}

/** `text` with each secret of the current scope (four characters or more) masked. */
export function redact(
  text: string,
  secrets: Iterable<string> | undefined = scope.getStore()?.secrets,
): string {
  if (!secrets) return text;
  let out = text;
  // Longest first, so a secret that contains another is masked whole.
  const ordered = [...secrets]
    .filter((s) => s.length >= MINIMUM_REDACTED_LENGTH)
    .sort((a, b) => b.length - a.length);
  for (const secret of ordered) if (out.includes(secret)) out = out.replaceAll(secret, MASK);
  return out;
}

function redactField(value: unknown, secrets: Iterable<string>): unknown {
  if (typeof value === "string") return redact(value, secrets);
  if (value instanceof Error) return redact(value.stack ?? value.message, secrets);
  if (Array.isArray(value)) return value.map((v) => redactField(v, secrets));
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = redactField(v, secrets);
    return out;
  }
  return value;
}

/** A logger that masks the current scope's secrets in every message and field it writes. */
export function redactingLogger(inner: Logger): Logger {
  const wrap =
    (write: (message: string, fields?: LogFields) => void) =>
    (message: string, fields?: LogFields): void => {
      const secrets = scope.getStore()?.secrets;
      if (!secrets || secrets.size === 0) {
        write(message, fields);
        return;
      }
      write(
        redact(message, secrets),
        fields === undefined ? undefined : (redactField(fields, secrets) as LogFields),
      );
    };
  return {
    get level() {
      return inner.level;
    },
    enabled: (level) => inner.enabled(level),
    trace: wrap(inner.trace),
    debug: wrap(inner.debug),
    info: wrap(inner.info),
    warn: wrap(inner.warn),
    error: wrap(inner.error),
    with: (fields) => redactingLogger(inner.with(fields)),
    named: (name) => redactingLogger(inner.named(name)),
  };
}
