// importResourceState, called directly: the import ID becomes a first state, completed and
// stripped of write-only values, with the private data importState set; a resource without
// importState, a throw, or a malformed result is a diagnostic and no state.
import { describe, expect, it } from "vitest";
import { privateState } from "../private-state.js";
import { defineResource } from "../resource.js";
import { attr } from "../schema/attributes.js";
import { errors, serverWith, warnings } from "./core-fixture.test-support.js";
import { importResourceState } from "./import-resource-state.js";

const schema = {
  id: attr.string({ computed: true }),
  name: attr.string({ optional: true }),
  secret: attr.string({ optional: true, writeOnly: true }),
};
const base = {
  schema,
  create: async () => ({ id: "1", name: null, secret: null }),
  read: async ({ state }: { state: object }) => state as never,
  update: async ({ plan }: { plan: object }) => plan as never,
  delete: async () => {},
};
const importable = defineResource({
  ...base,
  typeName: "test_importable",
  privateState: privateState<{ imported: string }>(),
  timeouts: { import: "50ms" },
  async importState({ id, setPrivate, signal }) {
    switch (id) {
      case "slow":
        await new Promise((resolve) => signal.addEventListener("abort", resolve));
        throw signal.reason;
      case "late":
        await new Promise((resolve) => setTimeout(resolve, 80));
        return { id };
      case "throw":
        throw new Error("lookup failed");
      case "extra":
        return { id, color: "red" } as never;
      case "string":
        return "nope" as never;
      case "null":
        return null as never;
      case "secret":
        return { id, secret: "pw" } as never;
    }
    setPrivate({ imported: id });
    return { id };
  },
});
const fixed = defineResource({ ...base, typeName: "test_fixed" });
const server = serverWith({ resources: [importable, fixed] });
/** As the core finds it by type name, the way the adapters call it. */
const importableCore = server.resource("test_importable")!;

describe("importResourceState", () => {
  it("completes the partial state and seals the private data importState set", async () => {
    const result = await importResourceState(server, importableCore, "abc");
    expect(errors(result.diagnostics)).toEqual([]);
    expect(result.state).toEqual({ id: "abc", name: null, secret: null });
    const opened = server.privateState.openReporting("test_importable", result.private!, result.diagnostics);
    expect(opened?.value).toEqual({ imported: "abc" });
  });

  it("gives an object imported without private data an envelope of none, which the read after it needs", async () => {
    // "secret" sets no private data.
    const result = await importResourceState(server, importableCore, "secret");
    expect(errors(result.diagnostics)).toEqual([]);
    expect(Buffer.from(result.private!).subarray(0, 4).toString("latin1")).toBe("tsv1");
    expect(server.privateState.open("test_importable", result.private!).value).toBeNull();
    // A type that keeps no private data gets none.
    const plain = defineResource({
      ...base,
      typeName: "test_plain",
      importState: async ({ id }) => ({ id }),
    });
    const other = serverWith({ resources: [plain] });
    const none = await importResourceState(other, other.resource("test_plain")!, "x");
    expect(none.private).toEqual(new Uint8Array(0));
  });

  it("never keeps a write-only value importState returned", async () => {
    const result = await importResourceState(server, importableCore, "secret");
    expect(result.state).toEqual({ id: "secret", name: null, secret: null });
  });

  it("refuses a resource without importState, saying so", async () => {
    const result = await importResourceState(server, server.resource("test_fixed")!, "abc");
    expect(errors(result.diagnostics)).toEqual(["test_fixed cannot be imported"]);
    expect(result.state).toBeUndefined();
  });

  it.each([
    ["throw", "Could not import test_importable"],
    ["extra", "test_importable importState returned an attribute the schema does not have"],
    ["string", "test_importable importState returned something other than an object"],
  ])("answers %s with a diagnostic and no state", async (id, summary) => {
    const result = await importResourceState(server, importableCore, id);
    expect(errors(result.diagnostics)).toEqual([summary]);
    expect(result.state).toBeUndefined();
    expect(result.private).toBeUndefined();
  });

  it("stops importState at the resource's import timeout, with no state", async () => {
    const result = await importResourceState(server, importableCore, "slow");
    expect(errors(result.diagnostics)).toEqual(["test_importable importState timed out after 50ms"]);
    expect(result.state).toBeUndefined();
  });

  it("keeps what an importState that finished after its timeout found, with a warning", async () => {
    const result = await importResourceState(server, importableCore, "late");
    expect(warnings(result.diagnostics)).toEqual([
      "test_importable importState took longer than its 50ms timeout",
    ]);
    expect(result.state).toEqual({ id: "late", name: null, secret: null });
  });

  it("answers a null result with no state", async () => {
    const result = await importResourceState(server, importableCore, "null");
    expect(result.state).toBeUndefined();
  });
});
