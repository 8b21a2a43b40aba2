// The core of MoveResourceState: choosing the mover, completing and checking what it returns,
// carrying private data across resource types, identity, and every way a move can fail
// without losing the source object.
import * as cty from "@tsvider/cty";
import { describe, expect, it } from "vitest";
import { identityAttr } from "../identity.js";
import { checkMovers, findMover } from "../move.js";
import { privateState } from "../private-state.js";
import { defineResource } from "../resource.js";
import { attr } from "../schema/attributes.js";
import { block } from "../schema/blocks.js";
import { errors, serverWith, testSecret } from "./core-fixture.test-support.js";
import { moveResourceState } from "./move-resource-state.js";
import { ProviderServer } from "./provider-server.js";

const seen: unknown[] = [];

const oldThing = defineResource({
  typeName: "test_old",
  schema: {
    name: attr.string({ required: true, requiresReplace: true }),
    size: attr.number({ optional: true, requiresReplace: true }),
  },
  privateState: privateState<{ etag: string }>(),
  async create({ plan }) {
    return plan;
  },
  async read({ state }) {
    return state;
  },
  async delete() {},
});

const thing = defineResource({
  typeName: "test_new",
  schema: {
    id: attr.string({ computed: true }),
    size_gb: attr.number({ required: true }),
    label: attr.string({ optional: true }),
    token: attr.string({ optional: true, writeOnly: true }),
    tag: block.list({ key: attr.string({ required: true }) }),
  },
  privateState: privateState<{ etag: string; movedFrom?: string }>(),
  identity: { schema: { id: identityAttr.string({ requiredForImport: true }) } },
  moveState: [
    {
      sourceTypeName: "test_old",
      sourceSchemaVersion: 0,
      move(ctx) {
        seen.push(ctx);
        if (ctx.sourceState.name === "explode") throw new Error("mover exploded");
        if (ctx.sourceState.name === "null") return null as never;
        if (ctx.sourceState.name === "wrong") return { id: "x", size_gb: "big" } as never;
        if (ctx.sourceState.name === "extra") return { id: "x", size_gb: 1, bogus: true } as never;
        if (ctx.sourceState.name === "unknown") return { id: cty.Unknown, size_gb: 1 } as never;
        if (ctx.sourceState.name === "secret") return { id: "x", size_gb: 1, token: "hunter22" } as never;
        if (ctx.sourceState.name === "relabel")
          ctx.setPrivate({ etag: "new", movedFrom: ctx.sourceTypeName });
        if (ctx.sourceState.name === "identity") ctx.setIdentity({ id: "n-1" });
        if (ctx.sourceState.name === "bad-identity") ctx.setIdentity({ id: 7 } as never);
        return { id: `n-${String(ctx.sourceState.name)}`, size_gb: ctx.sourceState.size as number };
      },
    },
    {
      sourceTypeName: "local_thing",
      sourceProviderAddress: "hashicorp/local",
      sourceSchemaVersion: [1, 2],
      move: ({ sourceState, sourcePrivateBytes, setPrivate }) => {
        setPrivate({ etag: Buffer.from(sourcePrivateBytes).toString("utf8") });
        return { id: String(sourceState.id), size_gb: 5, label: "from local" };
      },
    },
  ],
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

const noMoves = defineResource({
  typeName: "test_plain",
  schema: { name: attr.string({ required: true, requiresReplace: true }) },
  async create({ plan }) {
    return plan;
  },
  async read({ state }) {
    return state;
  },
  async delete() {},
});

const server = serverWith({ resources: [oldThing, thing, noMoves] });
const ours = "registry.opentofu.org/tsvider/test";
/** As the core finds them by type name, the way the adapters call it. */
const target = server.resource("test_new")!;
const plainTarget = server.resource("test_plain")!;

function move(
  state: string,
  source: { typeName?: string; providerAddress?: string; schemaVersion?: number } = {},
  extra: { sourcePrivate?: Uint8Array; sourceIdentity?: string; target?: typeof target } = {},
) {
  return moveResourceState(server, extra.target ?? target, {
    source: {
      typeName: source.typeName ?? "test_old",
      providerAddress: source.providerAddress ?? ours,
      schemaVersion: source.schemaVersion ?? 0,
    },
    sourceState: Buffer.from(state),
    sourcePrivate: extra.sourcePrivate,
    sourceIdentity: extra.sourceIdentity === undefined ? undefined : Buffer.from(extra.sourceIdentity),
    sourceIdentitySchemaVersion: 0,
  });
}

describe("moveResourceState", () => {
  it("hands the source's JSON to the matching mover, numbers exact, and completes what it returns", async () => {
    seen.length = 0;
    const result = await move('{"name":"a","size":123456789012345678901234567890}');
    expect(errors(result.diagnostics)).toEqual([]);
    expect(result.state).toEqual({
      id: "n-a",
      size_gb: 123456789012345678901234567890n,
      label: null,
      token: null,
      tag: [],
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      sourceState: { name: "a", size: 123456789012345678901234567890n },
      sourceTypeName: "test_old",
      sourceProviderAddress: ours,
      sourceSchemaVersion: 0,
      sourcePrivate: null,
      sourceIdentity: null,
      identity: null,
    });
    // test_new keeps sealed private data: none is an envelope of null.
    expect(server.privateState.open("test_new", result.private!).value).toBeNull();
    expect(result.identity).toBeUndefined();
  });

  it("carries private data this provider sealed for the source type over, sealed for the target", async () => {
    const sealed = server.privateState.seal("test_old", { etag: "e-1" });
    seen.length = 0;
    const result = await move('{"name":"b","size":1}', {}, { sourcePrivate: sealed });
    expect(errors(result.diagnostics)).toEqual([]);
    expect(seen[0]).toMatchObject({ sourcePrivate: { etag: "e-1" }, sourcePrivateBytes: sealed });
    expect(server.privateState.open("test_new", result.private!).value).toEqual({ etag: "e-1" });
    // Sealed anew: the source's blob is bound to the source type.
    expect(() => server.privateState.open("test_new", sealed)).toThrow(/Unreadable private state/);
  });

  it("stores what the mover sets as private data instead", async () => {
    const sealed = server.privateState.seal("test_old", { etag: "e-1" });
    const result = await move('{"name":"relabel","size":1}', {}, { sourcePrivate: sealed });
    expect(server.privateState.open("test_new", result.private!).value).toEqual({
      etag: "new",
      movedFrom: "test_old",
    });
  });

  it("gives another provider's private bytes as they are, and matches a host-less provider address", async () => {
    const result = await move(
      '{"id":"l-1"}',
      { typeName: "local_thing", providerAddress: "registry.terraform.io/hashicorp/local", schemaVersion: 2 },
      { sourcePrivate: Buffer.from('{"schema_version":"1"}') },
    );
    expect(errors(result.diagnostics)).toEqual([]);
    expect(result.state).toMatchObject({ id: "l-1", size_gb: 5, label: "from local" });
    expect(server.privateState.open("test_new", result.private!).value).toEqual({
      etag: '{"schema_version":"1"}',
    });
  });

  it("refuses a source no mover takes, naming it and what the resource accepts", async () => {
    for (const source of [
      { typeName: "test_other" },
      { typeName: "test_old", schemaVersion: 3 },
      { typeName: "local_thing", providerAddress: "registry.opentofu.org/someone/local", schemaVersion: 1 },
    ]) {
      const result = await move('{"name":"a"}', source);
      expect(result.state).toBeUndefined();
      const [error] = result.diagnostics.items;
      expect(error?.summary).toBe(`test_new cannot take over ${source.typeName} objects`);
      expect(error?.detail).toContain(`moves a ${source.typeName} object (provider `);
      expect(error?.detail).toContain(
        "test_new takes over objects of: test_old (any provider, schema version 0); local_thing (provider hashicorp/local, schema versions 1, 2).",
      );
      expect(error?.detail).toContain("Nothing was moved.");
    }
    const none = await move('{"name":"a"}', {}, { target: plainTarget });
    expect(none.diagnostics.items[0]?.detail).toContain(
      "test_plain takes over no objects of other resource types.",
    );
  });

  it("nulls a write-only value a mover returns: it is never stored", async () => {
    const result = await move('{"name":"secret"}');
    expect(errors(result.diagnostics)).toEqual([]);
    expect(result.state?.token).toBeNull();
  });

  it("answers the identity a mover sets, checked against the identity schema", async () => {
    const result = await move('{"name":"identity","size":1}');
    expect(errors(result.diagnostics)).toEqual([]);
    expect(result.identity).toEqual({ id: "n-1" });
    const bad = await move('{"name":"bad-identity","size":1}');
    expect(errors(bad.diagnostics)).toEqual([
      "test_new move from test_old set an identity that does not match the identity schema",
    ]);
    expect(bad.state).toBeUndefined();
  });

  it("passes the source identity on as JSON data", async () => {
    seen.length = 0;
    await move('{"name":"a","size":1}', {}, { sourceIdentity: '{"name":"a","n":1}' });
    expect(seen[0]).toMatchObject({ sourceIdentity: { name: "a", n: 1 }, sourceIdentitySchemaVersion: 0 });
  });

  it.each([
    ["explode", "test_new move from test_old failed"],
    ["null", "test_new move from test_old returned null"],
    ["wrong", "test_new move from test_old returned state that does not match the schema"],
    ["extra", "test_new move from test_old returned an attribute the schema does not have"],
    ["unknown", "test_new move from test_old returned unknown values"],
  ])("answers no state when the mover gets it wrong (%s)", async (name, summary) => {
    const result = await move(`{"name":"${name}","size":1}`);
    expect(result.state).toBeUndefined();
    expect(errors(result.diagnostics)[0]).toContain(summary);
  });

  it.each([
    ["{not json", "The state of the moved test_old object is not valid JSON"],
    ["[1,2]", "The state of the moved test_old object is not an object"],
    ["", "The moved test_old object has no state"],
  ])("refuses source state that cannot be read (%j)", async (json, summary) => {
    const result = await move(json);
    expect(result.state).toBeUndefined();
    expect(errors(result.diagnostics)).toEqual([summary]);
  });

  it("refuses source private data of this provider's that does not open, unless told to discard it", async () => {
    const sealed = server.privateState.seal("test_other", { etag: "e" });
    const result = await move('{"name":"a","size":1}', {}, { sourcePrivate: sealed });
    expect(result.state).toBeUndefined();
    expect(errors(result.diagnostics)).toEqual(["Unreadable private state for test_old"]);
    const discarding = new ProviderServer(server.provider, {
      env: { TSVIDER_PRIVATE_STATE_SECRET: testSecret, TSVIDER_PRIVATE_STATE_DISCARD_UNREADABLE: "1" },
    });
    const kept = await moveResourceState(discarding, target, {
      source: { typeName: "test_old", providerAddress: ours, schemaVersion: 0 },
      sourceState: Buffer.from('{"name":"a","size":1}'),
      sourcePrivate: sealed,
      sourceIdentity: undefined,
      sourceIdentitySchemaVersion: 0,
    });
    expect(errors(kept.diagnostics)).toEqual([]);
    expect(kept.state).toMatchObject({ id: "n-a" });
  });
});

describe("moveState at start-up", () => {
  it("finds the first mover that matches type, provider and version", () => {
    const movers = thing.moveState!;
    const source = {
      typeName: "local_thing",
      providerAddress: "registry.opentofu.org/hashicorp/local",
      schemaVersion: 1,
    };
    expect(findMover(movers, source)).toBe(movers[1]);
    expect(findMover(movers, { ...source, providerAddress: "registry.opentofu.org/HashiCorp/LOCAL" })).toBe(
      movers[1],
    );
    expect(findMover(movers, { ...source, providerAddress: "example.com/other/local" })).toBeUndefined();
    expect(findMover(undefined, source)).toBeUndefined();
  });

  it.each([
    [{}, "has a moveState that is not a list"],
    [[null], "moveState[0] is not an object"],
    [[{ sourceTypeName: "", move: () => ({}) }], 'has sourceTypeName ""'],
    [
      [{ sourceTypeName: "a_b", sourceProviderAddress: "x", move: () => ({}) }],
      'has sourceProviderAddress "x"',
    ],
    [[{ sourceTypeName: "a_b", sourceSchemaVersion: -1, move: () => ({}) }], "has sourceSchemaVersion -1"],
    [[{ sourceTypeName: "a_b", sourceSchemaVersion: [], move: () => ({}) }], "has sourceSchemaVersion "],
    [[{ sourceTypeName: "a_b" }], "moveState[0] has no move function"],
  ])("refuses a malformed moveState (%j)", (movers, message) => {
    expect(() => checkMovers("resource test_x", movers)).toThrow(message);
    expect(() => defineResource({ ...noMoves, typeName: "test_x", moveState: movers as never })).toThrow(
      message,
    );
  });
});
