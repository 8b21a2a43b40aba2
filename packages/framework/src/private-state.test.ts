import type * as cty from "@tsvider/cty";
import type * as pb from "@tsvider/rpcplugin/tfplugin6";
import { Diagnostic_Severity } from "@tsvider/rpcplugin/tfplugin6";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { Diagnostics, FrameworkConfigurationError } from "./diagnostics.js";
import { dv, fromDv, startTestServer } from "./internal/test-server.test-support.js";
import {
  discardUnreadableVariable,
  PrivateSlot,
  PrivateStateCodec,
  PrivateStateError,
  previousSecretsVariable,
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
    expect(codec.open("x_thing", new Uint8Array(0))).toEqual({
      value: null,
      bytes: new Uint8Array(0),
      reseal: false,
    });
    // A type that keeps sealed data seals null too: an envelope that opens to null.
    const none = codec.seal("x_thing", null, { keepsSealed: true });
    expect(Buffer.from(none).subarray(0, 4).toString("latin1")).toBe("tsv1");
    expect(codec.open("x_thing", none, { keepsSealed: true, exists: true })).toEqual({
      value: null,
      bytes: none,
      reseal: false,
    });
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

  const failure = (typeName: string, bytes: Uint8Array, opener = codec, rule = {}) => {
    try {
      opener.open(typeName, bytes, rule);
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
    expect(rotated.open("x_thing", old.seal("x_thing", { v: 1 }))).toMatchObject({
      value: { v: 1 },
      reseal: true,
    });
    expect(rotated.open("x_thing", rotated.seal("x_thing", { v: 1 })).reseal).toBe(false);
    expect(() => old.open("x_thing", rotated.seal("x_thing", { v: 2 }))).toThrow(PrivateStateError);
  });

  it("takes previous secrets from the environment, which open but never seal", () => {
    const a = "secret A long enough to use";
    const b = "secret B long enough to use";
    const sealedWithA = new PrivateStateCodec([a]).seal("x_thing", { v: 1 });
    const rotated = PrivateStateCodec.fromEnvironment(undefined, {
      [privateStateSecretVariable]: b,
      [previousSecretsVariable]: ` another previous secret of length ,\n${a}\n`,
    });
    expect(rotated.open("x_thing", sealedWithA)).toMatchObject({ value: { v: 1 }, reseal: true });
    // Sealed with B, which A alone cannot open.
    const resealed = rotated.seal("x_thing", { v: 1 });
    expect(() => new PrivateStateCodec([a]).open("x_thing", resealed)).toThrow(PrivateStateError);
    expect(new PrivateStateCodec([b]).open("x_thing", resealed).value).toEqual({ v: 1 });
    // Previous secrets alone open, and say why nothing can be sealed.
    const onlyPrevious = PrivateStateCodec.fromEnvironment(undefined, { [previousSecretsVariable]: a });
    expect(onlyPrevious.open("x_thing", sealedWithA).value).toEqual({ v: 1 });
    expect(onlyPrevious.cannotSeal("x_thing")?.detail).toContain(
      `${previousSecretsVariable} is set, but previous secrets only read`,
    );
    // A previous secret too short is reported like a current one.
    const short = PrivateStateCodec.fromEnvironment(b, { [previousSecretsVariable]: "short" });
    expect(short.cannotSeal("x_thing")?.message).toBe("The private state secret is too short");
  });

  it("names the previous-secrets variable when a blob does not authenticate", () => {
    const err = failure(
      "x_thing",
      new PrivateStateCodec(["another secret of enough length"]).seal("x_thing", {}),
    );
    expect(err.detail).toContain(`set the old one in ${previousSecretsVariable}`);
  });

  it("seals a slot again when its data was opened with a previous secret, or not sealed yet", () => {
    const a = "secret A, long enough to use";
    const b = "secret B, long enough to use";
    const rotated = new PrivateStateCodec([b], { previous: [a] });
    const diagnostics = new Diagnostics();
    const old = new PrivateStateCodec([a]).seal("x_thing", { v: 1 });
    const slot = new PrivateSlot("x_thing", rotated.open("x_thing", old), { keepsSealed: true });
    const again = slot.bytes(rotated, diagnostics)!;
    expect(Buffer.from(again).equals(Buffer.from(old))).toBe(false);
    expect(new PrivateStateCodec([b]).open("x_thing", again).value).toEqual({ v: 1 });
    // Current: the bytes as they came.
    const current = new PrivateSlot("x_thing", rotated.open("x_thing", again), { keepsSealed: true });
    expect(current.bytes(rotated, diagnostics)).toBe(again);
    // Not sealed yet (a create, migration, discarded): an envelope of null.
    const fresh = new PrivateSlot(
      "x_thing",
      { value: null, bytes: new Uint8Array(0) },
      { keepsSealed: true },
    );
    expect(rotated.open("x_thing", fresh.bytes(rotated, diagnostics)!).value).toBeNull();
    // A type that keeps no data: nothing to seal.
    const plain = new PrivateSlot("x_thing", { value: null, bytes: new Uint8Array(0) });
    expect(plain.bytes(rotated, diagnostics)).toHaveLength(0);
    // setPrivate(null) on a type that keeps sealed data: still an envelope.
    const cleared = new PrivateSlot("x_thing", rotated.open("x_thing", again), { keepsSealed: true });
    cleared.access().setPrivate(null);
    expect(rotated.open("x_thing", cleared.bytes(rotated, diagnostics)!).value).toBeNull();
    // With only previous secrets, nothing to seal with: the bytes stay, and no error.
    const readOnly = new PrivateStateCodec([], { previous: [a] });
    const stale = new PrivateSlot("x_thing", readOnly.open("x_thing", old), { keepsSealed: true });
    expect(stale.bytes(readOnly, diagnostics)).toBe(old);
    expect(diagnostics.items).toEqual([]);
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

  it("refuses JSON another SDK stored, or put in place of sealed data, unless unsealed data is accepted", () => {
    for (const json of ['{"schema_version":"1"}', "{}", ' {"e2bfb730":{"create":1}}']) {
      const foreign = Buffer.from(json);
      for (const rule of [{}, { keepsSealed: true }, { keepsSealed: true, exists: true }]) {
        const err = failure("x_thing", foreign, codec, rule);
        expect(err.message).toBe("Unreadable private state for x_thing");
        expect(err.detail).toContain("It is plain JSON, not sealed private data");
        expect(err.detail).toContain("privateState({ acceptUnsealed: true }) on x_thing");
        expect(err.detail).toContain(`set ${discardUnreadableVariable}=1 for one run`);
      }
      // Accepted (migration, or a type that keeps no data): none, and dropped.
      expect(codec.open("x_thing", foreign, { acceptUnsealed: true })).toEqual({
        value: null,
        bytes: new Uint8Array(0),
        reseal: false,
      });
      // For a type that keeps sealed data, to be sealed at the next write.
      expect(
        codec.open("x_thing", foreign, { acceptUnsealed: true, keepsSealed: true, exists: true }),
      ).toEqual({
        value: null,
        bytes: new Uint8Array(0),
        reseal: true,
      });
    }
  });

  it("refuses missing or empty bytes where the object exists and its type keeps sealed data", () => {
    const existing = { keepsSealed: true, exists: true };
    const err = failure("x_thing", new Uint8Array(0), codec, existing);
    expect(err.message).toBe("Unreadable private state for x_thing");
    expect(err.detail).toMatch(/It is missing: every x_thing object carries sealed private data/);
    expect(err.detail).toContain(`set ${discardUnreadableVariable}=1 for one run`);
    // A create's prior bytes are empty; a type that keeps no data has none; migration accepts it.
    expect(codec.open("x_thing", new Uint8Array(0), { keepsSealed: true, exists: false }).reseal).toBe(true);
    expect(codec.open("x_thing", new Uint8Array(0), { exists: true }).reseal).toBe(false);
    expect(codec.open("x_thing", new Uint8Array(0), { ...existing, acceptUnsealed: true })).toEqual({
      value: null,
      bytes: new Uint8Array(0),
      reseal: true,
    });
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
    expect(lenient.openReporting("x_thing", tampered, warned, { keepsSealed: true })).toEqual({
      value: null,
      bytes: new Uint8Array(0),
      reseal: true,
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

describe("private state that cannot be downgraded, over the wire", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer(provider, { env: { [privateStateSecretVariable]: secret } });
  });
  afterAll(async () => server.close());
  const state = { name: "d", body: "x" };
  const summaries = (res: { diagnostics: pb.Diagnostic[] }) => errors(res).map((d) => d.summary);

  it.each([
    ["JSON", Buffer.from("{}"), /It is plain JSON, not sealed private data/],
    ["another SDK's JSON", Buffer.from('{"schema_version":"1"}'), /It is plain JSON/],
    ["empty bytes", Buffer.alloc(0), /It is missing/],
  ])("refuses %s in place of sealed data on refresh, keeping the state and bytes", async (_, bytes, why) => {
    remote.set("d", { body: "x", etag: 1 });
    seen.length = 0;
    const res = await server.call<pb.ReadResource_Response>("readResource", {
      typeName: "test_tagged",
      currentState: dv(state, T),
      private: bytes,
    });
    expect(summaries(res)).toEqual(["Unreadable private state for test_tagged"]);
    expect(errors(res)[0]!.detail).toMatch(why);
    expect(errors(res)[0]!.detail).toContain(discardUnreadableVariable);
    expect(fromDv(res.newState, T)).toEqual(state);
    expect(res.private.equals(bytes)).toBe(true);
    expect(seen).toEqual([]); // read never ran on forged data
  });

  it("refuses JSON in place of sealed data in a plan and an apply", async () => {
    const forged = Buffer.from("{}");
    const planned = await server.call<pb.PlanResourceChange_Response>("planResourceChange", {
      typeName: "test_tagged",
      priorState: dv(state, T),
      proposedNewState: dv({ ...state, body: "y" }, T),
      config: dv({ ...state, body: "y" }, T),
      priorPrivate: forged,
    });
    expect(summaries(planned)).toEqual(["Unreadable private state for test_tagged"]);
    const applied = await server.call<pb.ApplyResourceChange_Response>("applyResourceChange", {
      typeName: "test_tagged",
      priorState: dv(state, T),
      plannedState: dv({ ...state, body: "y" }, T),
      config: dv({ ...state, body: "y" }, T),
      plannedPrivate: forged,
    });
    expect(summaries(applied)).toEqual(["Unreadable private state for test_tagged"]);
    expect(fromDv(applied.newState, T)).toEqual(state);
  });

  it("gives a create an envelope even when the handler sets nothing, so a later refresh needs one", async () => {
    const plain = defineResource({
      typeName: "test_quiet",
      schema: { name: attr.string({ required: true, requiresReplace: true }) },
      privateState: privateState<{ n: number }>(),
      create: async ({ plan }) => plan,
      read: async ({ state }) => state,
      delete: async () => {},
    });
    const quiet = await startTestServer(
      defineProvider({ name: "test", version: "1.0.0", resources: [plain] }),
      {
        env: { [privateStateSecretVariable]: secret },
      },
    );
    try {
      const Q = plain.valueType;
      const config = { name: "q" };
      const planned = await quiet.call<pb.PlanResourceChange_Response>("planResourceChange", {
        typeName: "test_quiet",
        priorState: dv(null, Q),
        proposedNewState: dv(config, Q),
        config: dv(config, Q),
      });
      expect(planned.plannedPrivate.subarray(0, 4).toString("latin1")).toBe("tsv1");
      const created = await quiet.call<pb.ApplyResourceChange_Response>("applyResourceChange", {
        typeName: "test_quiet",
        priorState: dv(null, Q),
        plannedState: dv(config, Q),
        config: dv(config, Q),
        plannedPrivate: planned.plannedPrivate,
      });
      expect(errors(created)).toEqual([]);
      expect(codec.open("test_quiet", created.private, { keepsSealed: true, exists: true }).value).toBeNull();
      const read = await quiet.call<pb.ReadResource_Response>("readResource", {
        typeName: "test_quiet",
        currentState: dv(config, Q),
        private: created.private,
      });
      expect(errors(read)).toEqual([]);
      expect(read.private.equals(created.private)).toBe(true);
    } finally {
      await quiet.close();
    }
  });

  it("with the discard switch, goes on without forged data and seals the object again", async () => {
    const lenient = await startTestServer(provider, {
      env: { [privateStateSecretVariable]: secret, [discardUnreadableVariable]: "1" },
    });
    try {
      remote.set("d", { body: "x", etag: 3 });
      const res = await lenient.call<pb.ReadResource_Response>("readResource", {
        typeName: "test_tagged",
        currentState: dv(state, T),
        private: Buffer.from("{}"),
      });
      expect(res.diagnostics.map((d) => d.summary)).toEqual(["Discarded the private state of test_tagged"]);
      // read saw no etag and set the remote one; the answer is sealed.
      expect(codec.open("test_tagged", res.private).value).toEqual({ etag: 3 });
    } finally {
      await lenient.close();
    }
  });

  it("reads data sealed with a previous secret and answers it sealed with the current one", async () => {
    const oldSecret = "the secret before the rotation";
    const rotated = await startTestServer(provider, {
      env: { [privateStateSecretVariable]: secret, [previousSecretsVariable]: oldSecret },
    });
    try {
      remote.set("r", { body: "x", etag: 5 });
      const old = Buffer.from(new PrivateStateCodec([oldSecret]).seal("test_tagged", { etag: 5 }));
      seen.length = 0;
      const read = await rotated.call<pb.ReadResource_Response>("readResource", {
        typeName: "test_tagged",
        currentState: dv({ name: "r", body: "x" }, T),
        private: old,
      });
      expect(errors(read)).toEqual([]);
      expect(seen).toEqual([{ op: "read", private: { etag: 5 } }]);
      expect(codec.open("test_tagged", read.private).value).toEqual({ etag: 5 });
      // A plan seals it again too, so an apply after a plan made before a refresh has it.
      const planned = await rotated.call<pb.PlanResourceChange_Response>("planResourceChange", {
        typeName: "test_tagged",
        priorState: dv({ name: "r", body: "x" }, T),
        proposedNewState: dv({ name: "r", body: "x" }, T),
        config: dv({ name: "r", body: "x" }, T),
        priorPrivate: old,
      });
      expect(codec.open("test_tagged", planned.plannedPrivate).value).toEqual({ etag: 5 });
    } finally {
      await rotated.close();
    }
  });

  it("accepts unsealed data where the author opts in (migration), and seals it at the next write", async () => {
    const migrated = defineResource({
      typeName: "test_migrated",
      schema: { name: attr.string({ required: true, requiresReplace: true }) },
      privateState: privateState<{ etag: string }>({ acceptUnsealed: true }),
      create: async ({ plan }) => plan,
      read: async ({ state, private: stored }) => {
        seen.push({ op: "read", private: stored });
        return state;
      },
      delete: async () => {},
    });
    const s = await startTestServer(
      defineProvider({ name: "test", version: "1.0.0", resources: [migrated] }),
      {
        env: { [privateStateSecretVariable]: secret },
      },
    );
    try {
      const M = migrated.valueType;
      for (const bytes of [Buffer.from('{"schema_version":"1"}'), Buffer.alloc(0)]) {
        seen.length = 0;
        const read = await s.call<pb.ReadResource_Response>("readResource", {
          typeName: "test_migrated",
          currentState: dv({ name: "m" }, M),
          private: bytes,
        });
        expect(errors(read)).toEqual([]);
        expect(seen).toEqual([{ op: "read", private: null }]);
        // Sealed from now on: a downgrade of this object is refused like any other.
        expect(read.private.subarray(0, 4).toString("latin1")).toBe("tsv1");
        expect(codec.open("test_migrated", read.private).value).toBeNull();
      }
      // Garbage that is no JSON is still refused.
      const garbage = await s.call<pb.ReadResource_Response>("readResource", {
        typeName: "test_migrated",
        currentState: dv({ name: "m" }, M),
        private: Buffer.from("not json"),
      });
      expect(summaries(garbage)).toEqual(["Unreadable private state for test_migrated"]);
    } finally {
      await s.close();
    }
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

  it("refuses to apply a create planned with a secret once the secret is gone, before anything is made", async () => {
    const config = { name: "n2", body: "x" };
    // The envelope a plan with the secret gives a create (see planPrivate).
    const plannedPrivate = Buffer.from(codec.seal("test_tagged", null, { keepsSealed: true }));
    const res = await server.call<pb.ApplyResourceChange_Response>("applyResourceChange", {
      typeName: "test_tagged",
      priorState: dv(null, T),
      plannedState: dv(config, T),
      config: dv(config, T),
      plannedPrivate,
    });
    expect(errors(res).map((d) => d.summary)).toEqual([
      "No secret to decrypt the private state of test_tagged",
    ]);
    expect(fromDv(res.newState, T)).toBeNull();
    expect(remote.has("n2")).toBe(false);
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
