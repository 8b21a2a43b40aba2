// The test kit's ephemeral resources: open, renew and close against the in-process server,
// the refusal of a closed instance, deferral, and a cycle that catches a broken resource.
import { describe, expect, it } from "vitest";
import type { DeferralReason } from "../deferral.js";
import { defineEphemeralResource } from "../ephemeral-resource.js";
import { privateState } from "../private-state.js";
import { defineProvider } from "../provider.js";
import { attr } from "../schema/attributes.js";
import { LifecycleError, testProvider } from "./index.js";

const released: string[] = [];
const lease = defineEphemeralResource({
  typeName: "test_lease",
  privateState: privateState<{ lease: string; renewed: number }>(),
  schema: { ttl: attr.int64({ required: true }), secret: attr.string({ computed: true, sensitive: true }) },
  validateConfig({ config, diagnostics }) {
    if (typeof config.ttl === "number" && config.ttl < 1)
      diagnostics.addError("ttl too short", "at least 1 second", [{ attribute: "ttl" }]);
  },
  async open(ctx) {
    if (ctx.config.ttl === 7) return ctx.defer("absent_prereq" satisfies DeferralReason);
    return {
      result: { ...ctx.config, secret: `s-${ctx.config.ttl}` },
      private: { lease: `L${ctx.config.ttl}`, renewed: 0 },
      renewAt: new Date(Date.UTC(2030, 0, 1)),
    };
  },
  async renew({ private: data }) {
    const renewed = (data?.renewed ?? 0) + 1;
    return {
      private: { lease: data?.lease ?? "", renewed },
      ...(renewed < 2 ? { renewAt: new Date(Date.UTC(2030, 0, 1 + renewed)) } : {}),
    };
  },
  async close({ private: data }) {
    released.push(`${data?.lease} after ${data?.renewed} renewals`);
  },
});
const provider = defineProvider({ name: "test", version: "1.0.0", ephemeralResources: [lease] });

describe("the test kit's ephemeral resources", () => {
  it("opens, renews and closes, carrying the private data as Terraform does", async () => {
    const kit = testProvider(provider);
    const opened = await kit.ephemeral.open("test_lease", { ttl: 30 });
    expect(opened.diagnostics).toEqual([]);
    expect(opened.result).toEqual({ ttl: 30, secret: "s-30" });
    expect(opened.renewAt).toEqual(new Date(Date.UTC(2030, 0, 1)));
    const renewed = await kit.ephemeral.renew(opened);
    expect(renewed.renewAt).toEqual(new Date(Date.UTC(2030, 0, 2)));
    expect((await kit.ephemeral.close(renewed)).diagnostics).toEqual([]);
    expect(released.at(-1)).toBe("L30 after 1 renewals");

    const again = await kit.ephemeral.renew(renewed);
    expect(again.diagnostics).toEqual([
      {
        severity: "error",
        summary: "Ephemeral resource test_lease was already closed",
        detail:
          "Terraform asked to renew an instance of test_lease that was closed before in this run. A closed ephemeral resource cannot be renewed or closed again; open a new one. This points at a problem in the host, not in your configuration.",
      },
    ]);
    // A failed renew leaves the instance's data as it was.
    expect(again.private).toBe(renewed.private);
  });

  it("runs a whole cycle, refusing the closed instance at the end", async () => {
    const kit = testProvider(provider);
    const cycle = await kit.ephemeral.cycle("test_lease", { ttl: 5 }, { renewals: 2 });
    expect(cycle.opened.result).toEqual({ ttl: 5, secret: "s-5" });
    expect(cycle.renewals).toEqual([new Date(Date.UTC(2030, 0, 2)), undefined]);
    expect(released.at(-1)).toBe("L5 after 2 renewals");
  });

  it("validates first, and reports deferral", async () => {
    const kit = testProvider(provider);
    const invalid = await kit.ephemeral.open("test_lease", { ttl: 0 });
    expect(invalid.result).toBeNull();
    expect(invalid.diagnostics.map((d) => d.summary)).toEqual(["ttl too short"]);

    const deferred = await kit.ephemeral.open("test_lease", { ttl: 7 }, { deferralAllowed: true });
    expect(deferred).toMatchObject({
      result: null,
      deferred: "absent_prereq",
      private: undefined,
      diagnostics: [],
    });
    const refused = await kit.ephemeral.open("test_lease", { ttl: 7 });
    expect(refused.deferred).toBeUndefined();
    expect(refused.diagnostics.map((d) => d.summary)).toEqual([
      "ephemeral resource test_lease open was deferred, but this run does not allow deferral",
    ]);
  });

  it("fails the cycle of a resource whose open fails, naming the step", async () => {
    const kit = testProvider(provider);
    const error = await kit.ephemeral.cycle("test_lease", { ttl: 7 }).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(LifecycleError);
    expect((error as LifecycleError).step).toBe("open");
    await expect(kit.ephemeral.open("test_nothing", {})).rejects.toThrow(
      'provider test has no ephemeral resource "test_nothing" (it has: test_lease)',
    );
  });
});
