// Built-in validators: the checks most attributes need, with messages that name the attribute,
// so authors write `validators: [validate.length({ min: 1, max: 63 })]` instead of a function.
// Each is a validator object (see validators.ts) with a description for documentation.
import { createContext, Script } from "node:vm";
import { type CtyNumber, isUnknown, numbersEqual, numberText } from "@tsvider/cty";
import { formatIp, isRfc3339, type ParsedIp, parseCidr, parseIp } from "./formats.js";
import {
  type ElementOf,
  type ElementValidator,
  elementValidators,
  type NormalizedValidator,
  normalizeValidator,
  type Validator,
  type ValidatorContext,
  type ValidatorObject,
} from "./validators.js";

/** A validator one of the built-ins made; `siblings` are the attribute names it reads. */
export interface BuiltinValidator<T> extends ValidatorObject<T> {
  readonly description: string;
  /** Attributes of the same object this validator reads, checked at start-up to exist. */
  readonly siblings?: readonly string[];
}

type Sized = string | readonly unknown[] | { readonly [key: string]: unknown };

/** `"a", "b" and "c"`: names as a sentence lists them. */
function listed(names: readonly string[], conjunction = "and"): string {
  const quoted = names.map((n) => `"${n}"`);
  return quoted.length <= 1
    ? (quoted[0] ?? "")
    : `${quoted.slice(0, -1).join(", ")} ${conjunction} ${quoted[quoted.length - 1]}`;
}

/** How a sibling of the validated value is written: `network[0].gateway` next to `network[0].cidr`. */
function siblingText(ctx: ValidatorContext, name: string): string {
  const cut = ctx.pathText.lastIndexOf(".");
  return cut < 0 ? name : `${ctx.pathText.slice(0, cut + 1)}${name}`;
}

function sizeOf(value: Sized): { count: number; unit: string } {
  if (typeof value === "string") return { count: [...value].length, unit: "characters" };
  if (Array.isArray(value)) return { count: value.length, unit: "elements" };
  return { count: Object.keys(value).length, unit: "entries" };
}

const singular: Record<string, string> = { characters: "character", elements: "element", entries: "entry" };

function range(min: CtyNumber | undefined, max: CtyNumber | undefined, unit = ""): string {
  // "at most 1 character", "from 1 to 3 characters".
  const one = (min === undefined || max === undefined) && (min ?? max) === 1;
  const u = unit ? ` ${one ? (singular[unit] ?? unit) : unit}` : "";
  if (min !== undefined && max !== undefined) return `from ${numberText(min)} to ${numberText(max)}${u}`;
  if (min !== undefined) return `at least ${numberText(min)}${u}`;
  return `at most ${numberText(max!)}${u}`;
}

/** Sign of a - b for two cty numbers, exactly (a bigint or Decimal is never rounded). */
export function compareNumbers(a: CtyNumber, b: CtyNumber): number {
  if (typeof a === "number" && typeof b === "number") return a < b ? -1 : a > b ? 1 : 0;
  for (const [x, sign] of [
    [a, 1],
    [b, -1],
  ] as const) {
    // An infinity is beyond any finite number, whatever its representation.
    if (typeof x === "number" && !Number.isFinite(x)) return x > 0 ? sign : -sign;
  }
  if (numbersEqual(a, b)) return 0;
  return compareDecimalText(exactText(a), exactText(b));
}

/**
 * Decimal text to order numbers by. A double that is not whole counts as its shortest text, as
 * go-cty's equality reads it (the double 0.1 equals the decimal 0.1), so ordering agrees with
 * equality; two different doubles never share a shortest text.
 */
function exactText(n: CtyNumber): string {
  if (typeof n === "bigint") return n.toString();
  if (typeof n !== "number") return n.text;
  if (Number.isInteger(n)) return BigInt(n).toString();
  return numberText(n);
}

function compareDecimalText(a: string, b: string): number {
  const negA = a.startsWith("-");
  const negB = b.startsWith("-");
  if (negA !== negB) return negA ? -1 : 1;
  const magnitude = compareMagnitude(negA ? a.slice(1) : a, negB ? b.slice(1) : b);
  return negA ? -magnitude : magnitude;
}

function compareMagnitude(a: string, b: string): number {
  const [ai = "0", af = ""] = a.split(".");
  const [bi = "0", bf = ""] = b.split(".");
  const whole = (s: string) => s.replace(/^0+(?=\d)/, "");
  const wa = whole(ai);
  const wb = whole(bi);
  if (wa.length !== wb.length) return wa.length < wb.length ? -1 : 1;
  if (wa !== wb) return wa < wb ? -1 : 1;
  const width = Math.max(af.length, bf.length);
  const fa = af.padEnd(width, "0");
  const fb = bf.padEnd(width, "0");
  return fa === fb ? 0 : fa < fb ? -1 : 1;
}

function numberRange(min: CtyNumber | undefined, max: CtyNumber | undefined): BuiltinValidator<CtyNumber> {
  const description = `must be ${range(min, max)}`;
  return Object.freeze({
    description: `Must be ${range(min, max)}.`,
    validate(value: CtyNumber | null, ctx: ValidatorContext) {
      if (value === null) return undefined;
      const low = min !== undefined && compareNumbers(value, min) < 0;
      const high = max !== undefined && compareNumbers(value, max) > 0;
      return low || high ? `"${ctx.pathText}" ${description}; it is ${numberText(value)}.` : undefined;
    },
  });
}

/**
 * The built-in validators. Each names the attribute in its message, and skips null values
 * (unset) except those about which attributes are set (`exactlyOneOf`, `atLeastOneOf`).
 */
export const validate = {
  /**
   * A string's length in characters (Unicode code points), or the number of elements of a list
   * or set, or of entries of a map. Either bound may be left out.
   */
  length(bounds: { readonly min?: number; readonly max?: number }): BuiltinValidator<Sized> {
    const { min, max } = bounds;
    if (min === undefined && max === undefined) throw new TypeError("validate.length needs min, max or both");
    return Object.freeze({
      description: `Length ${range(min, max)}.`,
      validate(value: Sized | null, ctx: ValidatorContext) {
        if (value === null) return undefined;
        const { count, unit } = sizeOf(value);
        if ((min !== undefined && count < min) || (max !== undefined && count > max)) {
          return `"${ctx.pathText}" must have ${range(min, max, unit)}; it has ${count}.`;
        }
        return undefined;
      },
    });
  },

  /** A number from `min` to `max`, both included; exact for bigints and decimals. */
  between(min: CtyNumber, max: CtyNumber): BuiltinValidator<CtyNumber> {
    if (compareNumbers(min, max) > 0) throw new TypeError("validate.between needs min at most max");
    return numberRange(min, max);
  },

  /** A number at least `min`. */
  atLeast(min: CtyNumber): BuiltinValidator<CtyNumber> {
    return numberRange(min, undefined);
  },

  /** A number at most `max`. */
  atMost(max: CtyNumber): BuiltinValidator<CtyNumber> {
    return numberRange(undefined, max);
  },

  /** One of the given strings, numbers or booleans (numbers compared by value). */
  oneOf<const V extends string | number | boolean>(
    allowed: readonly V[],
  ): BuiltinValidator<string | CtyNumber | boolean> {
    const shown = allowed.map((v) => JSON.stringify(v)).join(", ");
    return Object.freeze({
      description: `One of ${shown}.`,
      validate(value: string | CtyNumber | boolean | null, ctx: ValidatorContext) {
        if (value === null) return undefined;
        const found = allowed.some((a) =>
          typeof a === "number" && typeof value !== "string" && typeof value !== "boolean"
            ? numbersEqual(a, value)
            : a === value,
        );
        const given =
          typeof value === "object" || typeof value === "bigint" ? numberText(value) : JSON.stringify(value);
        return found ? undefined : `"${ctx.pathText}" must be one of ${shown}; it is ${given}.`;
      },
    });
  },

  /**
   * A string the regular expression matches (anywhere, unless it is anchored with ^ and $).
   * `message` says what the pattern means: "must start with ami-". JavaScript's engine
   * backtracks, so a pattern with repetition inside repetition, such as `(a+)+$`, can take
   * time exponential in the value's length; a match still running after `timeLimitMs`
   * (default 5 s) is stopped, and the value refused with an error saying so, instead of the
   * provider answering nothing.
   */
  regex(
    pattern: RegExp,
    message?: string,
    options: { readonly timeLimitMs?: number } = {},
  ): BuiltinValidator<string> {
    // A global or sticky expression remembers where it stopped; a copy without them does not.
    const re = new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, ""));
    const shown = `/${pattern.source}/${re.flags}`;
    const requirement = message ?? `must match ${shown}`;
    const limitMs = options.timeLimitMs ?? REGEX_TIME_LIMIT_MS;
    return Object.freeze({
      description: message ?? `Matches ${shown}.`,
      validate(value: string | null, ctx: ValidatorContext) {
        if (value === null) return undefined;
        const matched = matchWithin(re, value, limitMs);
        if (matched === "timed out") {
          return `"${ctx.pathText}" could not be checked: the provider's pattern ${shown} was still matching it after ${limitMs / 1000} s. That is a bug in the provider (a pattern whose nested repetition backtracks for ever on some values): report it to the provider's authors, with the value's length (${[...value].length} characters).`;
        }
        if (matched) return undefined;
        return `"${ctx.pathText}" ${requirement}; it is ${JSON.stringify(value)}.`;
      },
    });
  },

  /**
   * Runs `validators` (built-ins, functions, Standard Schemas, as `validators` takes them) on
   * each element of a list, set or map, or of a list, set or map of nested objects or blocks.
   * A message is about the element and points at it: `ports[2]`, `tags["a"]`; an element of
   * a set has no path Terraform can point at, so its message points at the set and names the
   * element `ports[*]`. Null elements are skipped unless a validator asks for them, as the
   * attribute's own validators skip a null value; elements not yet known are skipped, and
   * checked once they are. A function validator's value is typed as the element:
   * `attr.list(t.number, { validators: [validate.each((port) => ...)] })`.
   */
  each<C>(...validators: readonly Validator<ElementOf<C>>[]): ElementValidator<C> {
    return elementValidator("elements", validators, "validate.each");
  },

  /**
   * Runs `validators` on each key of a map (attr.map, attr.mapNested, block.map), as a string.
   * A message points at the map's entry, `tags["Bad Key"]`, and names the value `keys(tags)`.
   */
  keys(...validators: readonly Validator<string>[]): ElementValidator<{ readonly [key: string]: unknown }> {
    return elementValidator("keys", validators, "validate.keys");
  },

  /**
   * A timestamp as Terraform's `timestamp()` writes it and `formatdate` and `timeadd` read it
   * (RFC 3339 as Go's time.RFC3339 layout parses it strictly): a full date and time with a
   * time zone, `2030-01-01T00:00:00Z` or `2030-01-01T09:30:00.5+02:00`. A date alone, a space
   * instead of the `T`, a lower-case `t` or `z`, or a missing time zone are refused.
   */
  rfc3339(): BuiltinValidator<string> {
    const expected =
      'an RFC 3339 timestamp, a date and time with a time zone such as "2030-01-01T00:00:00Z" or "2030-01-01T09:30:00+02:00" (what timestamp() gives)';
    return Object.freeze({
      description: "An RFC 3339 timestamp, such as 2030-01-01T00:00:00Z.",
      validate(value: string | null, ctx: ValidatorContext) {
        if (value === null || isRfc3339(value)) return undefined;
        return `"${ctx.pathText}" must be ${expected}; it is ${JSON.stringify(value)}.`;
      },
    });
  },

  /**
   * An IP address: IPv4 in dotted decimal (`192.0.2.10`, no leading zeros) or IPv6
   * (`2001:db8::1`, `::ffff:192.0.2.10`, no zone such as `%eth0`); `version` allows only one.
   */
  ip(options: { readonly version?: 4 | 6 } = {}): BuiltinValidator<string> {
    const version = ipVersion(options.version, "validate.ip");
    const expected = `${ipKind(version)} address, such as ${ipExamples(version, "")}`;
    return Object.freeze({
      description: `${capitalized(expected.replace(/, such as.*/, ""))}.`,
      validate(value: string | null, ctx: ValidatorContext) {
        if (value === null) return undefined;
        const ip = parseIp(value);
        if (ip && (version === undefined || ip.version === version)) return undefined;
        return `"${ctx.pathText}" must be ${expected}; it is ${JSON.stringify(value)}${otherVersion(ip)}.`;
      },
    });
  },

  /**
   * A CIDR prefix, an address and a prefix length: `10.0.0.0/16`, `2001:db8::/32`; `version`
   * allows only IPv4 or IPv6. A prefix with bits set after the prefix length (`10.0.1.5/16`)
   * is refused, with the network it is in (`10.0.0.0/16`) in the message: it is most often a
   * mistake, and most APIs refuse it. `allowHostBits: true` accepts it, for an attribute that
   * means an address together with its network.
   */
  cidr(
    options: { readonly version?: 4 | 6; readonly allowHostBits?: boolean } = {},
  ): BuiltinValidator<string> {
    const version = ipVersion(options.version, "validate.cidr");
    const expected = `${ipKind(version)} CIDR prefix, an address and a prefix length such as ${ipExamples(version, "/")}`;
    return Object.freeze({
      description: `${capitalized(ipKind(version))} CIDR prefix, such as ${ipExamples(version, "/")}.`,
      validate(value: string | null, ctx: ValidatorContext) {
        if (value === null) return undefined;
        const cidr = parseCidr(value);
        if (!cidr || (version !== undefined && cidr.version !== version)) {
          const address = cidr ? undefined : parseIp(value);
          const hint =
            address && (version === undefined || address.version === version)
              ? `, an address without a prefix length (for a single address, write ${JSON.stringify(`${value}/${address.version === 4 ? 32 : 128}`)})`
              : otherVersion(cidr);
          return `"${ctx.pathText}" must be ${expected}; it is ${JSON.stringify(value)}${hint}.`;
        }
        if (cidr.hostBitsSet && options.allowHostBits !== true) {
          return `"${ctx.pathText}" must be the first address of its network followed by the prefix length; ${JSON.stringify(value)} has bits set after its /${cidr.prefixLength} prefix. Write ${JSON.stringify(cidr.network)}, the network it is in.`;
        }
        return undefined;
      },
    });
  },

  /**
   * An absolute URL with a host, `scheme://host/path`, whose scheme is one of `schemes`
   * (default http and https). Whitespace anywhere is refused (a URL parser would drop or
   * encode it silently).
   */
  url(options: { readonly schemes?: readonly string[] } = {}): BuiltinValidator<string> {
    const schemes = (options.schemes ?? ["http", "https"]).map((s) => s.toLowerCase().replace(/:$/, ""));
    if (schemes.length === 0 || schemes.some((s) => !/^[a-z][a-z0-9+.-]*$/.test(s))) {
      throw new TypeError(
        `validate.url needs schemes such as ["https"], each a URL scheme without "://"; it was given ${JSON.stringify(options.schemes)}`,
      );
    }
    const example = `${schemes.includes("https") ? "https" : schemes[0]}://api.example.com/v1`;
    const expected = `an absolute URL with scheme ${listed(schemes, "or").replaceAll('"', "")}, such as ${JSON.stringify(example)}`;
    return Object.freeze({
      description: `A URL with scheme ${listed(schemes, "or").replaceAll('"', "")}.`,
      validate(value: string | null, ctx: ValidatorContext) {
        if (value === null) return undefined;
        const problem = urlProblem(value, schemes);
        if (problem === undefined) return undefined;
        return `"${ctx.pathText}" must be ${expected}; it is ${JSON.stringify(value)}${problem}.`;
      },
    });
  },

  /** When this is set, none of the named attributes of the same object may be. */
  conflictsWith(...names: readonly string[]): BuiltinValidator<unknown> {
    return Object.freeze({
      description: `Cannot be set together with ${listed(names, "or")}.`,
      siblings: names,
      validate(value: unknown, ctx: ValidatorContext) {
        if (value === null) return undefined;
        // An unknown sibling may still turn out null: validation runs again once it is known.
        const set = names.filter((n) => isSet(ctx.parent[n]) && !isUnknown(ctx.parent[n]));
        if (set.length === 0) return undefined;
        return `"${ctx.pathText}" cannot be set together with ${listed(
          set.map((n) => siblingText(ctx, n)),
        )}. Remove one of them.`;
      },
    });
  },

  /** When this is set, each of the named attributes of the same object must be set too. */
  alsoRequires(...names: readonly string[]): BuiltinValidator<unknown> {
    return Object.freeze({
      description: `Requires ${listed(names)} to be set too.`,
      siblings: names,
      validate(value: unknown, ctx: ValidatorContext) {
        if (value === null) return undefined;
        const missing = names.filter((n) => ctx.parent[n] === null || ctx.parent[n] === undefined);
        if (missing.length === 0) return undefined;
        return `"${ctx.pathText}" is set, so ${listed(missing.map((n) => siblingText(ctx, n)))} must be set too.`;
      },
    });
  },

  /** Exactly one of this attribute and the named ones of the same object must be set. */
  exactlyOneOf(...names: readonly string[]): BuiltinValidator<unknown> {
    return Object.freeze({
      description: `Exactly one of this and ${listed(names, "or")} must be set.`,
      siblings: names,
      includeNull: true,
      validate(value: unknown, ctx: ValidatorContext) {
        const group = groupOf(ctx, value, names);
        if (!group) return undefined;
        if (group.set.length === 1) return undefined;
        return `Exactly one of ${listed(group.all)} must be set; ${
          group.set.length === 0 ? "none is" : `${listed(group.set)} are`
        }.`;
      },
    });
  },

  /** At least one of this attribute and the named ones of the same object must be set. */
  atLeastOneOf(...names: readonly string[]): BuiltinValidator<unknown> {
    return Object.freeze({
      description: `At least one of this and ${listed(names, "or")} must be set.`,
      siblings: names,
      includeNull: true,
      validate(value: unknown, ctx: ValidatorContext) {
        const group = groupOf(ctx, value, names);
        if (!group || group.set.length > 0) return undefined;
        return `At least one of ${listed(group.all, "or")} must be set; none is.`;
      },
    });
  },
} as const;

/** What validate.each and validate.keys make: the validators, checked and normalized once. */
function elementValidator<C>(
  over: "elements" | "keys",
  validators: readonly unknown[],
  name: string,
): ElementValidator<C> {
  if (validators.length === 0) {
    throw new TypeError(`${name} needs at least one validator: ${name}(validate.length({ min: 1 }))`);
  }
  const normalized: NormalizedValidator[] = validators.map((validator, index) => {
    const siblings = (validator as { siblings?: readonly string[] } | null)?.siblings;
    if (siblings !== undefined && siblings.length > 0) {
      // Siblings are attributes of the object that holds the collection: a rule about them is
      // the collection's, not each element's.
      throw new TypeError(
        `${name}'s validator ${index + 1} reads the attributes ${listed(siblings)} beside the collection; put it beside ${name} in validators instead.`,
      );
    }
    const one = normalizeValidator(validator);
    if (one === undefined) {
      throw new TypeError(
        `${name}'s validator ${index + 1} is not a validator: write a function (value, ctx) => message | undefined, an object with validate(value, ctx), or a Standard Schema such as a zod schema.`,
      );
    }
    return one;
  });
  const described = validators
    .map((v) => (v as { description?: unknown } | null)?.description)
    .filter((d): d is string => typeof d === "string");
  const what = over === "keys" ? "Each key" : "Each element";
  return Object.freeze({
    description: described.length > 0 ? `${what}: ${described.join(" ")}` : `${what} is validated.`,
    [elementValidators]: Object.freeze({ over, validators: Object.freeze(normalized) }),
  });
}

function ipVersion(version: unknown, name: string): 4 | 6 | undefined {
  if (version === undefined || version === 4 || version === 6) return version;
  throw new TypeError(`${name} takes version 4 or 6, or none for either; it was given ${String(version)}`);
}

const ipKind = (version: 4 | 6 | undefined) =>
  version === undefined ? "an IPv4 or IPv6" : version === 4 ? "an IPv4" : "an IPv6";

function ipExamples(version: 4 | 6 | undefined, cidr: "" | "/"): string {
  const v4 = cidr ? '"10.0.0.0/16"' : '"192.0.2.10"';
  const v6 = cidr ? '"2001:db8::/32"' : '"2001:db8::1"';
  return version === 4 ? v4 : version === 6 ? v6 : `${v4} or ${v6}`;
}

/** ", an IPv6 address" when the value was an address of the version not allowed. */
function otherVersion(ip: ParsedIp | undefined): string {
  if (!ip) return "";
  return `, an IPv${ip.version} ${"prefixLength" in ip ? "prefix" : "address"} (${formatIp(ip)})`;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Why `text` is not an absolute URL with one of `schemes`, as a clause; undefined when it is. */
function urlProblem(text: string, schemes: readonly string[]): string | undefined {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
  if (/[\u0000-\u0020\u007f]/.test(text)) return ", which holds whitespace or control characters";
  const written = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(text);
  if (!written) return ', which does not start with a scheme and "://"';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return ", which is not a well-formed URL";
  }
  const scheme = written[1]!.toLowerCase();
  if (!schemes.includes(scheme)) return `, whose scheme is ${scheme}`;
  if (url.host === "" && scheme !== "file") return ", which has no host";
  return undefined;
}

/** A value counts as set when it is neither null nor absent; unknown counts as set. */
function isSet(value: unknown): boolean {
  return value !== null && value !== undefined;
}

/**
 * This value and its named siblings, as path texts, and which of them are set; undefined when
 * one is unknown, so the answer waits until it is known.
 */
function groupOf(
  ctx: ValidatorContext,
  value: unknown,
  names: readonly string[],
): { all: string[]; set: string[] } | undefined {
  const own = ctx.pathText.slice(ctx.pathText.lastIndexOf(".") + 1);
  const entries: [string, unknown][] = [
    [own, value],
    ...names.map((n): [string, unknown] => [n, ctx.parent[n]]),
  ];
  if (entries.some(([, v]) => isUnknown(v))) return undefined;
  return {
    all: entries.map(([n]) => siblingText(ctx, n)),
    set: entries.filter(([, v]) => isSet(v)).map(([n]) => siblingText(ctx, n)),
  };
}

/** How long validate.regex lets one match run. */
const REGEX_TIME_LIMIT_MS = 5000;
const DIRECT_MATCH_MAX_LENGTH = 16;

/**
 * One compiled script and context for every time-limited match, made on first use: only code
 * running inside a vm script can be stopped by a time limit, and V8 stops a regular expression
 * mid-match once its time is up.
 */
let matcher:
  | { readonly script: Script; readonly context: object; readonly slot: { re?: RegExp; value: string } }
  | undefined;

function matchWithin(re: RegExp, value: string, limitMs: number): boolean | "timed out" {
  // Running under a time limit costs about 0.1 ms a match (a watchdog per run). A value this
  // short cannot make even nested repetition take long (2^16 ways to split it at most), so it
  // is matched directly.
  if (value.length <= DIRECT_MATCH_MAX_LENGTH) return re.test(value);
  if (matcher === undefined) {
    const slot: { re?: RegExp; value: string } = { value: "" };
    matcher = { script: new Script("slot.re.test(slot.value)"), context: createContext({ slot }), slot };
  }
  matcher.slot.re = re;
  matcher.slot.value = value;
  try {
    return matcher.script.runInContext(matcher.context, { timeout: limitMs }) as boolean;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ERR_SCRIPT_EXECUTION_TIMEOUT") return "timed out";
    throw err;
  } finally {
    delete matcher.slot.re;
    matcher.slot.value = "";
  }
}
