// upgradeResourceState, called directly: stored JSON read at the current version, through an
// upgrader from an older one, refused from a newer one; every failure a diagnostic that
// leaves the state as it was (no state in the answer), never a throw.
import { describe, expect, it } from "vitest";
import { defineResource } from "../resource.js";
import { attr } from "../schema/attributes.js";
import { block } from "../schema/blocks.js";
import { errors, serverWith } from "./core-fixture.test-support.js";
import { upgradeResourceState } from "./upgrade-resource-state.js";

const schema = {
  id: attr.string({ computed: true }),
  size_gb: attr.int64({ optional: true }),
  tag: block.list({ key: attr.string({ required: true }) }),
};
const disk = defineResource({
  typeName: "test_disk",
  version: 1,
  schema,
  upgraders: {
    0: ({ rawState }) => {
      const raw = rawState as { id: string; size?: number };
      if (raw.id === "explode") throw new Error("cannot read");
      return { id: raw.id, size_gb: raw.size ?? null } as never;
    },
  },
  create: async () => ({ id: "1", size_gb: null, tag: [] }),
  read: async ({ state }) => state,
  update: async ({ plan }) => plan as never,
  delete: async () => {},
});
const server = serverWith({ resources: [disk] });
/** As the core finds it by type name, the way the adapters call it. */
const diskCore = server.resource("test_disk")!;
const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
const upgrade = (version: number, body: Uint8Array | undefined, hasFlatmap = false) =>
  upgradeResourceState(server, diskCore, { version, json: body, hasFlatmap });

describe("upgradeResourceState", () => {
  it("reads current-version state, filling attributes and blocks added without a bump", async () => {
    const result = await upgrade(1, json({ id: "a" }));
    expect(errors(result.diagnostics)).toEqual([]);
    expect(result.state).toEqual({ id: "a", size_gb: null, tag: [] });
  });

  it("runs the upgrader for an older version and completes its result", async () => {
    const result = await upgrade(0, json({ id: "a", size: 10 }));
    expect(errors(result.diagnostics)).toEqual([]);
    expect(result.state).toEqual({ id: "a", size_gb: 10, tag: [] });
  });

  it("reports a throwing upgrader without a state", async () => {
    const result = await upgrade(0, json({ id: "explode" }));
    expect(result.diagnostics.hasErrors).toBe(true);
    expect(result.state).toBeUndefined();
  });

  it("refuses state from a newer schema version, saying which", async () => {
    const result = await upgrade(2, json({ id: "a" }));
    expect(errors(result.diagnostics)).toEqual(["State of test_disk is from a newer provider"]);
    expect(result.diagnostics.items[0]?.detail).toContain("schema version 2");
    expect(result.state).toBeUndefined();
  });

  it("answers no stored state with null, and refuses flatmap state", async () => {
    expect(await upgrade(1, undefined)).toMatchObject({ state: null });
    const flat = await upgrade(1, new Uint8Array(0), true);
    expect(errors(flat.diagnostics)).toEqual(["State of test_disk is in the pre-0.12 flatmap format"]);
    expect(flat.state).toBeUndefined();
  });

  it("reports stored state of the wrong type at its attribute", async () => {
    const result = await upgrade(1, json({ id: "a", size_gb: "ten" }));
    expect(result.diagnostics.items).toMatchObject([
      { summary: "Stored state of test_disk does not match its schema", path: [{ attribute: "size_gb" }] },
    ]);
    expect(result.state).toBeUndefined();
  });

  it("reports stored state that is not JSON at all, without throwing", async () => {
    const result = await upgrade(1, new TextEncoder().encode("{not json"));
    expect(errors(result.diagnostics)).toEqual(["Stored state of test_disk does not match its schema"]);
    expect(result.state).toBeUndefined();
  });
});
