import type * as cty from "@tsvider/cty";
import type * as pb from "@tsvider/rpcplugin/tfplugin6";
import { Diagnostic_Severity } from "@tsvider/rpcplugin/tfplugin6";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { Diagnostics, FrameworkConfigurationError } from "./diagnostics.js";
import { dv, fromDv, startTestServer } from "./internal/test-server.js";
import {
  discardUnreadableVariable,
  PrivateStateCodec,
  PrivateStateError,
  privateState,
  privateStateSecretVariable,
} from "./private-state.js";
import { defineProvider } from "./provider.js";
import { defineResource } from "./resource.js";
import { attr } from "./schema/attributes.js";

const secret = "correct horse battery staple";
const codec = new PrivateStateCodec([secret]);

describe("PrivateStateCodec", () => {
  it("round-trips JSON data, and empty bytes mean none", () => {
    const sealed = codec.seal("x_thing", { etag: "abc", n: [1, true, null] });
    expect(codec.open("x_thing", sealed).value).toEqual({ etag: "abc", n: [1, true, null] });
    expect(codec.seal("x_thing", null)).toHaveLength(0);
    expect(codec.open("x_thing", new Uint8Array(0))).toEqual({ value: null, bytes: new Uint8Array(0) });
  });

  it("writes a versioned envelope that hides the data, with a fresh salt and nonce each time", () => {
    const a = Buffer.from(codec.seal("x_thing", { etag: "visible?" }));
    const b = Buffer.from(codec.seal("x_thing", { etag: "visible?" }));
    expect(a.subarray(0, 4).toString("latin1")).toBe("tsv1");
    expect(a.toString("latin1")).not.toContain("visible?");
    expect(a.equals(b)).toBe(false);
    expect(a.subarray(4, 32).equals(b.subarray(4, 32))).toBe(false); // salt and nonce
    // 4 magic + 16 salt + 12 nonce + ciphertext + 16 tag
    expect(a.length).toBe(4 + 16 + 12 + JSON.stringify({ etag: "visible?" }).length + 16);
  });

  const failure = (typeName: string, bytes: Uint8Array, opener = codec) => {
    try {
      opener.open(typeName, bytes);
    } catch (err) {
      expect(err).toBeInstanceOf(PrivateStateError);
      return err as PrivateStateError;
    }
    throw new Error("expected open to fail");
  };

  it("refuses a blob moved to another resource type", () => {
    const err = failure("x_other", codec.seal("x_thing", { etag: "a" }));
    expect(err.message).toBe("Unreadable private state for x_other");
    expect(err.detail).toMatch(/written for another resource type/);
    expect(err.detail).toContain(discardUnreadableVariable);
  });

  it("refuses a tampered blob, wherever the change is", () => {
    const sealed = Buffer.from(codec.seal("x_thing", { etag: "a" }));
    for (const at of [3, 10, 30, sealed.length - 20, sealed.length - 1]) {
      const tampered = Buffer.from(sealed);
      tampered[at]! ^= 1;
      const err = failure("x_thing", tampered);
      expect(err.message).toBe("Unreadable private state for x_thing");
    }
  });

  it("refuses a blob sealed with another secret, and says how to fix it", () => {
    const other = new PrivateStateCodec(["another secret of enough length"]);
    const err = failure("x_thing", other.seal("x_thing", { etag: "a" }));
    expect(err.detail).toMatch(/sealed with a different secret/);
    expect(err.detail).toContain(privateStateSecretVariable);
  });

  it("opens with any of several secrets, and seals with the first (rotation)", () => {
    const old = new PrivateStateCodec(["the old secret, long enough"]);
    const rotated = new PrivateStateCodec(["the new secret, long enough", "the old secret, long enough"]);
    expect(rotated.open("x_thing", old.seal("x_thing", { v: 1 })).value).toEqual({ v: 1 });
    expect(() => old.open("x_thing", rotated.seal("x_thing", { v: 2 }))).toThrow(PrivateStateError);
  });

  it("refuses truncated blobs, unknown versions and garbage", () => {
    const sealed = Buffer.from(codec.seal("x_thing", { etag: "a" }));
    expect(failure("x_thing", sealed.subarray(0, 40)).detail).toMatch(/truncated: 40 bytes/);
    expect(failure("x_thing", sealed.subarray(0, sealed.length - 1)).message).toMatch(/Unreadable/);
    const v2 = Buffer.from(sealed);
    v2.write("tsv2", 0, "latin1");
    expect(failure("x_thing", v2).detail).toMatch(
      /private state format 2, which this version of tsvider does not know/,
    );
    expect(failure("x_thing", Buffer.from("tsvX")).detail).toMatch(/header is damaged/);
    expect(failure("x_thing", Buffer.from([0, 1, 2, 3])).detail).toMatch(/not private data tsvider wrote/);
  });

  it("reads JSON another SDK stored as none, and drops it", () => {
    const legacy = Buffer.from('{"schema_version":"1"}');
    expect(codec.open("x_thing", legacy)).toEqual({ value: null, bytes: new Uint8Array(0) });
  });

  it("without a secret, refuses to seal or open, saying what to set", () => {
    const none = new PrivateStateCodec([]);
    expect(none.cannotSeal("x_thing")?.detail).toContain(privateStateSecretVariable);
    expect(() => none.seal("x_thing", { a: 1 })).toThrow("No secret to encrypt the private state of x_thing");
    expect(none.seal("x_thing", null)).toHaveLength(0);
    expect(failure("x_thing", codec.seal("x_thing", { a: 1 }), none).message).toBe(
      "No secret to decrypt the private state of x_thing",
    );
  });

  it("refuses a secret that is too short at its first use", () => {
    const short = PrivateStateCodec.fromEnvironment(undefined, { [privateStateSecretVariable]: "short" });
    expect(short.cannotSeal("x_thing")?.message).toBe("The private state secret is too short");
    expect(() => short.seal("x_thing", { a: 1 })).toThrow(/too short/);
    expect(() => defineProvider({ name: "x", version: "1.0.0", privateStateSecret: "short" })).toThrowError(
      FrameworkConfigurationError,
    );
  });

  it("takes the environment's secret first, the provider's after", () => {
    const fromCode = new PrivateStateCodec(["the provider's own secret"]);
    const both = PrivateStateCodec.fromEnvironment("the provider's own secret", {
      [privateStateSecretVariable]: secret,
    });
    // Seals with the environment's, still opens what the provider's secret sealed.
    expect(codec.open("x_thing", both.seal("x_thing", { a: 1 })).value).toEqual({ a: 1 });
    expect(both.open("x_thing", fromCode.seal("x_thing", { a: 2 })).value).toEqual({ a: 2 });
  });

  it("refuses data JSON would change, naming where it is", () => {
    const bad = (value: unknown) => () => codec.seal("x_thing", value as object);
    expect(bad({ a: { b: 1n } })).toThrow("Private state of x_thing cannot hold a bigint");
    expect(bad({ when: new Date(0) })).toThrow(/cannot hold a Date object/);
    expect(bad({ list: [1, undefined] })).toThrow(/undefined/);
    expect(bad({ n: Number.NaN })).toThrow(/cannot hold NaN/);
    try {
      bad({ a: { b: [0, () => 1] } })();
    } catch (err) {
      expect((err as PrivateStateError).detail).toContain('"a.b[1]"');
    }
  });

  it("reports an unreadable blob as an error, or with the discard switch as a warning and no data", () => {
    const tampered = Buffer.from(codec.seal("x_thing", { a: 1 }));
    tampered[40]! ^= 1;
    const strict = new Diagnostics();
    expect(codec.openReporting("x_thing", tampered, strict)).toBeUndefined();
    expect(strict.items.map((d) => d.severity)).toEqual(["error"]);
    const lenient = PrivateStateCodec.fromEnvironment(secret, { [discardUnreadableVariable]: "1" });
    const warned = new Diagnostics();
    expect(lenient.openReporting("x_thing", tampered, warned)).toEqual({
      value: null,
      bytes: new Uint8Array(0),
    });
    expect(warned.items.map((d) => [d.severity, d.summary])).toEqual([
      ["warning", "Discarded the private state of x_thing"],
    ]);
  });
});

// A resource that keeps the remote object's etag as private data, over the wire.
const remote = new Map<string, { body: string; etag: number }>();
const seen: { op: string; private: unknown }[] = [];
const tagged = defineResource({
  typeName: "test_tagged",
  schema: {
    name: attr.string({ required: true, requiresReplace: true }),
    body: attr.string({ required: true }),
  },
  privateState: privateState<{ etag: number }>(),
  async create({ plan, setPrivate, private: stored }) {
    seen.push({ op: "create", private: stored });
    remote.set(plan.name, { body: plan.body, etag: 1 });
    setPrivate({ etag: 1 });
    return plan;
  },
  async read({ state, private: stored, setPrivate }) {
    seen.push({ op: "read", private: stored });
    const object = remote.get(state.name);
    if (!object) return null;
    if (object.etag !== stored?.etag) setPrivate({ etag: object.etag });
    return { ...state, body: object.body };
  },
  async update({ plan, private: stored, setPrivate }) {
    seen.push({ op: "update", private: stored });
    const object = remote.get(plan.name)!;
    if (object.etag !== stored?.etag) throw new Error(`etag mismatch: ${object.etag} vs ${stored?.etag}`);
    object.body = plan.body;
    object.etag += 1;
    setPrivate({ etag: object.etag });
    return plan;
  },
  async delete({ state, private: stored }) {
    seen.push({ op: "delete", private: stored });
    remote.delete(state.name);
  },
  async importState({ id, setPrivate }) {
    setPrivate({ etag: remote.get(id)?.etag ?? 0 });
    return { name: id };
  },
});
const T = tagged.valueType;
const provider = defineProvider({ name: "test", version: "1.0.0", resources: [tagged] });
const errors = (res: { diagnostics: pb.Diagnostic[] }) =>
  res.diagnostics.filter((d) => d.severity === Diagnostic_Severity.ERROR);

describe("private state over the wire", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer(provider, { env: { [privateStateSecretVariable]: secret } });
  });
  afterAll(async () => server.close());

  const plan = (prior: cty.CtyValue, config: cty.CtyValue, priorPrivate: Buffer = Buffer.alloc(0)) =>
    server.call<pb.PlanResourceChange_Response>("planResourceChange", {
      typeName: "test_tagged",
      priorState: dv(prior, T),
      proposedNewState: dv(config, T),
      config: dv(config, T),
      priorPrivate,
    });
  const apply = (prior: cty.CtyValue, planned: cty.CtyValue, plannedPrivate: Buffer) =>
    server.call<pb.ApplyResourceChange_Response>("applyResourceChange", {
      typeName: "test_tagged",
      priorState: dv(prior, T),
      plannedState: dv(planned, T),
      config: dv(planned, T),
      plannedPrivate,
    });
  const read = (state: cty.CtyValue, stored: Buffer) =>
    server.call<pb.ReadResource_Response>("readResource", {
      typeName: "test_tagged",
      currentState: dv(state, T),
      private: stored,
    });

  it("carries private data through create, read, plan, update and delete, encrypted", async () => {
    seen.length = 0;
    const v1 = { name: "a", body: "one" };
    const created = await apply(null, v1, (await plan(null, v1)).plannedPrivate);
    expect(errors(created)).toEqual([]);
    expect(created.private.subarray(0, 4).toString("latin1")).toBe("tsv1");
    expect(created.private.toString("latin1")).not.toContain("etag");

    // Refresh: nothing changed, so the bytes come back untouched.
    const refreshed = await read(v1, created.private);
    expect(refreshed.private.equals(created.private)).toBe(true);

    // Plan: prior_private goes on as planned_private.
    const v2 = { name: "a", body: "two" };
    const planned = await plan(v1, v2, refreshed.private);
    expect(errors(planned)).toEqual([]);
    expect(planned.plannedPrivate.equals(created.private)).toBe(true);

    const updated = await apply(v1, v2, planned.plannedPrivate);
    expect(errors(updated)).toEqual([]);
    expect(fromDv(updated.newState, T)).toEqual(v2);

    // Changed remotely: read stores the new etag.
    remote.get("a")!.etag = 7;
    const drifted = await read(v2, updated.private);
    expect(drifted.private.equals(updated.private)).toBe(false);

    const destroyPlan = await server.call<pb.PlanResourceChange_Response>("planResourceChange", {
      typeName: "test_tagged",
      priorState: dv(v2, T),
      proposedNewState: dv(null, T),
      config: dv(null, T),
      priorPrivate: drifted.private,
    });
    expect(fromDv(destroyPlan.plannedState, T)).toBeNull();
    expect(destroyPlan.plannedPrivate.equals(drifted.private)).toBe(true);
    const deleted = await apply(v2, null, destroyPlan.plannedPrivate);
    expect(errors(deleted)).toEqual([]);
    expect(deleted.private).toHaveLength(0);

    expect(seen).toEqual([
      { op: "create", private: null },
      { op: "read", private: { etag: 1 } },
      { op: "update", private: { etag: 1 } },
      { op: "read", private: { etag: 2 } },
      { op: "delete", private: { etag: 7 } },
    ]);
  });

  it("imports with the private data importState sets, which read then sees", async () => {
    remote.set("imp", { body: "there", etag: 4 });
    const res = await server.call<pb.ImportResourceState_Response>("importResourceState", {
      typeName: "test_tagged",
      id: "imp",
    });
    const imported = res.importedResources[0]!;
    expect(imported.private.subarray(0, 4).toString("latin1")).toBe("tsv1");
    seen.length = 0;
    const refreshed = await read({ name: "imp", body: null }, imported.private);
    expect(fromDv(refreshed.newState, T)).toEqual({ name: "imp", body: "there" });
    expect(seen).toEqual([{ op: "read", private: { etag: 4 } }]);
  });

  it("answers a tampered blob with an error naming the resource, and loses nothing", async () => {
    remote.set("t", { body: "x", etag: 1 });
    const state = { name: "t", body: "x" };
    const good = Buffer.from(codec.seal("test_tagged", { etag: 1 }));
    const tampered = Buffer.from(good);
    tampered[tampered.length - 1]! ^= 1;

    const refreshed = await read(state, tampered);
    expect(errors(refreshed).map((d) => d.summary)).toEqual(["Unreadable private state for test_tagged"]);
    expect(fromDv(refreshed.newState, T)).toEqual(state);
    expect(refreshed.private.equals(tampered)).toBe(true);

    const planned = await plan(state, { ...state, body: "y" }, tampered);
    expect(errors(planned).map((d) => d.summary)).toEqual(["Unreadable private state for test_tagged"]);

    const applied = await apply(state, { ...state, body: "y" }, tampered);
    expect(errors(applied)).toHaveLength(1);
    expect(fromDv(applied.newState, T)).toEqual(state);
    expect(applied.private.equals(tampered)).toBe(true);
    expect(remote.get("t")!.body).toBe("x");
  });

  it("refuses a blob sealed for another resource type", async () => {
    const moved = Buffer.from(codec.seal("test_other", { etag: 1 }));
    const res = await read({ name: "t", body: "x" }, moved);
    expect(errors(res)[0]!.detail).toMatch(/written for another resource type/);
  });
});

describe("private state without a secret", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer(provider, { env: {} });
  });
  afterAll(async () => server.close());

  it("refuses to plan a create for a resource that keeps private data, before anything is made", async () => {
    const config = { name: "n", body: "x" };
    const res = await server.call<pb.PlanResourceChange_Response>("planResourceChange", {
      typeName: "test_tagged",
      priorState: dv(null, T),
      proposedNewState: dv(config, T),
      config: dv(config, T),
    });
    expect(errors(res).map((d) => d.summary)).toEqual([
      "No secret to encrypt the private state of test_tagged",
    ]);
    expect(errors(res)[0]!.detail).toContain(privateStateSecretVariable);
  });

  it("keeps the new object's state when its private data cannot be sealed", async () => {
    const config = { name: "n2", body: "x" };
    const res = await server.call<pb.ApplyResourceChange_Response>("applyResourceChange", {
      typeName: "test_tagged",
      priorState: dv(null, T),
      plannedState: dv(config, T),
      config: dv(config, T),
    });
    expect(errors(res).map((d) => d.summary)).toEqual([
      "No secret to encrypt the private state of test_tagged",
    ]);
    expect(fromDv(res.newState, T)).toEqual(config);
    expect(remote.has("n2")).toBe(true);
  });

  it("can destroy with the discard switch when the secret is lost", async () => {
    remote.set("lost", { body: "x", etag: 1 });
    const sealed = Buffer.from(codec.seal("test_tagged", { etag: 1 }));
    const strict = await server.call<pb.ApplyResourceChange_Response>("applyResourceChange", {
      typeName: "test_tagged",
      priorState: dv({ name: "lost", body: "x" }, T),
      plannedState: dv(null, T),
      config: dv(null, T),
      plannedPrivate: sealed,
    });
    expect(errors(strict)[0]!.summary).toBe("No secret to decrypt the private state of test_tagged");
    expect(remote.has("lost")).toBe(true);

    const lenient = await startTestServer(provider, { env: { [discardUnreadableVariable]: "true" } });
    try {
      const res = await lenient.call<pb.ApplyResourceChange_Response>("applyResourceChange", {
        typeName: "test_tagged",
        priorState: dv({ name: "lost", body: "x" }, T),
        plannedState: dv(null, T),
        config: dv(null, T),
        plannedPrivate: sealed,
      });
      expect(errors(res)).toEqual([]);
      expect(res.diagnostics.map((d) => d.summary)).toEqual(["Discarded the private state of test_tagged"]);
      expect(remote.has("lost")).toBe(false);
    } finally {
      await lenient.close();
    }
  });
});

describe("private state types", () => {
  it("types private and setPrivate from the resource's declaration", () => {
    defineResource({
      typeName: "x_typed",
      schema: { name: attr.string({ required: true, requiresReplace: true }) },
      privateState: privateState<{ etag: string; revision?: number }>(),
      async create(ctx) {
        expectTypeOf(ctx.private).toEqualTypeOf<{ etag: string; revision?: number } | null>();
        expectTypeOf(ctx.setPrivate).parameter(0).toEqualTypeOf<{ etag: string; revision?: number } | null>();
        // @ts-expect-error: etag is a string
        ctx.setPrivate({ etag: 1 });
        return ctx.plan;
      },
      async read(ctx) {
        expectTypeOf(ctx.private).toEqualTypeOf<{ etag: string; revision?: number } | null>();
        return ctx.state;
      },
      async delete(ctx) {
        expectTypeOf(ctx.private).toEqualTypeOf<{ etag: string; revision?: number } | null>();
      },
    });
  });

  it("leaves a resource that declares none with no private data to set", () => {
    defineResource({
      typeName: "x_plain",
      schema: { name: attr.string({ required: true, requiresReplace: true }) },
      async create(ctx) {
        expectTypeOf(ctx.private).toEqualTypeOf<null>();
        // @ts-expect-error: nothing declared, nothing to store
        ctx.setPrivate({ etag: "a" });
        return ctx.plan;
      },
      async read(ctx) {
        return ctx.state;
      },
      async delete() {},
    });
  });
});
