import { defineProvider, Unknown } from "@tsvider/framework";
import { testProvider } from "@tsvider/framework/testing";
import { describe, expect, it } from "vitest";
import { expiryAfter, parseLifetime, timedTokenResource } from "./timed-token.js";

const TYPE = "tsvider_timed_token";
const env = { TSVIDER_PRIVATE_STATE_SECRET: "a-secret-for-the-unit-tests" };
const START = new Date("2026-01-01T00:00:00Z");
/** A provider whose clock reads `at()`, so a test can move time on. */
function kitAt(at: () => Date) {
  return testProvider(
    defineProvider({ name: "tsvider", version: "0.0.0", resources: [timedTokenResource({ now: at })] }),
    { env },
  );
}

describe("timedTokenResource", () => {
  it("issues a token with its expiry, keeps both in private state, and read restores them from it", async () => {
    const kit = kitAt(() => START);
    const plan = await kit.plan(TYPE, { prior: null, config: { name: "api" } });
    expect(plan.diagnostics).toEqual([]);
    expect(plan.planned).toEqual({
      name: "api",
      lifetime: "1h",
      id: Unknown,
      token: Unknown,
      expires_at: Unknown,
    });
    const applied = await kit.apply(TYPE, plan);
    expect(applied.diagnostics).toEqual([]);
    expect(applied.state).toMatchObject({
      name: "api",
      lifetime: "1h",
      expires_at: "2026-01-01T01:00:00Z",
    });
    // The formats pyvider's timed_token documents.
    const uuid = "[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}";
    expect(applied.state?.token).toMatch(new RegExp(`^token-${uuid}$`));
    expect(applied.state?.id).toMatch(new RegExp(`^timed-token-id-${uuid}$`));
    expect(applied.private.length).toBeGreaterThan(0);
    // State shows a token changed by hand; private state still holds the one issued.
    const edited = { ...applied.state!, token: "forged" };
    const read = await kit.read(TYPE, edited, { private: applied.private });
    expect(read.diagnostics).toEqual([]);
    expect(read.state).toEqual(applied.state);
  });

  it("reads an expired token as gone, with a warning at expires_at", async () => {
    let now = START;
    const kit = kitAt(() => now);
    const applied = await kit.apply(
      TYPE,
      await kit.plan(TYPE, { prior: null, config: { name: "short", lifetime: "30m" } }),
    );
    now = new Date(START.getTime() + 31 * 60 * 1000);
    const read = await kit.read(TYPE, applied.state!, { private: applied.private });
    expect(read.state).toBeNull();
    expect(read.diagnostics).toEqual([
      expect.objectContaining({
        severity: "warning",
        summary: 'The token "short" has expired',
        detail: expect.stringContaining("2026-01-01T00:30:00Z"),
        path: [{ attribute: "expires_at" }],
      }),
    ]);
  });

  it("trusts private state over state for the expiry", async () => {
    let now = START;
    const kit = kitAt(() => now);
    const applied = await kit.apply(TYPE, await kit.plan(TYPE, { prior: null, config: { name: "t" } }));
    now = new Date(START.getTime() + 2 * 3600 * 1000);
    const extended = { ...applied.state!, expires_at: "2099-01-01T00:00:00.000Z" };
    expect((await kit.read(TYPE, extended, { private: applied.private })).state).toBeNull();
  });

  it("writes the expiry in whole seconds, rounded up so the token lives at least its lifetime", () => {
    expect(expiryAfter(new Date("2026-01-01T00:00:00.000Z"), 3_600_000)).toBe("2026-01-01T01:00:00Z");
    expect(expiryAfter(new Date("2026-01-01T00:00:00.001Z"), 1000)).toBe("2026-01-01T00:00:02Z");
    expect(expiryAfter(new Date("2026-12-31T23:59:59.500Z"), 0)).toBe("2027-01-01T00:00:00Z");
  });

  it("shows expires_at, keeping only the token sensitive", () => {
    const { schema } = timedTokenResource();
    const sensitive = (name: keyof typeof schema) =>
      (schema[name].options as { readonly sensitive?: boolean }).sensitive === true;
    expect(sensitive("token")).toBe(true);
    expect(sensitive("expires_at")).toBe(false);
    expect(sensitive("id")).toBe(false);
  });

  it("issues a new token when the lifetime or name changes", async () => {
    const kit = kitAt(() => START);
    const applied = await kit.apply(TYPE, await kit.plan(TYPE, { prior: null, config: { name: "t" } }));
    const plan = await kit.plan(TYPE, {
      prior: applied.state!,
      config: { name: "t", lifetime: "2h" },
      private: applied.private,
    });
    expect(plan.requiresReplace).toEqual([[{ attribute: "lifetime" }]]);
  });

  it("refuses a lifetime that is not a positive duration, naming it", async () => {
    const kit = kitAt(() => START);
    for (const lifetime of ["0s", "1d", "", "9000h"]) {
      const result = await kit.validate(TYPE, { name: "t", lifetime });
      expect(result.diagnostics).toEqual([
        expect.objectContaining({ severity: "error", path: [{ attribute: "lifetime" }] }),
      ]);
    }
    expect((await kit.validate(TYPE, { name: " " })).diagnostics).toEqual([
      expect.objectContaining({ path: [{ attribute: "name" }] }),
    ]);
    expect(parseLifetime("1h30m")).toBe(5_400_000);
  });

  it("refuses to issue a token without a secret for private state, before anything is made", async () => {
    const kit = testProvider(
      defineProvider({ name: "tsvider", version: "0.0.0", resources: [timedTokenResource()] }),
      {
        env: {},
      },
    );
    const plan = await kit.plan(TYPE, { prior: null, config: { name: "t" } });
    expect(plan.diagnostics).toEqual([
      expect.objectContaining({
        severity: "error",
        detail: expect.stringContaining("TSVIDER_PRIVATE_STATE_SECRET"),
      }),
    ]);
  });

  it("lives through create and destroy as tofu drives it", async () => {
    const life = await kitAt(() => new Date()).lifecycle(TYPE, {
      create: { name: "a" },
      update: { name: "b" },
    });
    expect(life.replaced).toEqual([true]);
  });

  it("takes another provider's prefix", () => {
    expect(timedTokenResource({ typeName: "mycloud_token" }).typeName).toBe("mycloud_token");
  });
});
