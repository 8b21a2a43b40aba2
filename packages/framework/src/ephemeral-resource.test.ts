import { Unknown } from "@tsvider/cty";
import { describe, expect, expectTypeOf, it } from "vitest";
import { FrameworkConfigurationError } from "./diagnostics.js";
import { defineEphemeralResource, type EphemeralResource } from "./ephemeral-resource.js";
import { ResourceError } from "./errors.js";
import { privateState } from "./private-state.js";
import { defineProvider } from "./provider.js";
import { attr } from "./schema/attributes.js";
import { block } from "./schema/blocks.js";
import { validate } from "./schema/validate.js";
import { closeEphemeralResource } from "./server/close-ephemeral-resource.js";
import { openEphemeralResource } from "./server/open-ephemeral-resource.js";
import { ProviderServer } from "./server/provider-server.js";
import { renewEphemeralResource } from "./server/renew-ephemeral-resource.js";
import { validateEphemeralResourceConfig } from "./server/validate-ephemeral-resource-config.js";

const closed: string[] = [];
const leaseDefinition = defineEphemeralResource({
  typeName: "test_lease",
  privateState: privateState<{ leaseId: string; renewals: number }>(),
  schema: {
    name: attr.string({ required: true, validators: [validate.length({ min: 2 })] }),
    mode: attr.string({ optional: true }),
    token: attr.string({ computed: true, sensitive: true }),
    labels: block.list({ key: attr.string({ required: true }), id: attr.string({ computed: true }) }),
  },
  validateConfig({ config, diagnostics }) {
    if (config.mode === "forbidden")
      diagnostics.addError("mode forbidden", "pick another", [{ attribute: "mode" }]);
  },
  async open({ config }) {
    expectTypeOf(config.name).toEqualTypeOf<string>();
    if (config.mode === "explode") throw new ResourceError("Lease refused", { detail: "no leases today" });
    if (config.mode === "unknown") return { result: { ...config, token: Unknown as never, labels: [] } };
    if (config.mode === "extra") return { result: { ...config, token: "t", labels: [], extra: 1 } as never };
    if (config.mode === "changed") return { result: { ...config, name: "other", token: "t", labels: [] } };
    if (config.mode === "bad-private")
      return { result: { ...config, token: "t", labels: [] }, private: { f: () => 1 } as never };
    if (config.mode === "bad-renew-at")
      return { result: { ...config, token: "t", labels: [] }, renewAt: new Date(Number.NaN) };
    return {
      result: {
        ...config,
        token: `token-${config.name}`,
        labels: config.labels.map((l, i) => ({ ...l, id: `label-${i}` })),
      },
      private: { leaseId: `lease-${config.name}`, renewals: 0 },
      renewAt: new Date(Date.UTC(2030, 0, 1)),
    };
  },
  async renew({ private: data }) {
    expectTypeOf(data).toEqualTypeOf<{ leaseId: string; renewals: number } | null>();
    return {
      private: { leaseId: data!.leaseId, renewals: data!.renewals + 1 },
      renewAt: new Date(Date.UTC(2031, 0, 1)),
    };
  },
  async close({ private: data }) {
    closed.push(`${data?.leaseId}:${data?.renewals}`);
  },
});

const provider = defineProvider({ name: "test", version: "1.0.0", ephemeralResources: [leaseDefinition] });
// The core takes any ephemeral resource; its handlers' parameter types are the schema's.
const lease = leaseDefinition as unknown as EphemeralResource;
const config = (over: Record<string, unknown> = {}) => ({
  name: "a1",
  mode: null,
  token: null,
  labels: [],
  ...over,
});
const errorsOf = (d: {
  items: readonly { severity: string; summary: string; detail: string; path?: unknown }[];
}) => d.items.filter((i) => i.severity === "error");

describe("defineEphemeralResource", () => {
  it("refuses unusable definitions at start-up", () => {
    expect(() =>
      defineEphemeralResource({ typeName: "Bad-Name", schema: {}, open: async () => ({ result: {} }) }),
    ).toThrow(FrameworkConfigurationError);
    expect(() => defineEphemeralResource({ typeName: "test_x", schema: {} } as never)).toThrow(/has no open/);
    expect(() =>
      defineEphemeralResource({
        typeName: "test_x",
        schema: { a: attr.string({ required: true, requiresReplace: true }) },
        open: async ({ config }) => ({ result: config }),
      }),
    ).toThrow(/"a" has requiresReplace/);
    expect(() =>
      defineEphemeralResource({
        typeName: "test_x",
        schema: { a: attr.string({ optional: true, writeOnly: true }) },
        open: async () => ({ result: { a: null } }),
      }),
    ).toThrow(FrameworkConfigurationError);
    expect(() => defineProvider({ name: "other", version: "1", ephemeralResources: [lease] })).toThrow(
      /does not start with "other_"/,
    );
    expect(() => defineProvider({ name: "test", version: "1", ephemeralResources: [lease, lease] })).toThrow(
      /listed twice/,
    );
  });
});

describe("ephemeral resources in the core", () => {
  const server = () => new ProviderServer(provider, { env: {} });

  it("validates: schema checks, validators, validateConfig", async () => {
    const s = server();
    expect(errorsOf(await validateEphemeralResourceConfig(s, lease, config({ name: Unknown })))).toEqual([]);
    const short = errorsOf(await validateEphemeralResourceConfig(s, lease, config({ name: "a" })));
    expect(short[0]?.path).toEqual([{ attribute: "name" }]);
    const forbidden = errorsOf(
      await validateEphemeralResourceConfig(s, lease, config({ mode: "forbidden" })),
    );
    expect(forbidden.map((d) => d.summary)).toEqual(["mode forbidden"]);
  });

  it("opens, renews and closes with sealed private data; a closed instance cannot be used again", async () => {
    const s = server();
    const opened = await openEphemeralResource(s, lease, config({ labels: [{ key: "k", id: null }] }));
    expect(errorsOf(opened.diagnostics)).toEqual([]);
    expect(opened.result).toEqual({
      name: "a1",
      mode: null,
      token: "token-a1",
      labels: [{ key: "k", id: "label-0" }],
    });
    expect(opened.renewAt?.toISOString()).toBe("2030-01-01T00:00:00.000Z");
    // Sealed: the lease id is not readable in the bytes Terraform holds.
    expect(Buffer.from(opened.private!).toString("latin1")).not.toContain("lease-a1");
    const renewed = await renewEphemeralResource(s, lease, opened.private);
    expect(errorsOf(renewed.diagnostics)).toEqual([]);
    expect(renewed.renewAt?.toISOString()).toBe("2031-01-01T00:00:00.000Z");
    expect(errorsOf(await closeEphemeralResource(s, lease, renewed.private))).toEqual([]);
    expect(closed).toContain("lease-a1:1");
    // The old and the renewed bytes both name the closed instance.
    for (const bytes of [opened.private, renewed.private]) {
      const again = await renewEphemeralResource(s, lease, bytes);
      expect(errorsOf(again.diagnostics)[0]?.summary).toBe(
        "Ephemeral resource test_lease was already closed",
      );
      expect(again.private).toBeUndefined();
    }
    const closeTwice = errorsOf(await closeEphemeralResource(s, lease, opened.private));
    expect(closeTwice[0]?.summary).toBe("Ephemeral resource test_lease was already closed");
  });

  it("refuses garbage, empty, foreign and other-process private data with a precise diagnostic", async () => {
    const s = server();
    const opened = await openEphemeralResource(s, lease, config());
    const cases: [Uint8Array | undefined, RegExp][] = [
      [undefined, /is empty/],
      [new Uint8Array(0), /is empty/],
      [Buffer.from("garbage"), /does not start like a sealed envelope/],
      [Buffer.from('{"leaseId":"x"}'), /does not start like a sealed envelope/],
      [Buffer.concat([Buffer.from("tsv1"), Buffer.alloc(40, 7)]), /cannot be opened/],
      // Sealed by another process (another key).
      [(await openEphemeralResource(server(), lease, config())).private, /cannot be opened/],
    ];
    const damaged = Buffer.from(opened.private!);
    damaged[damaged.length - 1]! ^= 1;
    cases.push([damaged, /cannot be opened/]);
    for (const [bytes, why] of cases) {
      for (const run of [
        renewEphemeralResource(s, lease, bytes).then((r) => r.diagnostics),
        closeEphemeralResource(s, lease, bytes),
      ]) {
        const [error, ...rest] = errorsOf(await run);
        expect(rest).toEqual([]);
        expect(error?.summary).toBe("Unreadable private data for ephemeral resource test_lease");
        expect(error?.detail).toMatch(why);
      }
    }
    // The intact bytes still work after all that.
    expect(errorsOf(await closeEphemeralResource(s, lease, opened.private))).toEqual([]);
  });

  it("names the attribute when an open result breaks the schema or leaves unknowns", async () => {
    const s = server();
    const before = closed.length;
    const unknown = await openEphemeralResource(s, lease, config({ mode: "unknown" }));
    // Opened but refused: closed at once, Terraform will never close it.
    expect(closed.length).toBe(before + 1);
    expect(unknown.result).toBeNull();
    expect(errorsOf(unknown.diagnostics)[0]).toMatchObject({
      summary: 'ephemeral resource test_lease open left "token" unknown',
      path: [{ attribute: "token" }],
    });
    const extra = await openEphemeralResource(s, lease, config({ mode: "extra" }));
    expect(errorsOf(extra.diagnostics)[0]).toMatchObject({
      detail: expect.stringContaining('"extra" is not in the schema'),
    });
    const changed = await openEphemeralResource(s, lease, config({ mode: "changed" }));
    expect(errorsOf(changed.diagnostics)[0]).toMatchObject({ path: [{ attribute: "name" }] });
    expect(errorsOf(changed.diagnostics)[0]?.detail).toContain(
      "An ephemeral resource returns configured values",
    );
    const badPrivate = await openEphemeralResource(s, lease, config({ mode: "bad-private" }));
    expect(errorsOf(badPrivate.diagnostics)[0]?.summary).toBe(
      "ephemeral resource test_lease open returned private data that cannot be kept",
    );
    const badRenewAt = await openEphemeralResource(s, lease, config({ mode: "bad-renew-at" }));
    expect(errorsOf(badRenewAt.diagnostics)[0]?.summary).toContain("invalid renewAt");
    const thrown = await openEphemeralResource(s, lease, config({ mode: "explode" }));
    expect(errorsOf(thrown.diagnostics).map((d) => d.summary)).toEqual(["Lease refused"]);
    const notKnown = await openEphemeralResource(s, lease, config({ name: Unknown }));
    expect(errorsOf(notKnown.diagnostics)[0]?.summary).toContain("is not known yet");
  });

  it("reports a renew of a resource that has no renew", async () => {
    const plain: EphemeralResource = defineEphemeralResource({
      typeName: "test_plain",
      schema: { value: attr.string({ computed: true }) },
      async open() {
        return { result: { value: "v" } };
      },
    });
    const s = new ProviderServer(
      defineProvider({ name: "test", version: "1", ephemeralResources: [plain] }),
      { env: {} },
    );
    const opened = await openEphemeralResource(s, plain, { value: null });
    expect(opened.private!.length).toBeGreaterThan(0);
    const renewed = await renewEphemeralResource(s, plain, opened.private);
    expect(errorsOf(renewed.diagnostics)[0]?.summary).toBe("Ephemeral resource test_plain cannot be renewed");
    // Close without a close handler succeeds.
    expect(errorsOf(await closeEphemeralResource(s, plain, opened.private))).toEqual([]);
  });
});
