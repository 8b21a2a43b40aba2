// Logging as go-plugin hosts read it: one hclog JSON object per line on stderr. Terraform and
// OpenTofu parse such lines into their own log under the plugin's name, at the line's level,
// when TF_LOG_PROVIDER (else TF_LOG) asks for that level; plugins inherit the variables, so we
// filter here and write nothing at all when no level is set.

/** hclog's levels, lowest first. */
export type LogLevel = "trace" | "debug" | "info" | "warn" | "error";
const order: readonly LogLevel[] = ["trace", "debug", "info", "warn", "error"];

/** Key/value pairs written beside the message. */
export type LogFields = Readonly<Record<string, unknown>>;

/**
 * A logger writing hclog JSON lines, which Terraform and OpenTofu show in their own log under the
 * plugin's name (with `TF_LOG_PROVIDER` or `TF_LOG` set). Make one with `createLogger`.
 */
export interface Logger {
  /** The lowest level written, or "off". */
  readonly level: LogLevel | "off";
  enabled(level: LogLevel): boolean;
  trace(message: string, fields?: LogFields): void;
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  /** A logger that adds these fields to every line. */
  with(fields: LogFields): Logger;
  /** A logger for a part of the program: `@module` gets `.name` appended. */
  named(name: string): Logger;
}

/**
 * The level the host asked plugins for: TF_LOG_PROVIDER, else TF_LOG. As Terraform reads
 * them: TRACE, DEBUG, INFO, WARN, ERROR or OFF in any case; JSON and anything unrecognised
 * mean TRACE; unset or empty means nothing is logged.
 */
export function logLevelFromEnv(env: NodeJS.ProcessEnv): LogLevel | "off" {
  const raw = env.TF_LOG_PROVIDER || env.TF_LOG;
  if (!raw) return "off";
  const level = raw.trim().toLowerCase();
  if (level === "off") return "off";
  return (order as readonly string[]).includes(level) ? (level as LogLevel) : "trace";
}

/**
 * Options of `createLogger`: the module name, the level (default: from `TF_LOG_PROVIDER` and
 * `TF_LOG`), and where lines go.
 */
export interface LoggerOptions {
  /** `@module` of every line (default "provider"). */
  readonly module?: string;
  /** The level; default from the environment (logLevelFromEnv). */
  readonly level?: LogLevel | "off";
  readonly env?: NodeJS.ProcessEnv;
  /** Where lines go (default stderr). */
  readonly write?: (line: string) => void;
  /** For tests: the clock. */
  readonly now?: () => Date;
}

/**
 * Creates a logger that writes hclog JSON lines to stderr (or `options.write`), filtered at the
 * level the environment or `options.level` asks for.
 */
export function createLogger(options: LoggerOptions = {}): Logger {
  const level = options.level ?? logLevelFromEnv(options.env ?? process.env);
  const write = options.write ?? ((line: string) => process.stderr.write(line));
  const now = options.now ?? (() => new Date());
  return makeLogger(level, options.module ?? "provider", {}, write, now);
}

function makeLogger(
  level: LogLevel | "off",
  module: string,
  base: LogFields,
  write: (line: string) => void,
  now: () => Date,
): Logger {
  const threshold = level === "off" ? order.length : order.indexOf(level);
  const enabled = (l: LogLevel) => order.indexOf(l) >= threshold;
  const log = (l: LogLevel) => (message: string, fields?: LogFields) => {
    if (!enabled(l)) return;
    write(`${formatEntry(l, message, module, { ...base, ...fields }, now())}\n`);
  };
  return {
    level,
    enabled,
    trace: log("trace"),
    debug: log("debug"),
    info: log("info"),
    warn: log("warn"),
    error: log("error"),
    with: (fields) => makeLogger(level, module, { ...base, ...fields }, write, now),
    named: (name) => makeLogger(level, `${module}.${name}`, base, write, now),
  };
}

/** One hclog JSON line (without its newline). */
export function formatEntry(
  level: LogLevel,
  message: string,
  module: string,
  fields: LogFields,
  at: Date,
): string {
  const entry: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    // The @ names are hclog's own; a field may not replace them.
    entry[key.startsWith("@") ? key.slice(1) : key] = fieldValue(value);
  }
  entry["@level"] = level;
  entry["@message"] = message;
  entry["@module"] = module;
  entry["@timestamp"] = hclogTimestamp(at);
  try {
    return JSON.stringify(entry);
  } catch {
    // A field JSON cannot hold (a cycle): write every field as text rather than lose the line.
    for (const key of Object.keys(entry)) {
      if (!key.startsWith("@")) entry[key] = String(entry[key]);
    }
    return JSON.stringify(entry);
  }
}

function fieldValue(value: unknown): unknown {
  if (typeof value === "bigint") return value.toString();
  if (value instanceof Error) return value.message;
  if (typeof value === "symbol" || typeof value === "function") return String(value);
  return value;
}

/**
 * hclog's timestamp layout, 2006-01-02T15:04:05.000000Z07:00: exactly six fractional digits
 * (Terraform reads a line with any other count as plain text), here in UTC.
 */
export function hclogTimestamp(at: Date): string {
  return `${at.toISOString().slice(0, 23)}000Z`;
}
