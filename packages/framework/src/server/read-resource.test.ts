// readResource, called directly: the refreshed object, null when gone, and on every failure
// (throw, malformed result, unknown values, timeout, unreadable private data) the state and
// private bytes exactly as Terraform sent them.
import { Decimal, Unknown } from "@tsvider/cty";
import { describe, expect, it } from "vitest";
import { privateState } from "../private-state.js";
import { defineResource } from "../resource.js";
import { attr } from "../schema/attributes.js";
import { errors, serverWith } from "./core-fixture.test-support.js";
import { readResource } from "./read-resource.js";

const remote = new Map<string, string>();
const note = defineResource({
  typeName: "test_note",
  schema: {
    id: attr.string({ computed: true }),
    text: attr.string({ optional: true }),
    ratio: attr.float64({ optional: true }),
    token: attr.string({ optional: true, writeOnly: true }),
  },
  privateState: privateState<{ etag: string }>(),
  timeouts: { read: "50ms" },
  async read({ state, signal, setPrivate }) {
    switch (state.id) {
      case "throw":
        throw new Error("API down");
      case "extra":
        return { ...state, color: "red" } as never;
      case "unknown":
        return { ...state, text: Unknown } as never;
      case "slow":
        await new Promise((resolve) => signal.addEventListener("abort", resolve));
        throw signal.reason;
      case "token":
        return { ...state, token: "pw" } as never;
    }
    const text = remote.get(state.id ?? "");
    if (text === undefined) return null;
    setPrivate({ etag: `e-${text}` });
    return { ...state, text } as never;
  },
  create: async () => ({ id: "1", text: null, ratio: null, token: null }),
  update: async ({ plan }) => plan as never,
  delete: async () => {},
});
const server = serverWith({ resources: [note] });
/** As the core finds it by type name, the way the adapters call it. */
const noteCore = server.resource("test_note")!;
const state = (id: string) => ({ id, text: "old", ratio: null, token: null });
const sealed = (value: { etag: string }) => server.privateState.seal("test_note", value);

describe("readResource", () => {
  it("returns the object as it is now, with the private data read set", async () => {
    remote.set("a", "new");
    const result = await readResource(server, noteCore, state("a"), sealed({ etag: "e-old" }));
    expect(errors(result.diagnostics)).toEqual([]);
    expect(result.newState).toEqual({ ...state("a"), text: "new" });
    const opened = server.privateState.openReporting("test_note", result.private, result.diagnostics);
    expect(opened?.value).toEqual({ etag: "e-new" });
  });

  it("answers null, with no private data, when the object is gone", async () => {
    const result = await readResource(server, noteCore, state("gone"), sealed({ etag: "x" }));
    expect(result).toMatchObject({ newState: null, private: new Uint8Array(0) });
    expect(result.diagnostics.items).toEqual([]);
  });

  it("has nothing to read for a null state", async () => {
    expect((await readResource(server, noteCore, null)).newState).toBeNull();
  });

  it("drops write-only values read returned", async () => {
    expect((await readResource(server, noteCore, state("token"))).newState).toEqual(state("token"));
  });

  it("sends an unchanged float64 back exactly as stored", async () => {
    remote.set("f", "old");
    const exact = new Decimal("0.12345678901234567890123");
    const stored = { ...state("f"), ratio: exact };
    expect((await readResource(server, noteCore, stored)).newState?.ratio).toBe(exact);
  });

  it.each([
    ["throw", "Could not read test_note"],
    ["extra", "test_note read returned an attribute the schema does not have"],
    ["unknown", undefined],
    ["slow", "test_note read timed out after 50ms"],
  ])("keeps the prior state and private bytes when read fails: %s", async (id, summary) => {
    const priorPrivate = sealed({ etag: "kept" });
    const prior = state(id);
    const result = await readResource(server, noteCore, prior, priorPrivate);
    expect(result.diagnostics.hasErrors).toBe(true);
    if (summary) expect(errors(result.diagnostics)).toContain(summary);
    expect(result.newState).toBe(prior);
    expect(result.private).toBe(priorPrivate);
  });

  it("keeps everything when the stored private data cannot be opened", async () => {
    const garbage = new TextEncoder().encode("not sealed");
    const prior = state("a");
    const result = await readResource(server, noteCore, prior, garbage);
    expect(result.diagnostics.hasErrors).toBe(true);
    expect(result.newState).toBe(prior);
    expect(result.private).toBe(garbage);
  });
});
