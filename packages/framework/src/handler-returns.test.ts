// Compile-time tests of what handlers may return: the `const` type parameter of
// defineResource / defineDataSource makes array literals in returned objects readonly, and
// every handler accepts them as written, with no `as`. And definitionOf types a class's
// definition by its kind.
import { describe, expect, expectTypeOf, it } from "vitest";
import type { DataSource } from "./data-source.js";
import { defineDataSource } from "./data-source.js";
import { type DefinitionOf, definitionOf, type ResourceInput } from "./decorators.js";
import { createHub } from "./hub.js";
import { defineProvider } from "./provider.js";
import { defineResource, type Resource } from "./resource.js";
import { attr } from "./schema/attributes.js";
import { block } from "./schema/blocks.js";
import type { Returned, State } from "./schema/infer.js";
import { t } from "./schema/types.js";
import { testProvider } from "./testing/index.js";

const schema = {
  id: attr.string({ computed: true }),
  name: attr.string({ required: true }),
  tags: attr.list(t.string, { optional: true, computed: true }),
  labels: attr.map(t.list(t.string), { optional: true }),
  mount: block.list({
    path: attr.string({ required: true }),
    options: attr.set(t.string, { optional: true }),
  }),
  disk: attr.listNested({ names: attr.list(t.string, { required: true }) }, { optional: true }),
};

const literal = defineResource({
  typeName: "lit_thing",
  schema,
  version: 1,
  upgraders: {
    0: () => ({ id: "x", name: "n", tags: ["a"], labels: { k: ["v"] }, mount: [], disk: [{ names: ["d"] }] }),
  },
  async modifyPlan({ plan }) {
    if (plan === null) return undefined;
    return { plan: { ...plan, tags: ["planned"], mount: [] } };
  },
  async create({ plan }) {
    return {
      ...plan,
      id: "x",
      tags: ["a"],
      mount: [{ path: "/", options: ["ro"] }],
      disk: [{ names: ["one", "two"] }],
    };
  },
  async read({ state }) {
    return { ...state, tags: ["a"], mount: [] };
  },
  async update({ plan, state }) {
    return { ...plan, id: state.id, tags: [], mount: [] };
  },
  async delete() {},
  async importState({ id }) {
    return { id, mount: [], tags: ["imported"] };
  },
});

const listing = defineDataSource({
  typeName: "lit_listing",
  schema: {
    names: attr.list(t.string, { computed: true }),
    nested: block.list({ x: attr.string({ optional: true }) }),
  },
  async read() {
    return { names: ["a", "b"], nested: [] };
  },
});

describe("handlers return readonly arrays without a cast", () => {
  it("types Returned<State<S>> as State<S> with arrays allowed readonly", () => {
    type S = State<typeof schema>;
    expectTypeOf<{ readonly path: string; readonly options: readonly string[] | null }>().toExtend<
      Returned<S>["mount"][number]
    >();
    expectTypeOf<S>().toExtend<Returned<S>>();
    // Still refused: a wrong element type, and unknowns in state.
    expectTypeOf<{ tags: readonly number[] }>().not.toExtend<Pick<Returned<S>, "tags">>();
    expectTypeOf<{ tags: symbol }>().not.toExtend<Pick<Returned<S>, "tags">>();
  });

  it("runs those handlers through the kit", async () => {
    const kit = testProvider(
      defineProvider({ name: "lit", version: "1", resources: [literal], dataSources: [listing] }),
    );
    const plan = await kit.plan("lit_thing", { prior: null, config: { name: "n" } });
    expect(plan.diagnostics).toEqual([]);
    expect(plan.planned).toMatchObject({ tags: ["planned"], mount: [] });
    const applied = await kit.apply("lit_thing", plan);
    // create's result breaks the plan (tags, mount and disk differ): reported as tofu would.
    expect(applied.diagnostics.map((d) => d.path)).toContainEqual([{ attribute: "tags" }]);
    expect((await kit.readDataSource("lit_listing", {})).state).toEqual({ names: ["a", "b"], nested: [] });
    const upgraded = await kit.upgrade("lit_thing", { version: 0, state: {} });
    expect(upgraded.state).toMatchObject({ tags: ["a"], labels: { k: ["v"] } });
  });
});

describe("definitionOf", () => {
  const hub = createHub();
  const classSchema = {
    id: attr.string({ computed: true }),
    name: attr.string({ required: true }),
    tags: attr.list(t.string, { computed: true }),
  };

  @hub.resource("cls_server")
  class Server {
    schema = classSchema;
    async create({ plan }: ResourceInput<typeof classSchema>["create"]) {
      return { ...plan, id: "x", tags: ["a"] as const };
    }
    async read({ state }: ResourceInput<typeof classSchema>["read"]) {
      return state;
    }
    async update({ plan, state }: ResourceInput<typeof classSchema>["update"]) {
      return { ...plan, id: state.id, tags: state.tags };
    }
    async delete() {}
  }

  @hub.dataSource("cls_zone")
  class Zone {
    schema = { name: attr.string({ computed: true }) };
    async read() {
      return { name: "z" };
    }
  }

  it("gives a resource class a Resource type and a data source class a DataSource type", () => {
    const server = definitionOf(Server);
    expectTypeOf(server).toEqualTypeOf<Resource<typeof classSchema>>();
    expectTypeOf<DefinitionOf<typeof Zone>>().toEqualTypeOf<DataSource<Zone["schema"]>>();
    expect(server.kind).toBe("resource");
    expect(definitionOf(Zone).kind).toBe("data source");
    // Listed as the provider's resources without a cast.
    expect(
      defineProvider({ name: "cls", version: "1", resources: [server], dataSources: [definitionOf(Zone)] }),
    ).toBeTruthy();
  });
});
