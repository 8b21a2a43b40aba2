// MoveResourceState over a real socket, protocol 6 and protocol 5: the capability, a move
// with private data and identity, and the refusals (unknown target, no mover, a mover that
// throws), after which the server keeps serving.
import type * as pb5 from "@tsvider/rpcplugin/tfplugin5";
import type * as pb from "@tsvider/rpcplugin/tfplugin6";
import { Diagnostic_Severity } from "@tsvider/rpcplugin/tfplugin6";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { identityAttr } from "../identity.js";
import { fromDv, startTestServer } from "../internal/test-server.test-support.js";
import { fromDv5, startTestServerV5 } from "../internal/test-server-v5.test-support.js";
import { noMetrics } from "../metrics.js";
import { privateState } from "../private-state.js";
import { defineProvider } from "../provider.js";
import { defineResource } from "../resource.js";
import { attr } from "../schema/attributes.js";
import { ProviderServer } from "../server/provider-server.js";

const secret = "0123456789abcdef0123456789abcdef";

const oldFile = defineResource({
  typeName: "test_old_file",
  schema: { path: attr.string({ required: true, requiresReplace: true }) },
  privateState: privateState<{ inode: number }>(),
  async create({ plan }) {
    return plan;
  },
  async read({ state }) {
    return state;
  },
  async delete() {},
});

const file = defineResource({
  typeName: "test_file",
  schema: {
    filename: attr.string({ required: true, requiresReplace: true }),
    mode: attr.string({ optional: true, computed: true, requiresReplace: true }),
  },
  privateState: privateState<{ inode: number }>(),
  identity: { schema: { filename: identityAttr.string({ requiredForImport: true }) } },
  moveState: [
    {
      sourceTypeName: "test_old_file",
      move({ sourceState, setIdentity }) {
        if (sourceState.path === "explode") throw new Error("cannot move this one");
        setIdentity({ filename: String(sourceState.path) });
        return { filename: String(sourceState.path) };
      },
    },
  ],
  async create({ plan }) {
    return { ...plan, mode: "0644" };
  },
  async read({ state }) {
    return state;
  },
  async delete() {},
});

const provider = defineProvider({
  name: "test",
  version: "1.0.0",
  privateStateSecret: secret,
  resources: [oldFile, file],
});
const plainProvider = defineProvider({ name: "test", version: "1.0.0", resources: [oldFile] });
/** Seals private data as the provider process does, for the source objects. */
const codec = new ProviderServer(provider, { env: {} }).privateState;

const request = (path: string, overrides: Partial<pb.MoveResourceState_Request> = {}) => ({
  sourceProviderAddress: "registry.opentofu.org/tsvider/test",
  sourceTypeName: "test_old_file",
  sourceSchemaVersion: 0n,
  sourceState: { json: Buffer.from(JSON.stringify({ path })), flatmap: {} },
  targetTypeName: "test_file",
  sourcePrivate: Buffer.from(codec.seal("test_old_file", { inode: 42 })),
  ...overrides,
});

const errorsOf = (diagnostics: readonly pb.Diagnostic[]) =>
  diagnostics
    .filter((d) => d.severity === Diagnostic_Severity.ERROR)
    .map((d) => ({ summary: d.summary, detail: d.detail }));

describe("MoveResourceState, protocol 6", () => {
  let test: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    test = await startTestServer(provider);
  });
  afterAll(async () => test.close());

  it("announces move_resource_state when a resource declares moves, and not otherwise", async () => {
    const schema = await test.call<pb.GetProviderSchema_Response>("getProviderSchema", {});
    expect(schema.serverCapabilities?.moveResourceState).toBe(true);
    const metadata = await test.call<pb.GetMetadata_Response>("getMetadata", {});
    expect(metadata.serverCapabilities?.moveResourceState).toBe(true);
    const plain = await startTestServer(plainProvider);
    try {
      const res = await plain.call<pb.GetProviderSchema_Response>("getProviderSchema", {});
      expect(res.serverCapabilities?.moveResourceState).toBe(false);
    } finally {
      await plain.close();
    }
  });

  it("moves the object: state in the target's schema, private data resealed, identity answered", async () => {
    const res = await test.call<pb.MoveResourceState_Response>("moveResourceState", request("/tmp/a"));
    expect(errorsOf(res.diagnostics)).toEqual([]);
    expect(fromDv(res.targetState, file.valueType)).toEqual({ filename: "/tmp/a", mode: null });
    expect(codec.open("test_file", res.targetPrivate).value).toEqual({ inode: 42 });
    expect(fromDv(res.targetIdentity?.identityData, file.identityType!)).toEqual({ filename: "/tmp/a" });
  });

  it("names the source and what the target takes when no mover matches, and keeps serving", async () => {
    const res = await test.call<pb.MoveResourceState_Response>(
      "moveResourceState",
      request("/tmp/b", {
        sourceTypeName: "local_file",
        sourceProviderAddress: "registry.opentofu.org/hashicorp/local",
      }),
    );
    expect(res.targetState).toBeUndefined();
    expect(errorsOf(res.diagnostics)).toEqual([
      {
        summary: "test_file cannot take over local_file objects",
        detail: expect.stringContaining(
          "moves a local_file object (provider registry.opentofu.org/hashicorp/local, schema version 0) to test_file, and test_file takes over objects of: test_old_file (any provider, any schema version).",
        ),
      },
    ]);
    const again = await test.call<pb.MoveResourceState_Response>("moveResourceState", request("/tmp/c"));
    expect(errorsOf(again.diagnostics)).toEqual([]);
  });

  it("counts each move as the target's move operation, failed or not", async () => {
    const calls: string[] = [];
    const counting = await startTestServer(provider, {
      metrics: {
        ...noMetrics,
        resourceOperation: (type, operation, failed) => calls.push(`${type} ${operation} ${failed}`),
      },
    });
    try {
      await counting.call("moveResourceState", request("/tmp/m"));
      await counting.call("moveResourceState", request("explode"));
    } finally {
      await counting.close();
    }
    expect(calls).toEqual(["test_file move false", "test_file move true"]);
  });

  it("refuses an unknown target type and a mover that throws, answering no state", async () => {
    const unknown = await test.call<pb.MoveResourceState_Response>(
      "moveResourceState",
      request("/tmp/d", { targetTypeName: "test_nope" }),
    );
    expect(errorsOf(unknown.diagnostics)[0]?.summary).toBe("Unknown resource type test_nope");
    expect(unknown.targetState).toBeUndefined();
    const thrown = await test.call<pb.MoveResourceState_Response>("moveResourceState", request("explode"));
    expect(errorsOf(thrown.diagnostics)[0]?.detail).toContain("cannot move this one");
    expect(thrown.targetState).toBeUndefined();
  });
});

describe("MoveResourceState, protocol 5", () => {
  let test: Awaited<ReturnType<typeof startTestServerV5>>;
  beforeAll(async () => {
    test = await startTestServerV5(provider);
  });
  afterAll(async () => test.close());

  it("announces the capability and moves the object", async () => {
    const schema = await test.call<pb5.GetProviderSchema_Response>("getSchema", {});
    expect(schema.serverCapabilities?.moveResourceState).toBe(true);
    const res = await test.call<pb5.MoveResourceState_Response>("moveResourceState", request("/tmp/e"));
    expect(errorsOf(res.diagnostics)).toEqual([]);
    expect(fromDv5(res.targetState, file.valueType)).toEqual({ filename: "/tmp/e", mode: null });
    expect(codec.open("test_file", res.targetPrivate).value).toEqual({ inode: 42 });
  });

  it("refuses a source no mover takes", async () => {
    const res = await test.call<pb5.MoveResourceState_Response>(
      "moveResourceState",
      request("/tmp/f", { sourceTypeName: "test_gone" }),
    );
    expect(errorsOf(res.diagnostics)[0]?.summary).toBe("test_file cannot take over test_gone objects");
  });
});
