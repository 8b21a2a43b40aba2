// The built-in custom types' equality and validation, and customType's own checks. Equality is
// held to properties (any instant spelled two ways is one instant, any JSON re-serialized with
// its members shuffled is the same JSON, ...) and to the cases that must stay apart.
import { Decimal } from "@tsvider/cty";
import fc from "fast-check";
import { describe, expect, expectTypeOf, it } from "vitest";
import { Diagnostics, FrameworkConfigurationError } from "../diagnostics.js";
import { defineResource } from "../resource.js";
import { checkValue } from "../values/config-checks.js";
import { WalkPosition } from "../values/walk-position.js";
import { attr } from "./attributes.js";
import { canonicalJson, customType, rfc3339Instant, types } from "./custom-types.js";
import type { Config, State } from "./infer.js";
import { t } from "./types.js";

const equal = (type: { custom: { equal?(a: unknown, b: unknown): boolean } }, a: unknown, b: unknown) =>
  type.custom.equal!(a, b);

/** The messages config checks give a value of `descriptor` at `tags["a"]`. */
function problems(descriptor: Parameters<typeof checkValue>[0], value: unknown) {
  const diagnostics = new Diagnostics();
  checkValue(descriptor, value as never, WalkPosition.root.attribute("tags").key("a"), diagnostics);
  return diagnostics.items.map((d) => ({ summary: d.summary, detail: d.detail, path: d.path }));
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** An instant (ms since 1970) written in RFC 3339 at an offset in minutes, with `fraction` after the seconds. */
function spell(ms: number, offsetMinutes: number, fraction: string): string {
  const local = new Date(ms + offsetMinutes * 60_000);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const zone =
    offsetMinutes === 0
      ? "Z"
      : `${sign}${pad(Math.floor(Math.abs(offsetMinutes) / 60))}:${pad(Math.abs(offsetMinutes) % 60)}`;
  return `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}${fraction}${zone}`;
}

// From 0001-01-03 to 9998-12-30, so any offset keeps the local date within years 1 to 9999.
const instants = fc.integer({ min: new Date(0).setUTCFullYear(1, 0, 3), max: Date.UTC(9998, 11, 30) });
const offsets = fc.integer({ min: -23 * 60 - 59, max: 23 * 60 + 59 });

describe("types.rfc3339", () => {
  it("is equal for any instant written at any two offsets, with or without a zero fraction", () => {
    fc.assert(
      fc.property(
        instants,
        offsets,
        offsets,
        fc.constantFrom("", ".0", ".000", ".000000000"),
        (ms, a, b, zeros) => {
          const second = ms - (ms % 1000);
          const x = spell(second, a, "");
          const y = spell(second, b, zeros);
          expect(types.rfc3339.custom.validate!(x, { path: [], pathText: "at" })).toBeUndefined();
          expect(types.rfc3339.custom.validate!(y, { path: [], pathText: "at" })).toBeUndefined();
          expect(equal(types.rfc3339, x, y)).toBe(true);
        },
      ),
    );
  });

  it("agrees with Date on which instant a timestamp is, to the second", () => {
    fc.assert(
      fc.property(instants, offsets, (ms, offset) => {
        const second = ms - (ms % 1000);
        expect(rfc3339Instant(spell(second, offset, ""))).toEqual({ seconds: second / 1000, fraction: "" });
      }),
    );
  });

  it("is not equal for different instants, down to the last digit of the fraction", () => {
    fc.assert(
      fc.property(instants, fc.integer({ min: 1, max: 10 ** 6 }), (ms, later) => {
        const second = ms - (ms % 1000);
        expect(equal(types.rfc3339, spell(second, 0, ""), spell(second + later * 1000, 0, ""))).toBe(false);
      }),
    );
    expect(equal(types.rfc3339, "2030-01-01T00:00:00.000000001Z", "2030-01-01T00:00:00Z")).toBe(false);
    expect(equal(types.rfc3339, "2030-01-01T00:00:00.1234567891Z", "2030-01-01T00:00:00.123456789Z")).toBe(
      false,
    );
    expect(equal(types.rfc3339, "2030-01-01T00:00:00.50Z", "2030-01-01T01:00:00.5+01:00")).toBe(true);
    expect(equal(types.rfc3339, "2029-12-31T23:30:00-00:30", "2030-01-01T00:00:00Z")).toBe(true);
  });

  it("never calls text it refuses equal, and refuses it with validate.rfc3339's message", () => {
    expect(equal(types.rfc3339, "2030-01-01 00:00:00+00", "2030-01-01T00:00:00Z")).toBe(false);
    expect(equal(types.rfc3339, "2030-01-01", "2030-01-01")).toBe(false);
    expect(problems(types.rfc3339, "2030-01-01 00:00:00+00")).toEqual([
      {
        summary: "Invalid RFC 3339 timestamp",
        detail: expect.stringMatching(
          /^"tags\["a"\]" must be an RFC 3339 timestamp, .*; it is "2030-01-01 00:00:00\+00"\.$/,
        ),
        path: [{ attribute: "tags" }, { key: "a" }],
      },
    ]);
    expect(problems(types.rfc3339, "2030-01-01T00:00:00Z")).toEqual([]);
  });
});

/** Any JSON value, numbers included as text of any length (so none fits a double exactly). */
const jsonValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.constantFrom("null", "true", "false"),
    fc.string().map((s) => JSON.stringify(s)),
    fc
      .tuple(
        fc.boolean(),
        fc.bigInt({ min: 0n, max: 10n ** 40n }),
        fc.nat(30),
        fc.integer({ min: -400, max: 400 }),
      )
      .map(([neg, digits, scale, exp]) => {
        const text = digits.toString().padStart(scale + 1, "0");
        const whole = text.slice(0, text.length - scale);
        const fraction = text.slice(text.length - scale);
        return `${neg ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}${exp === 0 ? "" : `e${exp}`}`;
      }),
    fc.array(tie("value"), { maxLength: 4 }).map((items) => `[${items.join(",")}]`),
    fc
      .uniqueArray(fc.tuple(fc.string(), tie("value")), { maxLength: 4, selector: ([k]) => k })
      .map((members) => `{${members.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(",")}}`),
  ),
})).value as fc.Arbitrary<string>;

/** The same JSON text with object members in another order and whitespace added. */
function respell(text: string, seed: number): string {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state;
  };
  // The members are shuffled in the text as written (not through canonicalJson, which would
  // test the scan against itself), with a split that steps over strings.
  const parse = (s: string, at: { i: number }): string => {
    const ws = () => {
      while (/\s/.test(s[at.i] ?? "")) at.i++;
    };
    ws();
    const c = s[at.i];
    if (c === "{" || c === "[") {
      at.i++;
      const parts: string[] = [];
      ws();
      if (s[at.i] === (c === "{" ? "}" : "]")) {
        at.i++;
        return c === "{" ? "{ }" : "[ ]";
      }
      for (;;) {
        ws();
        if (c === "{") {
          const key = parse(s, at);
          ws();
          at.i++;
          parts.push(`${key} :\n ${parse(s, at)}`);
        } else parts.push(parse(s, at));
        ws();
        if (s[at.i++] !== ",") break;
      }
      if (c === "{") {
        for (let i = parts.length - 1; i > 0; i--) {
          const j = next() % (i + 1);
          [parts[i], parts[j]] = [parts[j]!, parts[i]!];
        }
      }
      return c === "{" ? `{ ${parts.join(" ,\t")} }` : `[${parts.join(", ")}]`;
    }
    const start = at.i;
    if (c === '"') {
      at.i++;
      while (s[at.i] !== '"') at.i += s[at.i] === "\\" ? 2 : 1;
      at.i++;
    } else {
      while (at.i < s.length && !/[\s,\]}]/.test(s[at.i]!)) at.i++;
    }
    return s.slice(start, at.i);
  };
  return parse(text, { i: 0 });
}

describe("types.json", () => {
  it("is equal for any JSON re-serialized with shuffled members and whitespace", () => {
    fc.assert(
      fc.property(jsonValue, fc.nat(), (text, seed) => {
        const other = respell(text, seed);
        expect(problems(types.json, other)).toEqual([]);
        expect(equal(types.json, text, other)).toBe(true);
      }),
    );
  });

  it("compares numbers as exact decimals, never as doubles", () => {
    expect(equal(types.json, "[1.50, 15e-1, 0.15e1, 150E-2]", "[1.5,1.5,1.5,1.5]")).toBe(true);
    expect(equal(types.json, "[-0, 0.0, 0e5]", "[0,0,0]")).toBe(true);
    expect(equal(types.json, "1e400", "10e399")).toBe(true);
    // Equal as doubles, different as numbers.
    expect(equal(types.json, "9007199254740993", "9007199254740992")).toBe(false);
    expect(equal(types.json, "0.1", "0.10000000000000000555")).toBe(false);
    expect(canonicalJson("1e400")).toBe("1e400");
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 30n }),
        fc.bigInt({ min: 1n, max: 10n ** 30n }),
        (a, b) => {
          fc.pre(a !== b);
          expect(equal(types.json, `{"n": ${a}}`, `{"n": ${b}}`)).toBe(false);
        },
      ),
    );
  });

  it("tells apart what differs: order of arrays, types, strings, a member more", () => {
    expect(equal(types.json, "[1,2]", "[2,1]")).toBe(false);
    expect(equal(types.json, '{"a":1}', '{"a":"1"}')).toBe(false);
    expect(equal(types.json, '{"a":1}', '{"a":1,"b":null}')).toBe(false);
    expect(equal(types.json, '"\\u0041"', '"A"')).toBe(true);
    expect(equal(types.json, '"a"', '"A"')).toBe(false);
    // A repeated member keeps its last value, as JSON.parse does.
    expect(equal(types.json, '{"a":1,"a":2}', '{"a":2}')).toBe(true);
    expect(equal(types.json, "{", "{")).toBe(false);
  });

  it("refuses text that is not JSON, naming the value's path", () => {
    expect(problems(types.json, "{'a': 1}")).toEqual([
      {
        summary: "Invalid JSON value",
        detail: expect.stringMatching(/^"tags\["a"\]" must be JSON text, .*; it is not: .+\.$/),
        path: [{ attribute: "tags" }, { key: "a" }],
      },
    ]);
  });
});

/** Any IPv6 address as 8 groups, and two ways to write it. */
const ipv6 = fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 8, maxLength: 8 });

function longForm(groups: number[], upper: boolean): string {
  const text = groups.map((g) => g.toString(16).padStart(4, "0")).join(":");
  return upper ? text.toUpperCase() : text;
}

function shortForm(groups: number[]): string {
  // The first run of zeros becomes "::".
  const start = groups.indexOf(0);
  if (start < 0) return groups.map((g) => g.toString(16)).join(":");
  let end = start;
  while (end < 8 && groups[end] === 0) end++;
  const hex = (gs: number[]) => gs.map((g) => g.toString(16)).join(":");
  return `${hex(groups.slice(0, start))}::${hex(groups.slice(end))}`;
}

describe("types.ip and types.cidr", () => {
  it("are equal for any IPv6 address or prefix written long and short", () => {
    fc.assert(
      fc.property(ipv6, fc.boolean(), (groups, upper) => {
        expect(equal(types.ip, longForm(groups, upper), shortForm(groups))).toBe(true);
        expect(equal(types.ipv6, shortForm(groups), longForm(groups, !upper))).toBe(true);
        const network = [...groups.slice(0, 4), 0, 0, 0, 0];
        expect(problems(types.cidr, `${longForm(network, upper)}/64`)).toEqual([]);
        expect(equal(types.cidr, `${longForm(network, upper)}/64`, `${shortForm(network)}/64`)).toBe(true);
        expect(equal(types.ipv6Cidr, `${shortForm(network)}/64`, `${shortForm(network)}/65`)).toBe(false);
      }),
    );
    expect(equal(types.ip, "::1", "0:0:0:0:0:0:0:1")).toBe(true);
    expect(equal(types.cidr, "2001:DB8::/32", "2001:db8:0::/32")).toBe(true);
  });

  it("are not equal for different addresses, nor for an IPv4 address and its IPv6 mapping", () => {
    fc.assert(
      fc.property(ipv6, ipv6, (a, b) => {
        fc.pre(a.join() !== b.join());
        expect(equal(types.ip, shortForm(a), shortForm(b))).toBe(false);
      }),
    );
    expect(equal(types.ip, "192.0.2.1", "::ffff:192.0.2.1")).toBe(false);
    expect(equal(types.ip, "192.0.2.1", "192.0.2.1")).toBe(true);
    expect(equal(types.cidr, "10.0.0.0/16", "10.0.0.0/17")).toBe(false);
    expect(equal(types.ip, "010.0.0.1", "10.0.0.1")).toBe(false);
  });

  it("validate as validate.ip and validate.cidr do, versions included", () => {
    expect(problems(types.ipv4, "2001:db8::1")).toEqual([
      {
        summary: "Invalid IPv4 address",
        detail: expect.stringMatching(
          /^"tags\["a"\]" must be an IPv4 address, .*an IPv6 address \(2001:db8::1\)\.$/,
        ),
        path: [{ attribute: "tags" }, { key: "a" }],
      },
    ]);
    expect(problems(types.cidr, "10.0.1.5/16")[0]?.detail).toContain('Write "10.0.0.0/16"');
    expect(problems(types.ipv4Cidr, "10.0.0.0/16")).toEqual([]);
    expect(problems(types.ip, "fe80::1%eth0")).toHaveLength(1);
  });
});

describe("types.caseInsensitive", () => {
  it("is equal exactly when the two differ in letter case only", () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.boolean()), (s, flips) => {
        const other = [...s].map((c, i) => (flips[i] ? c.toUpperCase() : c.toLowerCase())).join("");
        expect(equal(types.caseInsensitive, s, other)).toBe(s.toLowerCase() === other.toLowerCase());
      }),
    );
    expect(equal(types.caseInsensitive, "Web-01", "WEB-01")).toBe(true);
    expect(equal(types.caseInsensitive, "web-01", "web-02")).toBe(false);
    expect(problems(types.caseInsensitive, "anything")).toEqual([]);
  });
});

describe("customType", () => {
  it("makes a type of its base's values, validated wherever it sits", () => {
    const semver = customType({
      base: t.string,
      name: "semantic version",
      validate: (v, ctx) =>
        /^\d+\.\d+\.\d+$/.test(v)
          ? undefined
          : `"${ctx.pathText}" must be a version such as "1.2.3"; it is "${v}".`,
      equal: (a, b) => a.replace(/^v/, "") === b.replace(/^v/, ""),
    });
    const port = customType({
      base: t.number,
      name: "port",
      validate: (n) => (Number(n) > 0 ? undefined : "no"),
    });
    const flag = customType({ base: t.bool, name: "flag" });
    const schema = {
      version: attr.custom(semver, { required: true }),
      versions: attr.list(semver, { optional: true }),
      port: attr.custom(port, { optional: true }),
      flag: attr.custom(flag, { optional: true }),
    };
    expectTypeOf<Config<typeof schema>>().toEqualTypeOf<{
      version: string;
      versions: string[] | null;
      port: number | bigint | Decimal | null;
      flag: boolean | null;
    }>();
    expectTypeOf<State<{ at: typeof schema.version }>>().toEqualTypeOf<{ at: string }>();
    expect(problems(t.list(semver), ["1.2.3", "1.2"])).toEqual([
      {
        summary: "Invalid semantic version",
        detail: '"tags["a"][1]" must be a version such as "1.2.3"; it is "1.2".',
        path: [{ attribute: "tags" }, { key: "a" }, { index: 1 }],
      },
    ]);
    expect(problems(port, new Decimal("-1.5"))).toEqual([
      { summary: "Invalid port", detail: "no", path: [{ attribute: "tags" }, { key: "a" }] },
    ]);
    expect(semver.kind).toBe("string");
    expect(semver.type).toBe(t.string.type);
  });

  it("reports a validate that throws as a bug in the provider", () => {
    const broken = customType({
      base: t.string,
      name: "broken",
      validate: () => {
        throw new Error("boom");
      },
    });
    expect(problems(broken, "x")).toEqual([
      {
        summary: 'Could not validate "tags["a"]"',
        detail: expect.stringContaining(
          'custom type "broken" threw while checking the value: boom. This is a bug',
        ),
        path: [{ attribute: "tags" }, { key: "a" }],
      },
    ]);
  });

  it("checks a default against the type at start-up", () => {
    const define = (at: string) =>
      defineResource({
        typeName: "test_x",
        schema: { at: attr.custom(types.rfc3339, { optional: true, computed: true, default: at }) },
        create: async ({ plan }) => plan as never,
        read: async ({ state }) => state,
        update: async ({ plan }) => plan as never,
        delete: async () => {},
      });
    expect(() => define("tomorrow")).toThrow(FrameworkConfigurationError);
    expect(() => define("tomorrow")).toThrow(
      /attribute "at" has a default that is not valid: "at" must be an RFC 3339 timestamp/,
    );
    expect(() => define("2030-01-01T00:00:00Z")).not.toThrow();
  });

  it("refuses a malformed definition at start-up, saying what to write", () => {
    expect(() => customType({ base: t.int64 as never, name: "n" })).toThrow(
      "customType needs base: t.string, t.number or t.bool; it was given t.int64.",
    );
    expect(() => customType({ base: t.string, name: " " })).toThrow(/customType needs a name/);
    expect(() => customType({ base: t.string, name: "x", equal: "yes" as never })).toThrow(
      'customType "x": equal must be a function (prior, proposed) => boolean.',
    );
  });
});
