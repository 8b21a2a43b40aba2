// The rule resource RPCs read private bytes by, called directly: a type that declares
// privateState keeps an envelope with every object, so bytes that are no envelope for an object
// that exists are refused; a create, a destroy and migration are the cases that let them by.
import { describe, expect, it } from "vitest";
import { Diagnostics } from "../diagnostics.js";
import { PrivateStateCodec, previousSecretsVariable, privateState } from "../private-state.js";
import { defineResource } from "../resource.js";
import { attr } from "../schema/attributes.js";
import { errors, serverWith, testSecret } from "./core-fixture.test-support.js";
import { ProviderServer } from "./provider-server.js";
import { newPrivate, openPrivate, planPrivate, sealPrivate } from "./resource-private.js";

const base = {
  schema: { name: attr.string({ required: true, requiresReplace: true }) },
  create: async ({ plan }: { plan: object }) => plan as never,
  read: async ({ state }: { state: object }) => state as never,
  delete: async () => {},
};
const sealedType = defineResource({
  ...base,
  typeName: "test_sealed",
  privateState: privateState<{ n: number }>(),
});
const migrating = defineResource({
  ...base,
  typeName: "test_migrating",
  privateState: privateState<{ n: number }>({ acceptUnsealed: true }),
});
const plain = defineResource({ ...base, typeName: "test_plain" });
const server = serverWith({ resources: [sealedType, migrating, plain] });
/** As the core finds them by type name, the way the RPC modules call these functions. */
const sealedCore = server.resource("test_sealed")!;
const migratingCore = server.resource("test_migrating")!;
const plainCore = server.resource("test_plain")!;
const codec = new PrivateStateCodec([testSecret]);
const json = Buffer.from("{}");
const none = new Uint8Array(0);
const isEnvelope = (bytes: Uint8Array | undefined) =>
  bytes !== undefined && Buffer.from(bytes).subarray(0, 4).toString("latin1") === "tsv1";

describe("openPrivate", () => {
  it("refuses empty bytes for an object of a type that keeps sealed data, unless it is a create or a destroy", () => {
    const refused = new Diagnostics();
    expect(openPrivate(server, sealedCore, none, refused)).toBeUndefined();
    expect(errors(refused)).toEqual(["Unreadable private state for test_sealed"]);
    // Missing altogether (a request without the field) is the same.
    const missing = new Diagnostics();
    expect(openPrivate(server, sealedCore, undefined, missing)).toBeUndefined();
    expect(missing.items[0]?.detail).toContain("It is missing");
    for (const known of [{ exists: false }, { exists: true, destroying: true }]) {
      const diagnostics = new Diagnostics();
      expect(openPrivate(server, sealedCore, none, diagnostics, known)?.value).toBeNull();
      expect(diagnostics.items).toEqual([]);
    }
  });

  it("refuses JSON for a type that keeps sealed data, whatever the call", () => {
    for (const known of [{}, { exists: false }, { destroying: true }]) {
      const diagnostics = new Diagnostics();
      expect(openPrivate(server, sealedCore, json, diagnostics, known)).toBeUndefined();
      expect(diagnostics.items[0]?.detail).toContain("It is plain JSON");
    }
  });

  it("reads unsealed bytes as none for a migrating type and for a type that keeps no data", () => {
    for (const resource of [migratingCore, plainCore]) {
      for (const bytes of [none, json]) {
        const diagnostics = new Diagnostics();
        expect(openPrivate(server, resource, bytes, diagnostics)?.value).toBeNull();
        expect(diagnostics.items).toEqual([]);
      }
    }
  });
});

describe("planPrivate", () => {
  it("gives a create of a type that keeps sealed data an envelope of none", () => {
    const diagnostics = new Diagnostics();
    const planned = planPrivate(server, sealedCore, none, false, diagnostics, { exists: false });
    expect(diagnostics.items).toEqual([]);
    expect(isEnvelope(planned)).toBe(true);
    expect(codec.open("test_sealed", planned!).value).toBeNull();
    // Without `exists`, empty prior bytes are taken as a create's.
    expect(isEnvelope(planPrivate(server, sealedCore, none, false, new Diagnostics()))).toBe(true);
  });

  it("refuses empty prior bytes of an object that exists (a plan without a refresh)", () => {
    const diagnostics = new Diagnostics();
    expect(planPrivate(server, sealedCore, none, false, diagnostics, { exists: true })).toBeUndefined();
    expect(diagnostics.items[0]?.detail).toContain("It is missing");
  });

  it("plans a destroy of an object whose private data is missing, but not of one whose data is JSON", () => {
    const diagnostics = new Diagnostics();
    expect(planPrivate(server, sealedCore, none, true, diagnostics, { exists: true })).toBeDefined();
    expect(diagnostics.items).toEqual([]);
    const refused = new Diagnostics();
    expect(planPrivate(server, sealedCore, json, true, refused, { exists: true })).toBeUndefined();
    expect(errors(refused)).toEqual(["Unreadable private state for test_sealed"]);
  });

  it("seals data sealed with a previous secret again with the current one, and leaves current data as it is", () => {
    const previous = "the secret before the rotation";
    const old = new PrivateStateCodec([previous]).seal("test_sealed", { n: 1 });
    // The fixture's provider (whose secret seals), run with the old secret as a previous one.
    const withPrevious = new ProviderServer(server.provider, {
      env: { [previousSecretsVariable]: previous },
    });
    const diagnostics = new Diagnostics();
    const planned = planPrivate(withPrevious, sealedCore, old, false, diagnostics, { exists: true });
    expect(diagnostics.items).toEqual([]);
    expect(Buffer.from(planned!).equals(Buffer.from(old))).toBe(false);
    expect(codec.open("test_sealed", planned!).value).toEqual({ n: 1 });
    const again = planPrivate(withPrevious, sealedCore, planned, false, diagnostics, { exists: true });
    expect(again).toBe(planned);
  });
});

describe("newPrivate and sealPrivate", () => {
  it("seal none as an envelope for a type that keeps sealed data, and as no bytes for one that keeps none", () => {
    const diagnostics = new Diagnostics();
    expect(isEnvelope(newPrivate(sealedCore).bytes(server.privateState, diagnostics))).toBe(true);
    expect(newPrivate(plainCore).bytes(server.privateState, diagnostics)).toEqual(none);
    expect(isEnvelope(sealPrivate(server, sealedCore, null))).toBe(true);
    expect(sealPrivate(server, plainCore, null)).toEqual(none);
    expect(diagnostics.items).toEqual([]);
  });
});
