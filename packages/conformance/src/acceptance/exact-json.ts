// `show -json` read without losing a digit. cty numbers are arbitrary-precision, and the hosts
// print them in full (`9007199254740993`, `0.10000000000000001`), which JSON.parse would round to
// the nearest double. Here a number whose text a double says back exactly stays a JS number (so
// `5432` and `0.5` are plain numbers in checks and in `check(ctx)`); an integer beyond that is a
// bigint, and any other number an ExactNumber carrying its text. Numbers are compared by their
// decimal value whichever form they take, so `9007199254740993n`, `"9007199254740993"` (through
// match.number) and the state's text are equal, and `9007199254740993` (a double, which is
// really ...992) is not.
import { inspect } from "node:util";

/** A number from `show -json` that no JS number holds exactly and that is not an integer. */
export class ExactNumber {
  readonly #text: string;
  constructor(text: string) {
    if (!JSON_NUMBER.test(text)) {
      throw new TypeError(`"${text}" is not a number as JSON writes it (such as 12, -0.5 or 1e-7)`);
    }
    this.#text = text;
  }
  /** The number as the host printed it. */
  get text(): string {
    return this.#text;
  }
  toString(): string {
    return this.#text;
  }
  toJSON(): string {
    return this.#text;
  }
  [inspect.custom](): string {
    return this.#text;
  }
}

const LITERALS = [
  ["true", true],
  ["false", false],
  ["null", null],
] as const;

const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** A number as a check may hold one. */
export type ExactNumeric = number | bigint | ExactNumber;

export function isNumeric(value: unknown): value is ExactNumeric {
  return typeof value === "number" || typeof value === "bigint" || value instanceof ExactNumber;
}

/** Parses JSON text as JSON.parse does, except that numbers keep every digit (see the top of the file). */
export function parseExactJson(text: string): unknown {
  let at = 0;
  const fail = (what: string): never => {
    throw new SyntaxError(`${what} at position ${at} of the JSON the binary printed`);
  };
  const space = () => {
    while (at < text.length && /[ \t\n\r]/.test(text[at]!)) at++;
  };
  const value = (): unknown => {
    space();
    const c = text[at];
    if (c === "{") {
      at++;
      const out: Record<string, unknown> = {};
      space();
      if (text[at] === "}") {
        at++;
        return out;
      }
      for (;;) {
        space();
        if (text[at] !== '"') fail("expected a key");
        const key = string();
        space();
        if (text[at++] !== ":") fail("expected ':'");
        // defineProperty, not assignment: a key "__proto__" is data, as JSON.parse has it.
        Object.defineProperty(out, key, {
          value: value(),
          enumerable: true,
          writable: true,
          configurable: true,
        });
        space();
        const next = text[at++];
        if (next === "}") return out;
        if (next !== ",") fail("expected ',' or '}'");
      }
    }
    if (c === "[") {
      at++;
      const out: unknown[] = [];
      space();
      if (text[at] === "]") {
        at++;
        return out;
      }
      for (;;) {
        out.push(value());
        space();
        const next = text[at++];
        if (next === "]") return out;
        if (next !== ",") fail("expected ',' or ']'");
      }
    }
    if (c === '"') return string();
    for (const [word, literal] of LITERALS) {
      if (text.startsWith(word, at)) {
        at += word.length;
        return literal;
      }
    }
    const m = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
    m.lastIndex = at;
    const found = m.exec(text);
    if (!found) return fail("unexpected character");
    at += found[0].length;
    return numberFromText(found[0]);
  };
  const string = (): string => {
    const start = at;
    at++;
    while (at < text.length && text[at] !== '"') at += text[at] === "\\" ? 2 : 1;
    if (at >= text.length) fail("unterminated string");
    at++;
    return JSON.parse(text.slice(start, at)) as string;
  };
  const result = value();
  space();
  if (at !== text.length) fail("unexpected text after the value");
  return result;
}

/** The JS form of a JSON number: a number when a double says it back exactly, else bigint or ExactNumber. */
export function numberFromText(text: string): ExactNumeric {
  const double = Number(text);
  if (Number.isFinite(double) && canonical(String(double)) === canonical(text)) return double;
  if (/^-?\d+$/.test(text)) return BigInt(text);
  const n = canonical(text);
  // An integer written with a fraction or an exponent (1.5e30) is still an integer.
  if (/^-?\d+e\d+$/.test(n)) {
    const [digits, exponent] = n.split("e") as [string, string];
    return BigInt(digits + "0".repeat(Number(exponent)));
  }
  return new ExactNumber(text);
}

/**
 * A number's decimal value as text with one spelling per value: `[-]digits e exponent` with no
 * leading or trailing zeros in the digits, and "0" for zero.
 */
export function canonical(text: string): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!m) return text;
  const [, sign, whole, fraction = "", exp = "0"] = m;
  let digits = (whole! + fraction).replace(/^0+/, "");
  if (digits === "") return "0";
  let exponent = Number(exp) - fraction.length;
  const trailing = /0+$/.exec(digits);
  if (trailing) {
    digits = digits.slice(0, -trailing[0].length);
    exponent += trailing[0].length;
  }
  return `${sign}${digits}e${exponent}`;
}

function numericText(value: ExactNumeric): string | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : undefined;
  return value.toString();
}

/** Whether two numbers have the same decimal value, whatever their forms. */
export function numbersEqual(a: ExactNumeric, b: ExactNumeric): boolean {
  if (typeof a === "number" && typeof b === "number") return a === b || (Number.isNaN(a) && Number.isNaN(b));
  const x = numericText(a);
  const y = numericText(b);
  return x !== undefined && y !== undefined && canonical(x) === canonical(y);
}

/** Deep equality of JSON values, numbers compared by decimal value (numbersEqual). */
export function exactEqual(a: unknown, b: unknown): boolean {
  if (isNumeric(a) || isNumeric(b)) return isNumeric(a) && isNumeric(b) && numbersEqual(a, b);
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((element, i) => exactEqual(element, b[i]))
    );
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length &&
      keys.every((k) => Object.hasOwn(b, k) && exactEqual(a[k], b[k]))
    );
  }
  return false;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** JSON text of a value, numbers written with every digit (for messages that quote state). */
export function exactJsonText(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === "bigint") return value.toString();
  if (value instanceof ExactNumber) return value.text;
  if (Array.isArray(value)) return `[${value.map((v) => exactJsonText(v) ?? "null").join(",")}]`;
  if (isPlainObject(value)) {
    return `{${Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${JSON.stringify(k)}:${exactJsonText(v)}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}
