// Schema versions and state upgraders through the in-process server: UpgradeResourceState over
// a real socket with state stored by older, equal and newer schema versions, and upgraders
// that get it wrong.
import * as cty from "@tsvider/cty";
import type * as pb from "@tsvider/rpcplugin/tfplugin6";
import { Diagnostic_Severity } from "@tsvider/rpcplugin/tfplugin6";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromDv, startTestServer } from "../internal/test-server.test-support.js";
import { defineProvider } from "../provider.js";
import { defineResource } from "../resource.js";
import { attr } from "../schema/attributes.js";
import { block } from "../schema/blocks.js";
import type { RawState } from "../state-upgrade.js";

const seen: { version: number; rawState: RawState }[] = [];

const disk = defineResource({
  typeName: "test_disk",
  version: 3,
  schema: {
    id: attr.string({ computed: true }),
    size_gb: attr.number({ required: true }),
    label: attr.string({ optional: true }),
    secret: attr.string({ optional: true, writeOnly: true }),
    mount: block.list({ path: attr.string({ required: true }) }),
  },
  upgraders: {
    // Version 0 called the size "size" and had no label.
    0: ({ rawState, version }) => {
      seen.push({ version, rawState });
      return {
        id: rawState.id as string,
        size_gb: rawState.size as number,
        label: null,
        secret: null,
        // (A literal [] would be typed readonly here, through defineResource's const type
        // parameter, which State's mutable arrays refuse.)
        mount: [] as { path: string }[],
      };
    },
    // Version 1 stored the label under "name": left to be filled by the framework otherwise.
    1: ({ rawState }) => {
      if (rawState.name === "explode") throw new Error("upgrader exploded");
      if (rawState.name === "wrong") return { id: rawState.id, size_gb: "big" } as never;
      if (rawState.name === "extra") return { ...rawState, name: undefined, bogus: 1 } as never;
      return { id: rawState.id, size_gb: rawState.size_gb, label: rawState.name } as never;
    },
    // No upgrader for version 2: this provider never stored it.
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

const provider = defineProvider({ name: "test", version: "1.0.0", resources: [disk] });
const T = disk.valueType;

let test: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  test = await startTestServer(provider);
});
afterAll(async () => test.close());

async function upgrade(version: number, json: string | null, flatmap: Record<string, string> = {}) {
  const res = await test.call<pb.UpgradeResourceState_Response>("upgradeResourceState", {
    typeName: "test_disk",
    version: BigInt(version),
    rawState: { json: json === null ? Buffer.alloc(0) : Buffer.from(json), flatmap },
  });
  return {
    state: res.upgradedState ? fromDv(res.upgradedState, T) : undefined,
    errors: res.diagnostics
      .filter((d) => d.severity === Diagnostic_Severity.ERROR)
      .map((d) => ({
        summary: d.summary,
        detail: d.detail,
        path: d.attribute?.steps.map((s) => s.attributeName),
      })),
  };
}

describe("UpgradeResourceState", () => {
  it("reports the schema version in GetProviderSchema", async () => {
    const res = await test.call<pb.GetProviderSchema_Response>("getProviderSchema", {});
    expect(res.resourceSchemas.test_disk?.version).toBe(3n);
  });

  it("hands an older version's JSON to its upgrader, numbers exact, and stores what it returns", async () => {
    seen.length = 0;
    const { state, errors } = await upgrade(
      0,
      '{"id":"d-1","size":123456789012345678901234567890,"ratio":0.1}',
    );
    expect(errors).toEqual([]);
    expect(seen).toEqual([
      {
        version: 0,
        rawState: { id: "d-1", size: 123456789012345678901234567890n, ratio: new cty.Decimal("0.1") },
      },
    ]);
    expect(state).toEqual({
      id: "d-1",
      size_gb: 123456789012345678901234567890n,
      label: null,
      secret: null,
      mount: [],
    });
  });

  it("fills in what an upgrader leaves out, blocks included", async () => {
    const { state, errors } = await upgrade(1, '{"id":"d-2","size_gb":20,"name":"data"}');
    expect(errors).toEqual([]);
    expect(state).toEqual({ id: "d-2", size_gb: 20, label: "data", secret: null, mount: [] });
  });

  it("reads state of the current version as it is", async () => {
    const { state, errors } = await upgrade(
      3,
      '{"id":"d-3","size_gb":1,"label":null,"secret":null,"mount":[{"path":"/"}]}',
    );
    expect(errors).toEqual([]);
    expect(state).toEqual({ id: "d-3", size_gb: 1, label: null, secret: null, mount: [{ path: "/" }] });
  });

  it("refuses a version without an upgrader, and a newer one, keeping the state", async () => {
    const missing = await upgrade(2, '{"id":"d-4"}');
    expect(missing.state).toBeUndefined();
    expect(missing.errors).toEqual([
      {
        summary: "No state upgrade for test_disk from schema version 2",
        detail: expect.stringMatching(
          /schema is version 3, and it can upgrade state from version 0, 1\. The state was not changed/,
        ),
        path: undefined,
      },
    ]);
    const newer = await upgrade(4, '{"id":"d-5"}');
    expect(newer.errors[0]?.summary).toBe("State of test_disk is from a newer provider");
    expect(newer.state).toBeUndefined();
  });

  it("refuses pre-0.12 flatmap state and JSON that is not an object", async () => {
    expect((await upgrade(0, null, { id: "x" })).errors[0]?.summary).toBe(
      "State of test_disk is in the pre-0.12 flatmap format",
    );
    expect((await upgrade(0, "[1,2]")).errors[0]?.summary).toBe("Stored state of test_disk is not an object");
    expect((await upgrade(0, "{nope")).errors[0]?.summary).toBe(
      "Stored state of test_disk is not valid JSON",
    );
  });

  it("reports an upgrader's throw, wrong types and unknown attributes against the attribute", async () => {
    const threw = await upgrade(1, '{"id":"d","size_gb":1,"name":"explode"}');
    expect(threw.errors).toEqual([
      {
        summary: "test_disk upgrader from version 1 failed",
        detail: "upgrader exploded",
        path: undefined,
      },
    ]);
    const wrong = await upgrade(1, '{"id":"d","size_gb":1,"name":"wrong"}');
    expect(wrong.errors).toEqual([
      {
        summary: "test_disk upgrader from version 1 returned state that does not match the schema",
        detail: expect.stringMatching(/^"size_gb": a number is required/),
        path: ["size_gb"],
      },
    ]);
    const extra = await upgrade(1, '{"id":"d","size_gb":1,"name":"extra"}');
    expect(extra.errors.map((e) => e.path)).toEqual([["bogus"]]);
  });
});
