// Built-in validators: the checks most attributes need, with messages that name the attribute,
// so authors write `validators: [validate.length({ min: 1, max: 63 })]` instead of a function.
// Each is a validator object (see validators.ts) with a description for documentation.
import { createContext, Script } from "node:vm";
import { type CtyNumber, isUnknown, numbersEqual, numberText } from "@tsvider/cty";
import type { ValidatorContext, ValidatorObject } from "./validators.js";

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
