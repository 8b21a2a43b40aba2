import { Unknown } from "@tsvider/cty";
import { describe, expect, it } from "vitest";
import { defineDataSource } from "../data-source.js";
import { ValidationError } from "../errors.js";
import { defineProvider } from "../provider.js";
import { defineResource } from "../resource.js";
import { attr } from "../schema/attributes.js";
import { block } from "../schema/blocks.js";
import { useStateForUnknown } from "../schema/plan-modifiers.js";
import { t } from "../schema/types.js";
import { LifecycleError, testProvider } from "./index.js";

/** A small remote API the test resources manage. */
class Cloud {
  readonly servers = new Map<string, { name: string; size: number; tags: string[] }>();
  next = 1;
}

const serverSchema = {
  id: attr.string({ computed: true, planModifiers: [useStateForUnknown()] }),
  name: attr.string({ required: true }),
  zone: attr.string({
    optional: true,
    computed: true,
    requiresReplace: true,
    planModifiers: [useStateForUnknown()],
  }),
  size: attr.int64({ optional: true, computed: true }),
  tags: attr.list(t.string, { optional: true }),
  disk: block.list({ size_gb: attr.int64({ required: true }), uuid: attr.string({ computed: true }) }),
} as const;

const server = defineResource({
  typeName: "mycloud_server",
  schema: serverSchema,
  async create({ plan, providerData }) {
    const cloud = providerData as Cloud;
    const id = `srv-${cloud.next++}`;
    const size = typeof plan.size === "number" ? plan.size : 1;
    // Readonly arrays in what handlers return are fine (see resource.test-d.ts).
    cloud.servers.set(id, { name: plan.name, size, tags: plan.tags ?? [] });
    return {
      ...plan,
      id,
      zone: typeof plan.zone === "string" ? plan.zone : "eu-1",
      size,
      disk: plan.disk.map((d) => ({ size_gb: d.size_gb, uuid: `${id}-disk` })),
    };
  },
  async read({ state, providerData }) {
    const found = (providerData as Cloud).servers.get(state.id ?? "");
    return found ? { ...state, name: found.name, size: found.size } : null;
  },
  async update({ plan, state, providerData }) {
    (providerData as Cloud).servers.set(state.id!, {
      name: plan.name,
      size: typeof plan.size === "number" ? plan.size : Number(state.size),
      tags: plan.tags ?? [],
    });
    return {
      ...plan,
      id: state.id,
      zone: state.zone,
      size: typeof plan.size === "number" ? plan.size : state.size,
      disk: plan.disk.map((d, i) => ({
        size_gb: d.size_gb,
        uuid: state.disk[i]?.uuid ?? `${state.id}-disk`,
      })),
    };
  },
  async delete({ state, providerData }) {
    (providerData as Cloud).servers.delete(state.id!);
  },
  async importState({ id }) {
    return { id };
  },
  version: 1,
  upgraders: {
    0: ({ rawState }) => ({ ...rawState, size: rawState.cores ?? null, cores: undefined }) as never,
  },
});

const image = defineDataSource({
  typeName: "mycloud_image",
  schema: {
    name: attr.string({
      required: true,
      validators: [(value) => (value === "bad" ? "the name must not be bad" : undefined)],
    }),
    id: attr.string({ computed: true }),
  },
  async read({ config }) {
    return { name: config.name, id: `img-${config.name}` };
  },
});

function makeKit(cloud = new Cloud()) {
  const provider = defineProvider({
    name: "mycloud",
    version: "1.0.0",
    schema: { region: attr.string({ optional: true }) },
    resources: [server],
    dataSources: [image],
    configure: ({ config, terraformVersion }) => {
      if (config.region === "nowhere")
        throw new ValidationError("no such region", { path: [{ attribute: "region" }] });
      expect(terraformVersion).toBe("1.10.0");
      return cloud;
    },
  });
  return { kit: testProvider(provider), cloud };
}

describe("testProvider", () => {
  it("plans a create with computed values unknown, and applies it", async () => {
    const { kit, cloud } = makeKit();
    expect((await kit.configure({ region: "eu" })).diagnostics).toEqual([]);
    const plan = await kit.plan("mycloud_server", {
      prior: null,
      config: { name: "web", disk: [{ size_gb: 10 }] },
    });
    expect(plan.diagnostics).toEqual([]);
    expect(plan.planned).toEqual({
      id: Unknown,
      name: "web",
      zone: Unknown,
      size: Unknown,
      tags: null,
      disk: [{ size_gb: 10, uuid: Unknown }],
    });
    const applied = await kit.apply("mycloud_server", plan);
    expect(applied.diagnostics).toEqual([]);
    expect(applied.state).toEqual({
      id: "srv-1",
      name: "web",
      zone: "eu-1",
      size: 1,
      tags: null,
      disk: [{ size_gb: 10, uuid: "srv-1-disk" }],
    });
    expect(cloud.servers.get("srv-1")?.name).toBe("web");
  });

  it("computes the proposed new state as Terraform does: prior values kept for computed attributes", async () => {
    const { kit } = makeKit();
    const prior = {
      id: "srv-1",
      name: "web",
      zone: "eu-1",
      size: 4,
      tags: null,
      disk: [{ size_gb: 10, uuid: "u" }],
    };
    const plan = await kit.plan("mycloud_server", {
      prior,
      config: { name: "web2", disk: [{ size_gb: 10 }] },
    });
    expect(plan.diagnostics).toEqual([]);
    // Terraform proposes the prior values for computed attributes config leaves null; the
    // framework then marks those the update may recompute unknown, but zone and id keep
    // theirs (useStateForUnknown).
    expect(plan.planned).toEqual({
      id: "srv-1",
      name: "web2",
      zone: "eu-1",
      size: Unknown,
      tags: null,
      disk: [{ size_gb: 10, uuid: Unknown }],
    });
    const replace = await kit.plan("mycloud_server", { prior, config: { name: "web", zone: "us-1" } });
    expect(replace.requiresReplace).toEqual([[{ attribute: "zone" }]]);
  });

  it("runs a whole lifecycle, in place and by replacement", async () => {
    const { kit, cloud } = makeKit();
    const result = await kit.lifecycle("mycloud_server", {
      create: { name: "web", tags: ["a"] },
      update: [
        { name: "web", size: 3, tags: ["a", "b"] },
        { name: "web", zone: "us-1" },
      ],
    });
    expect(result.created).toMatchObject({ id: "srv-1", size: 1, tags: ["a"] });
    expect(result.updated[0]).toMatchObject({ id: "srv-1", size: 3, tags: ["a", "b"] });
    expect(result.replaced).toEqual([false, true]);
    expect(result.updated[1]).toMatchObject({ id: "srv-2", zone: "us-1" });
    expect(cloud.servers.size).toBe(0);
  });

  it("makes lifecycle fail at the step where tofu would, naming it", async () => {
    const drifting = defineResource({
      typeName: "mycloud_drift",
      schema: { id: attr.string({ computed: true }), name: attr.string({ required: true }) },
      async create({ plan }) {
        return { ...plan, id: "x" };
      },
      async read({ state }) {
        return { ...state, name: `${state.name}!` };
      },
      async update({ plan }) {
        return { ...plan, id: "x" };
      },
      async delete() {},
    });
    const kit = testProvider(defineProvider({ name: "mycloud", version: "1", resources: [drifting] }));
    const failure = kit.lifecycle("mycloud_drift", { create: { name: "a" } });
    await expect(failure).rejects.toBeInstanceOf(LifecycleError);
    await expect(failure).rejects.toThrow(/create: plan after refresh: .*"name" would change/);
  });

  it("reports a handler's wrong result as a diagnostic, as through tofu, and keeps prior state", async () => {
    const wrong = defineResource({
      typeName: "mycloud_wrong",
      schema: { id: attr.string({ computed: true }), amount: attr.int64({ optional: true, computed: true }) },
      async create({ plan }) {
        return { ...plan, id: "x", amount: "many" as unknown as number };
      },
      async read({ state }) {
        return state;
      },
      async update({ plan }) {
        return { ...plan, id: "x", extra: 1 } as never;
      },
      async delete() {},
    });
    const kit = testProvider(defineProvider({ name: "mycloud", version: "1", resources: [wrong] }));
    const created = await kit.apply(
      "mycloud_wrong",
      await kit.plan("mycloud_wrong", { prior: null, config: {} }),
    );
    expect(created.state).toBeNull();
    expect(created.diagnostics).toEqual([
      expect.objectContaining({ severity: "error", path: [{ attribute: "amount" }] }),
    ]);
    const prior = { id: "x", amount: 1 };
    const updated = await kit.apply(
      "mycloud_wrong",
      await kit.plan("mycloud_wrong", { prior, config: { amount: 2 } }),
    );
    expect(updated.state).toEqual(prior);
    expect(updated.diagnostics[0]).toMatchObject({
      summary: "mycloud_wrong update returned an attribute the schema does not have",
      path: [{ attribute: "extra" }],
    });
  });

  it("refuses values the wire could not carry, and attributes the schema lacks, in what a test gives", async () => {
    const { kit } = makeKit();
    const plan = await kit.plan("mycloud_server", { prior: null, config: { name: "web", tags: [null] } });
    expect(plan.planned).toBeUndefined();
    expect(plan.diagnostics[0]).toMatchObject({ severity: "error" });
    const extra = await kit.plan("mycloud_server", { prior: null, config: { name: "web", colour: "red" } });
    expect(extra.diagnostics[0]).toMatchObject({ path: [{ attribute: "colour" }] });
    const apply = await kit.apply("mycloud_server", plan);
    expect(apply.diagnostics[0]?.summary).toMatch(/plan of mycloud_server failed/);
  });

  it("validates before planning, with paths, and configures the provider as tofu does", async () => {
    const { kit } = makeKit();
    const configured = await kit.configure({ region: "nowhere" });
    expect(configured.diagnostics).toEqual([
      { severity: "error", summary: "no such region", detail: "", path: [{ attribute: "region" }] },
    ]);
    const validated = await kit.validate("mycloud_image", { name: "bad" });
    expect(validated.diagnostics).toEqual([
      expect.objectContaining({ severity: "error", path: [{ attribute: "name" }] }),
    ]);
    const read = await kit.readDataSource("mycloud_image", { name: "bad" });
    expect(read.state).toBeNull();
    expect(read.diagnostics).toHaveLength(1);
  });

  it("reads data sources, imports, refreshes and upgrades state", async () => {
    const { kit, cloud } = makeKit();
    expect(await kit.readDataSource("mycloud_image", { name: "debian" })).toEqual({
      state: { name: "debian", id: "img-debian" },
      diagnostics: [],
    });
    cloud.servers.set("srv-9", { name: "imported", size: 2, tags: [] });
    const imported = await kit.importState("mycloud_server", "srv-9");
    expect(imported.state).toEqual({ id: "srv-9", name: null, zone: null, size: null, tags: null, disk: [] });
    const read = await kit.read("mycloud_server", imported.state!, { private: imported.private });
    expect(read.state).toMatchObject({ id: "srv-9", name: "imported", size: 2 });
    cloud.servers.delete("srv-9");
    expect((await kit.read("mycloud_server", read.state!)).state).toBeNull();
    const upgraded = await kit.upgrade("mycloud_server", {
      version: 0,
      state: { id: "srv-1", name: "web", zone: "eu-1", cores: 8, tags: null, disk: [] },
    });
    expect(upgraded.diagnostics).toEqual([]);
    expect(upgraded.state).toMatchObject({ id: "srv-1", size: 8 });
  });

  it("names the components a provider has when a test asks for one it lacks", async () => {
    const { kit } = makeKit();
    await expect(kit.plan("mycloud_nothing", { prior: null, config: {} })).rejects.toThrow(
      /no resource "mycloud_nothing" \(it has: mycloud_server\)/,
    );
  });
});
