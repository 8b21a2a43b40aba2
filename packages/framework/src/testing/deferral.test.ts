// Deferral in the test kit: with deferralAllowed, results say what was deferred; without it,
// the refusal comes back as diagnostics, as a run without -allow-deferral would see it.
import { Unknown } from "@tsvider/cty";
import { describe, expect, it } from "vitest";
import { defineDataSource } from "../data-source.js";
import { defineProvider } from "../provider.js";
import { defineResource } from "../resource.js";
import { attr } from "../schema/attributes.js";
import { testProvider } from "./index.js";

const server = defineResource({
  typeName: "test_server",
  schema: { id: attr.string({ computed: true }), name: attr.string({ required: true }) },
  async create({ plan }) {
    return { ...plan, id: "s" };
  },
  async read(ctx) {
    if (ctx.state.name === "later") return ctx.defer("absent_prereq");
    return ctx.state;
  },
  async update({ plan, state }) {
    return { ...plan, id: state.id };
  },
  async delete() {},
  async importState({ id }) {
    return { id, name: "imported" };
  },
});
const zone = defineDataSource({
  typeName: "test_zone",
  schema: { name: attr.string({ required: true }) },
  async read({ config }) {
    return config;
  },
});
const provider = defineProvider({
  name: "test",
  version: "1",
  schema: { endpoint: attr.string({ optional: true }) },
  deferWhenConfigUnknown: true,
  resources: [server],
  dataSources: [zone],
});

describe("deferral in the test kit", () => {
  it("reports every call deferred after configure deferred the provider", async () => {
    const kit = testProvider(provider, { deferralAllowed: true });
    expect((await kit.configure({ endpoint: Unknown })).diagnostics).toEqual([]);
    const plan = await kit.plan("test_server", { prior: null, config: { name: "web" } });
    expect(plan).toMatchObject({ deferred: "provider_config_unknown", planned: { id: null, name: "web" } });
    const read = await kit.read("test_server", { id: "s", name: "web" });
    expect(read).toMatchObject({ deferred: "provider_config_unknown", state: { id: "s", name: "web" } });
    expect(await kit.importState("test_server", "s-1")).toMatchObject({
      deferred: "provider_config_unknown",
      state: null,
    });
    expect(await kit.readDataSource("test_zone", { name: "z" })).toMatchObject({
      deferred: "provider_config_unknown",
      state: null,
    });
  });

  it("gives the refusal when deferral is not allowed", async () => {
    const kit = testProvider(provider);
    const configured = await kit.configure({ endpoint: Unknown });
    expect(configured.diagnostics.map((d) => d.summary)).toEqual([
      "provider test configuration was deferred, but this run does not allow deferral",
    ]);
    const read = await kit.read("test_server", { id: "s", name: "later" });
    expect(read.deferred).toBeUndefined();
    expect(read.state).toEqual({ id: "s", name: "later" });
    expect(read.diagnostics.map((d) => d.summary)).toEqual([
      "test_server read was deferred, but this run does not allow deferral",
    ]);
  });
});
