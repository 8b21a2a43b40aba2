// Custom types: a string, number or bool whose values the provider validates and compares by
// meaning rather than by spelling, as terraform-plugin-framework's custom types with semantic
// equality do. An API that answers `2030-01-01T01:00:00+01:00` for `2030-01-01T00:00:00Z`, or
// `{"b":1,"a":2}` for `{"a": 2, "b": 1}`, then shows no change: the engine keeps the spelling
// the practitioner wrote wherever a value is equal to it (server/semantic-equality.ts), and
// config checks run the type's validation wherever a value of it sits (values/config-checks.ts).
//
// A custom type is a value type descriptor like `t.string`, with one more property, so it goes
// wherever `t.*` goes: `attr.custom(types.rfc3339, ...)`, `attr.list(types.ip, ...)`,
// `t.object({ at: types.rfc3339 })`, and its TypeScript value type is its base's (`string`).
// The built-in types check their form with the parsers of formats.ts, through the format
// validators of validate.ts, so a value refused by `validate.rfc3339()` is refused by
// `types.rfc3339` with the same message.
import type { CtyNumber, Unknown } from "@tsvider/cty";
import type { AttributePath } from "../attribute-path.js";
import { Diagnostics } from "../diagnostics.js";
import { isRfc3339, parseCidr, parseIp } from "./formats.js";
import { type PrimitiveShape, type Typed, t } from "./types.js";
import { type BuiltinValidator, validate } from "./validate.js";

/** Where the value a custom type validates is: as a diagnostic path, and written for people. */
export interface CustomTypeContext {
  readonly path: AttributePath;
  /** `expires_at`, `rules[0].cidr`, `tags["a"]`, `allowed[*]` inside a set. */
  readonly pathText: string;
}

/** What makes a custom type: its name, and how its values are validated and compared. */
export interface CustomTypeSpec<T> {
  /** The type's name in messages: "RFC 3339 timestamp" gives the summary "Invalid RFC 3339 timestamp". */
  readonly name: string;
  /**
   * What a value of the type looks like and when two values are the same, in one sentence for
   * the provider's documentation: `tsvider docs` shows it on every attribute of this type
   * ("An RFC 3339 timestamp such as `2030-01-01T00:00:00Z`; another spelling of the same
   * instant is no change."). Without it the pages show the type's name.
   */
  readonly description?: string;
  /**
   * Checks a configured value (known, never null) when Terraform validates config, wherever a
   * value of this type sits; a returned message is an error at the value's path. Say what was
   * wrong and what to write: `"${ctx.pathText}" must be ...; it is "...".`
   */
  validate?(value: T, ctx: CustomTypeContext): string | undefined;
  /**
   * Whether `proposed` means the same as `prior` although it may be spelled differently. When
   * it does, the prior spelling is kept: a refreshed value equal to the state's, a result equal
   * to the planned value, and a configured value equal to the state's plan no change. Both are
   * known and not null. It should be an equivalence (reflexive, symmetric, transitive); values
   * that are the same text are never passed to it.
   */
  equal?(prior: T, proposed: T): boolean;
}

/** The base types a custom type may have. */
export type CustomTypeBase = typeof t.string | typeof t.number | typeof t.bool;

/** A value type descriptor with a custom type's validation and semantic equality. */
export type CustomType<T extends string | CtyNumber | boolean = string | CtyNumber | boolean> = Typed<
  PrimitiveShape,
  T,
  T | Unknown
> & {
  readonly kind: "string" | "number" | "bool";
  readonly custom: CustomTypeSpec<T>;
};

type BaseValue<B> = B extends typeof t.string ? string : B extends typeof t.bool ? boolean : CtyNumber;

/**
 * Makes a custom type of a string, number or bool: `customType({ base: t.string, name:
 * "semantic version", validate, equal })`. Use it as `attr.custom(type, options)`, or as the
 * element of any collection or object type. Throws a TypeError naming what is wrong when the
 * definition is malformed, at start-up.
 */
export function customType<const B extends CustomTypeBase>(
  spec: { readonly base: B } & CustomTypeSpec<BaseValue<B>>,
): CustomType<BaseValue<B>> {
  const base = spec.base as PrimitiveShape | undefined;
  if (base !== t.string && base !== t.number && base !== t.bool) {
    throw new TypeError(
      `customType needs base: t.string, t.number or t.bool; it was given ${base === undefined ? "no base" : `t.${base.kind}`}.`,
    );
  }
  if (typeof spec.name !== "string" || spec.name.trim() === "") {
    throw new TypeError(
      'customType needs a name, which messages show: customType({ base: t.string, name: "semantic version", ... }).',
    );
  }
  if (spec.description !== undefined && typeof spec.description !== "string") {
    throw new TypeError(
      `customType "${spec.name}": description must be a string, one sentence the provider's documentation shows for the type.`,
    );
  }
  for (const key of ["validate", "equal"] as const) {
    if (spec[key] !== undefined && typeof spec[key] !== "function") {
      throw new TypeError(
        `customType "${spec.name}": ${key} must be a function${key === "equal" ? " (prior, proposed) => boolean" : " (value, ctx) => message | undefined"}.`,
      );
    }
  }
  const custom: CustomTypeSpec<BaseValue<B>> = Object.freeze({
    name: spec.name,
    ...(spec.description?.trim() ? { description: spec.description.trim() } : {}),
    ...(spec.validate ? { validate: spec.validate } : {}),
    ...(spec.equal ? { equal: spec.equal } : {}),
  });
  return Object.freeze({ kind: base.kind as "string" | "number" | "bool", type: base.type, custom });
}

/** The custom type's spec when `descriptor` is a custom type. */
export function customTypeOf(descriptor: { readonly kind: string }): CustomTypeSpec<unknown> | undefined {
  const custom = (descriptor as { readonly custom?: CustomTypeSpec<unknown> }).custom;
  return typeof custom === "object" && custom !== null ? custom : undefined;
}

/**
 * A format validator of validate.ts as a custom type's validation. The format validators read
 * only the value's path text from their context, so the rest of it is left empty.
 */
function formatCheck(
  validator: BuiltinValidator<string>,
): (value: string, ctx: CustomTypeContext) => string | undefined {
  return (value, ctx) => {
    const message = validator.validate(value, {
      ...ctx,
      parent: {},
      config: {},
      diagnostics: new Diagnostics(),
    });
    return typeof message === "string" ? message : undefined;
  };
}

/**
 * The instant an RFC 3339 timestamp denotes, as whole seconds since 1970 and the fraction's
 * digits without trailing zeros, or undefined when isRfc3339 refuses the text. The fields sit
 * at fixed places in text isRfc3339 accepts, so they are read from there; the fraction is kept
 * as digits so that instants are compared exactly, at any precision.
 */
export function rfc3339Instant(
  text: string,
): { readonly seconds: number; readonly fraction: string } | undefined {
  if (!isRfc3339(text)) return undefined;
  const field = (start: number, end: number) => Number(text.slice(start, end));
  const days = daysFromCivil(field(0, 4), field(5, 7), field(8, 10));
  let end = 19;
  let fraction = "";
  if (text[19] === ".") {
    end = 20;
    while (text[end]! >= "0" && text[end]! <= "9") end++;
    fraction = text.slice(20, end).replace(/0+$/, "");
  }
  const zone = text.slice(end);
  const offset =
    zone === "Z"
      ? 0
      : (zone[0] === "-" ? -1 : 1) * (Number(zone.slice(1, 3)) * 3600 + Number(zone.slice(4, 6)) * 60);
  const seconds = days * 86400 + field(11, 13) * 3600 + field(14, 16) * 60 + field(17, 19) - offset;
  return { seconds, fraction };
}

/** Days from 1970-01-01 to a date of the proleptic Gregorian calendar (Howard Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

function sameInstant(a: string, b: string): boolean {
  const x = rfc3339Instant(a);
  const y = rfc3339Instant(b);
  return x !== undefined && y !== undefined && x.seconds === y.seconds && x.fraction === y.fraction;
}

/**
 * JSON text in a canonical form, or undefined when it is not JSON: object members sorted by
 * name (a repeated name keeps its last value, as JSON.parse does), no whitespace, strings as
 * JSON.stringify writes them, and numbers as exact decimals `[-]digits e exponent` with no
 * leading or trailing zeros, so `1.50`, `15e-1` and `1.5` are one number and no number is ever
 * rounded to a double. Two texts are equal JSON when their canonical forms are the same.
 */
export function canonicalJson(text: string): string | undefined {
  try {
    // JSON.parse decides what is JSON; the scan below then only walks text known to be valid.
    JSON.parse(text);
    const scan = new JsonScan(text);
    const out = scan.value();
    return out;
  } catch {
    // Not JSON, or nested deeper than the stack allows: not comparable.
    return undefined;
  }
}

class JsonScan {
  private at = 0;
  constructor(private readonly text: string) {}

  value(): string {
    this.space();
    const c = this.text[this.at];
    if (c === "{") return this.object();
    if (c === "[") return this.array();
    if (c === '"') return JSON.stringify(JSON.parse(this.stringToken()) as string);
    if (c === "t" || c === "f" || c === "n") {
      const word = c === "t" ? "true" : c === "f" ? "false" : "null";
      this.at += word.length;
      return word;
    }
    return this.number();
  }

  private object(): string {
    this.at++;
    const members = new Map<string, string>();
    this.space();
    if (this.text[this.at] === "}") {
      this.at++;
      return "{}";
    }
    for (;;) {
      this.space();
      const name = JSON.parse(this.stringToken()) as string;
      this.space();
      this.at++; // ":"
      // Deleting first puts a repeated name where its last value is, as JSON.parse keeps it.
      members.delete(name);
      members.set(name, this.value());
      this.space();
      if (this.text[this.at++] === "}") break;
    }
    const names = [...members.keys()].sort();
    return `{${names.map((n) => `${JSON.stringify(n)}:${members.get(n)}`).join(",")}}`;
  }

  private array(): string {
    this.at++;
    const items: string[] = [];
    this.space();
    if (this.text[this.at] === "]") {
      this.at++;
      return "[]";
    }
    for (;;) {
      items.push(this.value());
      this.space();
      if (this.text[this.at++] === "]") break;
    }
    return `[${items.join(",")}]`;
  }

  private stringToken(): string {
    const start = this.at;
    this.at++;
    while (this.text[this.at] !== '"') this.at += this.text[this.at] === "\\" ? 2 : 1;
    this.at++;
    return this.text.slice(start, this.at);
  }

  private number(): string {
    const m = /-?(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?/y;
    m.lastIndex = this.at;
    const found = m.exec(this.text)!;
    this.at = m.lastIndex;
    const fraction = found[2] ?? "";
    let digits = `${found[1]}${fraction}`.replace(/^0+/, "");
    let exponent = BigInt(found[3] ?? "0") - BigInt(fraction.length);
    if (digits === "") return "0";
    const trailing = digits.length - digits.replace(/0+$/, "").length;
    digits = digits.slice(0, digits.length - trailing);
    exponent += BigInt(trailing);
    return `${found[0].startsWith("-") ? "-" : ""}${digits}e${exponent}`;
  }

  private space(): void {
    while (/[ \t\n\r]/.test(this.text[this.at] ?? "")) this.at++;
  }
}

function sameAddress(a: string, b: string): boolean {
  const x = parseIp(a);
  const y = parseIp(b);
  return x !== undefined && y !== undefined && x.version === y.version && x.bytes.join() === y.bytes.join();
}

function samePrefix(a: string, b: string): boolean {
  const x = parseCidr(a);
  const y = parseCidr(b);
  return (
    x !== undefined &&
    y !== undefined &&
    x.version === y.version &&
    x.prefixLength === y.prefixLength &&
    x.bytes.join() === y.bytes.join()
  );
}

function stringType(
  name: string,
  description: string,
  check: BuiltinValidator<string> | ((value: string, ctx: CustomTypeContext) => string | undefined),
  equal: (prior: string, proposed: string) => boolean,
): CustomType<string> {
  return customType({
    base: t.string,
    name,
    description,
    validate: typeof check === "function" ? check : formatCheck(check),
    equal,
  });
}

const jsonCheck = (value: string, ctx: CustomTypeContext): string | undefined => {
  try {
    JSON.parse(value);
    return undefined;
  } catch (err) {
    return `"${ctx.pathText}" must be JSON text, such as "{\\"a\\": 1}" (what jsonencode() gives); it is not: ${(err as Error).message}.`;
  }
};

/**
 * The built-in custom types, each a string. Values equal by the type's rule keep the spelling
 * already in the plan or state, so a respelled value shows no change:
 *
 * - `rfc3339`: a timestamp as `validate.rfc3339()` accepts it (`2030-01-01T00:00:00Z`); equal
 *   when both denote the same instant, at any precision (`2030-01-01T01:00:00+01:00`,
 *   `2030-01-01T00:00:00.000Z`).
 * - `json`: JSON text; equal when the parsed JSON is: object member order and whitespace do
 *   not matter, numbers are compared as exact decimals (`1.50` is `1.5`, never rounded).
 * - `ip`, `ipv4`, `ipv6`: an address as `validate.ip()` accepts it; equal when it is the same
 *   address (`::1` and `0:0:0:0:0:0:0:1`). An IPv4 address and the IPv6 address that maps it
 *   (`::ffff:192.0.2.1`) are different values.
 * - `cidr`, `ipv4Cidr`, `ipv6Cidr`: a CIDR prefix as `validate.cidr()` accepts it (no bits set
 *   after the prefix length); equal when network and length are the same (`2001:DB8::/32` and
 *   `2001:db8:0::/32`).
 * - `caseInsensitive`: any string; equal when the two differ only in letter case.
 */
export const types = {
  rfc3339: stringType(
    "RFC 3339 timestamp",
    "An RFC 3339 timestamp such as `2030-01-01T00:00:00Z`; another spelling of the same instant is no change.",
    validate.rfc3339(),
    sameInstant,
  ),
  json: stringType(
    "JSON value",
    'JSON text such as `{"a": 1}` (what `jsonencode()` gives); other whitespace, another order of object members or another spelling of a number is no change.',
    jsonCheck,
    (a, b) => {
      const x = canonicalJson(a);
      return x !== undefined && x === canonicalJson(b);
    },
  ),
  ip: stringType(
    "IP address",
    "An IPv4 or IPv6 address such as `192.0.2.10` or `2001:db8::1`; another spelling of the same address is no change.",
    validate.ip(),
    sameAddress,
  ),
  ipv4: stringType(
    "IPv4 address",
    "An IPv4 address in dotted decimal such as `192.0.2.10`.",
    validate.ip({ version: 4 }),
    sameAddress,
  ),
  ipv6: stringType(
    "IPv6 address",
    "An IPv6 address such as `2001:db8::1`; another spelling of the same address is no change.",
    validate.ip({ version: 6 }),
    sameAddress,
  ),
  cidr: stringType(
    "CIDR prefix",
    "An IPv4 or IPv6 CIDR prefix with no bits set after the prefix length, such as `10.0.0.0/16` or `2001:db8::/32`; another spelling of the same prefix is no change.",
    validate.cidr(),
    samePrefix,
  ),
  ipv4Cidr: stringType(
    "IPv4 CIDR prefix",
    "An IPv4 CIDR prefix with no bits set after the prefix length, such as `10.0.0.0/16`.",
    validate.cidr({ version: 4 }),
    samePrefix,
  ),
  ipv6Cidr: stringType(
    "IPv6 CIDR prefix",
    "An IPv6 CIDR prefix with no bits set after the prefix length, such as `2001:db8::/32`; another spelling of the same prefix is no change.",
    validate.cidr({ version: 6 }),
    samePrefix,
  ),
  caseInsensitive: customType({
    base: t.string,
    name: "case-insensitive string",
    description: "Text in which letter case does not matter: a change of case only is no change.",
    equal: (a, b) => a.toLowerCase() === b.toLowerCase(),
  }),
} as const;
