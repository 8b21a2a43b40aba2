// Generating configuration from state: the default at every depth (nested attributes and
// blocks), the resource's generateConfig hook, and the rules its answer is held to.
import { Unknown } from "@tsvider/cty";
import { describe, expect, expectTypeOf, it } from "vitest";
import { defineProvider } from "../provider.js";
import { defineResource, type Resource } from "../resource.js";
import { attr } from "../schema/attributes.js";
import { block } from "../schema/blocks.js";
import { configFromState, generateResourceConfig } from "./generate-resource-config.js";
import { ProviderServer } from "./provider-server.js";

const schema = {
  name: attr.string({ required: true }),
  note: attr.string({ optional: true }),
  mode: attr.string({ optional: true, computed: true }),
  id: attr.string({ computed: true }),
  old: attr.string({ optional: true, deprecationMessage: "use note" }),
  password: attr.string({ optional: true, writeOnly: true, sensitive: true }),
  disk: attr.singleNested(
    { size: attr.int64({ required: true }), serial: attr.string({ computed: true }) },
    { optional: true },
  ),
  rule: block.list({ port: attr.int64({ required: true }), uid: attr.string({ computed: true }) }),
  legacy: block.set({ value: attr.string({ optional: true }) }, { deprecationMessage: "gone" }),
};

let hookSaw: unknown;
const server = defineResource({
  typeName: "test_server",
  schema,
  async create({ plan }) {
    return { ...plan, mode: "a", id: "1", disk: null, rule: [] };
  },
  async read({ state }) {
    return state;
  },
  async update({ plan }) {
    return { ...plan, mode: "a", id: "1", disk: null, rule: [] };
  },
  async delete() {},
  generateConfig({ state, config }) {
    expectTypeOf(config.id).toEqualTypeOf<null>();
    expectTypeOf(config.mode).toEqualTypeOf<string | null>();
    hookSaw = { state: state.id, config: config.id };
    if (state.name === "drop-mode") return { ...config, mode: null };
    if (state.name === "set-id") return { ...config, id: "1" } as never;
    if (state.name === "set-serial") return { ...config, disk: { size: 1, serial: "s" } } as never;
    if (state.name === "unknown") return { ...config, note: Unknown } as never;
    if (state.name === "throws") throw new Error("hook broke");
    return undefined;
  },
});
const provider = defineProvider({ name: "test", version: "1.0.0", resources: [server] });
const core = new ProviderServer(provider, { env: {} });
// A resource whose hooks are typed by its own schema is not a Resource<Schema> to TypeScript.
const resource = server as unknown as Resource;

const state = (name: string) => ({
  name,
  note: null,
  mode: "a",
  id: "1",
  old: "x",
  password: null,
  disk: { size: 5, serial: "s-1" },
  rule: [{ port: 80, uid: "u-1" }],
  legacy: [{ value: "v" }],
});

describe("configFromState", () => {
  it("keeps what config may set and drops what the provider computes alone, at every depth", () => {
    expect(configFromState(schema, state("a"))).toEqual({
      name: "a",
      note: null,
      mode: "a",
      id: null,
      old: null,
      password: null,
      disk: { size: 5, serial: null },
      rule: [{ port: 80, uid: null }],
      legacy: [],
    });
  });
});

describe("generateResourceConfig", () => {
  it("answers a null state with a null config, without the hook", async () => {
    hookSaw = undefined;
    expect(await generateResourceConfig(core, resource, null)).toMatchObject({ config: null });
    expect(hookSaw).toBeUndefined();
  });

  it("gives the hook the state and the default, and keeps the default when it returns nothing", async () => {
    const result = await generateResourceConfig(core, resource, state("a"));
    expect(hookSaw).toEqual({ state: "1", config: null });
    expect(result.config).toEqual(configFromState(schema, state("a")));
    const dropped = await generateResourceConfig(core, resource, state("drop-mode"));
    expect(dropped.config?.mode).toBeNull();
  });

  it("refuses an answer that sets what config cannot, or is unknown, naming the attribute", async () => {
    const setId = await generateResourceConfig(core, resource, state("set-id"));
    expect(setId.config).toBeNull();
    expect(setId.diagnostics.items).toMatchObject([
      { summary: 'test_server generateConfig set "id"', path: [{ attribute: "id" }] },
    ]);
    const setSerial = await generateResourceConfig(core, resource, state("set-serial"));
    expect(setSerial.diagnostics.items[0]!.path).toEqual([{ attribute: "disk" }, { attribute: "serial" }]);
    const unknown = await generateResourceConfig(core, resource, state("unknown"));
    expect(unknown.diagnostics.items[0]!.summary).toMatch(/returned an unknown value/);
    const throws = await generateResourceConfig(core, resource, state("throws"));
    expect(throws.config).toBeNull();
    expect(throws.diagnostics.items[0]!.detail).toMatch(/hook broke/);
  });
});
