// The class form: TC39 standard decorators (lowered by esbuild in this package's tests, see
// vitest.config.mjs, as tsc or tsvider's bundler lower them in a provider).
import * as cty from "@tsvider/cty";
import type * as pb from "@tsvider/rpcplugin/tfplugin6";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { type DataSourceInput, definitionOf, type ResourceInput } from "./decorators.js";
import type { FrameworkConfigurationError } from "./diagnostics.js";
import { createHub } from "./hub.js";
import { dv, fromDv, startTestServer } from "./internal/test-server.test-support.js";
import { defineProvider } from "./provider.js";
import { defineResource } from "./resource.js";
import { attr } from "./schema/attributes.js";

interface Api {
  readonly prefix: string;
}

const hub = createHub<Api>();

const serverSchema = {
  id: attr.string({ computed: true }),
  name: attr.string({ required: true }),
  size: attr.int64({ optional: true }),
};

abstract class Base {
  /** Inherited helpers reach the definition too. */
  idFor(api: Api, name: string): string {
    return `${api.prefix}-${name}-${this.counter++}`;
  }
  counter = 1;
}

@hub.resource("test_server")
class Server extends Base {
  schema = serverSchema;
  description = "A server, as a class.";
  static readonly created: string[] = [];

  async create({ plan, providerData }: ResourceInput<typeof serverSchema, Api>["create"]) {
    expectTypeOf(plan.name).toEqualTypeOf<string>();
    expectTypeOf(plan.id).toEqualTypeOf<string | null | cty.Unknown>();
    // `this` is the one instance the decorator made: fields, methods and statics work.
    Server.created.push(plan.name);
    return { ...plan, id: this.idFor(providerData, plan.name) };
  }

  async read({ state }: ResourceInput<Server["schema"], Api>["read"]) {
    return state;
  }

  async update({ plan, state }: ResourceInput<typeof serverSchema, Api>["update"]) {
    return { ...plan, id: state.id };
  }

  async delete() {}
}

@hub.dataSource("test_zone")
class Zone {
  schema = { name: attr.string({ required: true }), id: attr.string({ computed: true }) };

  async read({ config, providerData }: DataSourceInput<Zone["schema"], Api>["read"]) {
    expectTypeOf(config.id).toEqualTypeOf<null>();
    return { ...config, id: `${providerData.prefix}-zone-${config.name}` };
  }
}

const provider = defineProvider({
  name: "test",
  version: "1.0.0",
  ...hub.components(),
  configure: (): Api => ({ prefix: "p" }),
});

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer(provider);
  await server.call("configureProvider", { config: dv({}, provider.configType) });
});
afterAll(async () => server.close());

describe("decorated classes", () => {
  it("end in the same definition objects defineResource and defineDataSource make", () => {
    const definition = definitionOf(Server);
    expect(hub.components().resources).toEqual([definition]);
    expect(definition).toMatchObject({
      kind: "resource",
      typeName: "test_server",
      description: "A server, as a class.",
      schema: serverSchema,
    });
    const { kind: _kind, valueType: _type, ...members } = definition;
    // definitionOf types a resource class's definition as a Resource of its schema.
    const made = defineResource(members);
    expect(made.valueType).toEqual(definition.valueType);
    expect(Object.keys(made).sort()).toEqual(Object.keys(definition).sort());
    expect(Object.isFrozen(definition)).toBe(true);
    expect(definitionOf(Zone)).toBe(hub.components().dataSources[0]);
    expect(definitionOf(Zone).kind).toBe("data source");
  });

  it("serve through the in-process server, methods bound to their instance", async () => {
    const T = definitionOf(Server).valueType;
    const res = await server.call<pb.ApplyResourceChange_Response>("applyResourceChange", {
      typeName: "test_server",
      priorState: dv(null, T),
      plannedState: dv({ id: cty.Unknown, name: "web", size: null }, T),
      config: dv({ id: null, name: "web", size: null }, T),
    });
    expect(res.diagnostics).toEqual([]);
    expect(fromDv(res.newState, T)).toEqual({ id: "p-web-1", name: "web", size: null });
    expect(Server.created).toEqual(["web"]);

    const Z = definitionOf(Zone).valueType;
    const zone = await server.call<pb.ReadDataSource_Response>("readDataSource", {
      typeName: "test_zone",
      config: dv({ name: "a", id: null }, Z),
    });
    expect(fromDv(zone.state, Z)).toEqual({ name: "a", id: "p-zone-a" });
  });
});

describe("checked like any definition, at start-up", () => {
  it("a broken class fails where it is defined, naming the class's type", () => {
    const local = createHub();
    expect(() => {
      @local.resource("test_frozen")
      class Frozen {
        schema = { name: attr.string({ required: true }) };
        async create() {
          return { name: "x" };
        }
        async read() {
          return null;
        }
        async delete() {}
      }
      void Frozen;
    }).toThrow(/resource test_frozen has no update, but "name" can change in place/);
  });

  it("a typeName field that disagrees with the decorator is refused", () => {
    const local = createHub();
    expect(() => {
      @local.dataSource("test_a")
      class Named {
        typeName = "test_b";
        schema = {};
        async read() {
          return {};
        }
      }
      void Named;
    }).toThrow(/class Named is decorated as data source test_a but says typeName "test_b"/);
  });

  it("a constructor that needs arguments, or throws, is reported", () => {
    const local = createHub();
    expect(() => {
      @local.dataSource("test_a")
      class Needy {
        schema = {};
        constructor() {
          throw new Error("needs a client");
        }
        async read() {
          return {};
        }
      }
      void Needy;
    }).toThrow(/data source test_a: class Needy could not be constructed/);
  });

  it("a duplicate between a class and a definition names both", () => {
    const local = createHub();
    @local.resource("test_dup")
    class Dup {
      schema = { name: attr.string({ required: true, requiresReplace: true }) };
      async create({ plan }: ResourceInput<Dup["schema"]>["create"]) {
        return plan;
      }
      async read({ state }: ResourceInput<Dup["schema"]>["read"]) {
        return state;
      }
      async delete() {}
    }
    const other = defineResource({ ...definitionOf(Dup), typeName: "test_dup" } as never);
    let message = "";
    try {
      defineProvider({ name: "test", version: "1", resources: [other, ...local.components().resources] });
    } catch (err) {
      message = (err as FrameworkConfigurationError).detail;
    }
    expect(message).toMatch(
      /^First by defineResource at src\/decorators\.test\.ts:\d+:\d+, then by class Dup \(@hub\.resource\) at src\/decorators\.test\.ts:\d+:\d+\./,
    );
  });

  it("definitionOf a class that was never decorated says how to decorate it", () => {
    class Plain {
      schema = {};
    }
    expect(() => definitionOf(Plain)).toThrow(/class Plain is not a decorated component/);
  });

  it("types: a method that does not fit the schema is an error on the decorator", () => {
    const local = createHub();
    expect(() => {
      // @ts-expect-error create returns a number where the schema says string
      @local.resource("test_typed")
      class Typed {
        schema = { name: attr.string({ required: true, requiresReplace: true }) };
        async create() {
          return { name: 5 };
        }
        async read() {
          return null;
        }
        async delete() {}
      }
      void Typed;
    }).not.toThrow();
  });
});
