// The format validators: rfc3339, ip, cidr and url. Their messages and paths through the real
// validation path (the in-process test kit's ValidateResourceConfig), and property tests of
// the parsers behind them against independent checks: node:net's isIP and BlockList, WHATWG
// URL's IPv6 normalization, and Date for timestamps.
import { BlockList, isIP, isIPv4, isIPv6 } from "node:net";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Diagnostics } from "../diagnostics.js";
import { defineProvider } from "../provider.js";
import { defineResource } from "../resource.js";
import { testProvider } from "../testing/index.js";
import { attr } from "./attributes.js";
import { formatIp, parseCidr, parseIp } from "./formats.js";
import { t } from "./types.js";
import { validate } from "./validate.js";
import type { ValidatorContext } from "./validators.js";

const resource = defineResource({
  typeName: "test_formats",
  schema: {
    expires_at: attr.string({ optional: true, validators: [validate.rfc3339()] }),
    address: attr.string({ optional: true, validators: [validate.ip()] }),
    address_v6: attr.string({ optional: true, validators: [validate.ip({ version: 6 })] }),
    cidr_block: attr.string({ optional: true, validators: [validate.cidr({ version: 4 })] }),
    host_cidr: attr.string({ optional: true, validators: [validate.cidr({ allowHostBits: true })] }),
    endpoint: attr.string({ optional: true, validators: [validate.url()] }),
    bucket: attr.string({ optional: true, validators: [validate.url({ schemes: ["s3", "gs"] })] }),
    allowed: attr.list(t.string, { optional: true, validators: [validate.each(validate.cidr())] }),
  },
  async create({ plan }) {
    return plan as never;
  },
  async read({ state }) {
    return state;
  },
  async update({ plan }) {
    return plan as never;
  },
  async delete() {},
});
const kit = testProvider(defineProvider({ name: "test", version: "1.0.0", resources: [resource] }));

async function problems(config: Record<string, unknown>) {
  const { diagnostics } = await kit.validate("test_formats", config);
  return diagnostics.map(({ summary, detail, path }) => ({ summary, detail, path }));
}

/** The detail of the one error `config` gets, checking it points at `attribute`. */
async function detailFor(attribute: string, value: unknown): Promise<string | undefined> {
  const found = await problems({ [attribute]: value });
  if (found.length === 0) return undefined;
  expect(found).toHaveLength(1);
  expect(found[0]!.summary).toBe(`Invalid value for "${attribute}"`);
  expect(found[0]!.path).toEqual([{ attribute }]);
  return found[0]!.detail;
}

const ctx: ValidatorContext = {
  path: [{ attribute: "v" }],
  pathText: "v",
  parent: {},
  config: {},
  diagnostics: new Diagnostics(),
};
const accepts = (validator: { validate(value: string, c: ValidatorContext): unknown }, value: string) =>
  validator.validate(value, ctx) === undefined;

describe("validate.rfc3339", () => {
  it("accepts timestamps as timestamp() writes them, with any offset and fraction", async () => {
    for (const ok of [
      "2030-01-01T00:00:00Z",
      "2030-01-01T09:30:00+02:00",
      "2024-02-29T23:59:59.123456789-11:30",
      "0000-01-01T00:00:00Z",
    ]) {
      expect(await detailFor("expires_at", ok)).toBeUndefined();
    }
  });

  it("refuses what Go's time.RFC3339 does not read strictly, saying what form is expected", async () => {
    expect(await detailFor("expires_at", "2030-01-01 00:00:00")).toBe(
      '"expires_at" must be an RFC 3339 timestamp, a date and time with a time zone such as "2030-01-01T00:00:00Z" or "2030-01-01T09:30:00+02:00" (what timestamp() gives); it is "2030-01-01 00:00:00".',
    );
    const v = validate.rfc3339();
    for (const bad of [
      "2030-01-01",
      "2030-01-01T00:00:00",
      "2030-01-01t00:00:00z",
      "2030-01-01T0:00:00Z",
      "2030-01-01T00:00:00,5Z",
      "2023-02-29T00:00:00Z",
      "2030-13-01T00:00:00Z",
      "2030-01-01T24:00:00Z",
      "2030-01-01T00:00:60Z",
      "2030-01-01T00:00:00+24:00",
      "2030-01-01T00:00:00+0200",
      "2030-01-01T00:00:00.Z",
      "+2030-01-01T00:00:00Z",
    ]) {
      expect(accepts(v, bad), bad).toBe(false);
    }
  });

  it("accepts every instant Date writes in ISO form, at every offset, and the same instant Date reads", () => {
    const v = validate.rfc3339();
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("0000-01-01T00:00:00Z"),
          max: new Date("9999-12-31T23:59:59Z"),
          noInvalidDate: true,
        }),
        fc.integer({ min: -(23 * 60 + 59), max: 23 * 60 + 59 }),
        (date, offset) => {
          const local = new Date(date.getTime() + offset * 60_000);
          if (local.getUTCFullYear() < 0 || local.getUTCFullYear() > 9999) return;
          const sign = offset < 0 ? "-" : "+";
          const abs = Math.abs(offset);
          const zone = `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
          const text = local.toISOString().replace("Z", zone);
          expect(accepts(v, date.toISOString())).toBe(true);
          expect(accepts(v, text)).toBe(true);
          expect(Date.parse(text)).toBe(date.getTime());
        },
      ),
    );
  });

  it("accepts nothing Date cannot read", () => {
    const v = validate.rfc3339();
    const near = fc
      .tuple(fc.date({ noInvalidDate: true }), fc.nat(30), fc.string({ maxLength: 2 }))
      .map(([d, at, insert]) => {
        const iso = d.toISOString();
        return iso.slice(0, at) + insert + iso.slice(at + insert.length);
      });
    fc.assert(
      fc.property(fc.oneof(fc.string(), near), (text) => {
        if (accepts(v, text)) expect(Number.isNaN(Date.parse(text)), text).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("validate.ip", () => {
  it("names the attribute, the form and an example, and the other version when it is one", async () => {
    expect(await detailFor("address", "10.0.0.256")).toBe(
      '"address" must be an IPv4 or IPv6 address, such as "192.0.2.10" or "2001:db8::1"; it is "10.0.0.256".',
    );
    expect(await detailFor("address", "2001:DB8::1")).toBeUndefined();
    expect(await detailFor("address_v6", "192.0.2.10")).toBe(
      '"address_v6" must be an IPv6 address, such as "2001:db8::1"; it is "192.0.2.10", an IPv4 address (192.0.2.10).',
    );
    expect(accepts(validate.ip(), "fe80::1%eth0")).toBe(false);
    expect(accepts(validate.ip(), "010.0.0.1")).toBe(false);
    expect(() => validate.ip({ version: 5 as never })).toThrow("validate.ip takes version 4 or 6");
  });

  const addresses = fc.oneof(
    fc.ipV4(),
    fc.ipV6(),
    fc.ipV4Extended(),
    fc.string({ unit: fc.constantFrom(..."0123456789abcdefABCDEF:.%/x "), maxLength: 45 }),
    fc.string({ maxLength: 20 }),
  );

  it("agrees with node:net's isIP on every text without a zone", () => {
    const any = validate.ip();
    const v4 = validate.ip({ version: 4 });
    const v6 = validate.ip({ version: 6 });
    fc.assert(
      fc.property(addresses, (text) => {
        if (text.includes("%")) return;
        expect(accepts(any, text), text).toBe(isIP(text) !== 0);
        expect(accepts(v4, text), text).toBe(isIPv4(text));
        expect(accepts(v6, text), text).toBe(isIPv6(text));
      }),
      { numRuns: 3000 },
    );
  });

  it("reads an address's bytes as the WHATWG URL parser does", () => {
    fc.assert(
      fc.property(fc.oneof(fc.ipV4(), fc.ipV6()), (text) => {
        const ip = parseIp(text)!;
        const host = new URL(ip.version === 4 ? `http://${text}/` : `http://[${text}]/`).hostname;
        expect(ip.version === 4 ? formatIp(ip) : `[${formatIp(ip)}]`).toBe(host);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("validate.cidr", () => {
  it("names the attribute, the form and an example; says what to write for an address or host bits", async () => {
    expect(await detailFor("cidr_block", "10.0.0.0")).toBe(
      '"cidr_block" must be an IPv4 CIDR prefix, an address and a prefix length such as "10.0.0.0/16"; it is "10.0.0.0", an address without a prefix length (for a single address, write "10.0.0.0/32").',
    );
    expect(await detailFor("cidr_block", "10.0.1.5/16")).toBe(
      '"cidr_block" must be the first address of its network followed by the prefix length; "10.0.1.5/16" has bits set after its /16 prefix. Write "10.0.0.0/16", the network it is in.',
    );
    expect(await detailFor("cidr_block", "2001:db8::/32")).toBe(
      '"cidr_block" must be an IPv4 CIDR prefix, an address and a prefix length such as "10.0.0.0/16"; it is "2001:db8::/32", an IPv6 prefix (2001:db8::).',
    );
    expect(await detailFor("cidr_block", "10.0.0.0/33")).toBe(
      '"cidr_block" must be an IPv4 CIDR prefix, an address and a prefix length such as "10.0.0.0/16"; it is "10.0.0.0/33".',
    );
    expect(await detailFor("host_cidr", "10.0.1.5/16")).toBeUndefined();
    expect(await detailFor("host_cidr", "2001:db8::1/64")).toBeUndefined();
    expect(await detailFor("cidr_block", "10.0.0.0/08")).toContain("must be an IPv4 CIDR prefix");
  });

  it("checks each element of a list of prefixes at the element", async () => {
    expect(await problems({ allowed: ["10.0.0.0/8", "192.168.1.1/24"] })).toEqual([
      {
        summary: 'Invalid value for "allowed[1]"',
        detail:
          '"allowed[1]" must be the first address of its network followed by the prefix length; "192.168.1.1/24" has bits set after its /24 prefix. Write "192.168.1.0/24", the network it is in.',
        path: [{ attribute: "allowed" }, { index: 1 }],
      },
    ]);
  });

  it("finds the network node:net's BlockList puts the address in, and host bits exactly when the address is not it", () => {
    const prefixes = fc.oneof(
      fc.tuple(fc.ipV4(), fc.integer({ min: 0, max: 32 })),
      fc.tuple(fc.ipV6(), fc.integer({ min: 0, max: 128 })),
    );
    fc.assert(
      fc.property(prefixes, ([address, length]) => {
        const cidr = parseCidr(`${address}/${length}`);
        expect(cidr).toBeDefined();
        const family = cidr!.version === 4 ? "ipv4" : "ipv6";
        const [network] = cidr!.network.split("/") as [string];
        const block = new BlockList();
        block.addSubnet(network, length, family);
        expect(block.check(address, family)).toBe(true);
        // The network is the first address of the block: the one before it is outside.
        const before = previous(parseIp(network)!);
        if (before) expect(block.check(before, family)).toBe(false);
        expect(cidr!.hostBitsSet).toBe(formatIp(parseIp(address)!) !== network);
        expect(accepts(validate.cidr(), `${address}/${length}`)).toBe(!cidr!.hostBitsSet);
        expect(accepts(validate.cidr(), cidr!.network)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});

/** The address one before `ip`, or undefined for the lowest address. */
function previous(ip: ReturnType<typeof parseIp> & object): string | undefined {
  const bytes = [...ip.bytes];
  let i = bytes.length - 1;
  while (i >= 0 && bytes[i] === 0) bytes[i--] = 255;
  if (i < 0) return undefined;
  bytes[i]! -= 1;
  return formatIp({ version: ip.version, bytes });
}

describe("validate.url", () => {
  it("accepts absolute http and https URLs by default", async () => {
    for (const ok of ["https://api.example.com/v1", "http://localhost:8080", "HTTPS://Example.COM/a?b=c#d"]) {
      expect(await detailFor("endpoint", ok)).toBeUndefined();
    }
  });

  it("names the attribute, the schemes and an example, and what is wrong", async () => {
    const expected =
      '"endpoint" must be an absolute URL with scheme http or https, such as "https://api.example.com/v1"';
    expect(await detailFor("endpoint", "api.example.com")).toBe(
      `${expected}; it is "api.example.com", which does not start with a scheme and "://".`,
    );
    expect(await detailFor("endpoint", "ftp://example.com")).toBe(
      `${expected}; it is "ftp://example.com", whose scheme is ftp.`,
    );
    expect(await detailFor("endpoint", " https://example.com")).toBe(
      `${expected}; it is " https://example.com", which holds whitespace or control characters.`,
    );
    expect(await detailFor("endpoint", "https://exa mple.com")).toContain("whitespace");
    expect(await detailFor("endpoint", "https://[::1")).toContain("which is not a well-formed URL");
    expect(await detailFor("endpoint", "http:example.com")).toContain(
      'does not start with a scheme and "://"',
    );
  });

  it("takes the schemes allowed", async () => {
    expect(await detailFor("bucket", "s3://my-bucket/key")).toBeUndefined();
    expect(await detailFor("bucket", "https://my-bucket/key")).toBe(
      '"bucket" must be an absolute URL with scheme s3 or gs, such as "s3://api.example.com/v1"; it is "https://my-bucket/key", whose scheme is https.',
    );
    expect(() => validate.url({ schemes: ["https://"] })).toThrow(
      /validate.url needs schemes such as \["https"\]/,
    );
    expect(accepts(validate.url({ schemes: ["https:"] }), "https://x.example")).toBe(true);
  });
});

describe("validate.regex", () => {
  it("takes a message that says what the pattern means", async () => {
    expect(validate.regex(/^ami-/, "must start with ami-").validate("x", { ...ctx, pathText: "image" })).toBe(
      '"image" must start with ami-; it is "x".',
    );
  });
});
