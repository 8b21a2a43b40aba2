// Every component kind joins a hub the same way: definition objects with hub.add, classes with
// a decorator (ephemeral resources and functions here; resources and data sources in
// decorators.test.ts), all served by the provider whose lists the hub's components are.
import type * as pb from "@tsvider/rpcplugin/tfplugin6";
import { describe, expect, expectTypeOf, it } from "vitest";
import { defineAction } from "./action.js";
import {
  type ActionInput,
  definitionOf,
  type EphemeralResourceInput,
  type StateStoreInput,
} from "./decorators.js";
import { FrameworkConfigurationError } from "./diagnostics.js";
import { defineEphemeralResource } from "./ephemeral-resource.js";
import { defineProviderFunction } from "./function.js";
import { createHub } from "./hub.js";
import { dv, fromDv, startTestServer } from "./internal/test-server.test-support.js";
import { defineProvider } from "./provider.js";
import { attr } from "./schema/attributes.js";
import { t } from "./schema/types.js";

interface Api {
  readonly prefix: string;
}
const hub = createHub<Api>();

const tokenSchema = { length: attr.int64({ required: true }), value: attr.string({ computed: true }) };

@hub.ephemeralResource("test_token")
class Token {
  schema = tokenSchema;
  description = "A token, as a class.";
  static readonly closed: unknown[] = [];

  async open({ config, providerData }: EphemeralResourceInput<typeof tokenSchema, Api>["open"]) {
    expectTypeOf(config.length).toEqualTypeOf<number | bigint>();
    return {
      result: { ...config, value: `${providerData.prefix}${"x".repeat(Number(config.length))}` },
      private: { n: 1 },
    };
  }

  async close({ private: data }: EphemeralResourceInput<typeof tokenSchema, Api>["close"]) {
    Token.closed.push(data);
  }
}

@hub.providerFunction("shout")
class Shout {
  readonly params = [{ name: "text", type: t.string }] as const;
  readonly returns = t.string;
  readonly summary = "Upper-cases its argument.";
  run(text: string) {
    return `${text.toUpperCase()}!`;
  }
}

const pingSchema = { target: attr.string({ required: true }) };

@hub.action("test_ping")
class Ping {
  schema = pingSchema;
  static readonly pinged: string[] = [];
  async invoke({ config, progress }: ActionInput<typeof pingSchema, Api>["invoke"]) {
    expectTypeOf(config.target).toEqualTypeOf<string>();
    progress(`pinging ${config.target}`);
    Ping.pinged.push(config.target);
  }
}

const storeSchema = { bucket: attr.string({ required: true }) };
type Store = Map<string, Uint8Array>;

@hub.stateStore("test_store")
class MemoryStore {
  schema = storeSchema;
  configure(): Store {
    return new Map();
  }
  async getStates({ store }: StateStoreInput<typeof storeSchema, Api, Store>["getStates"]) {
    return [...store.keys()];
  }
  async readState({ store, stateId }: StateStoreInput<typeof storeSchema, Api, Store>["readState"]) {
    return store.get(stateId) ?? null;
  }
  async writeState({ store, stateId, bytes }: StateStoreInput<typeof storeSchema, Api, Store>["writeState"]) {
    store.set(stateId, bytes);
  }
  async deleteState({ store, stateId }: StateStoreInput<typeof storeSchema, Api, Store>["deleteState"]) {
    store.delete(stateId);
  }
}

const lease = defineEphemeralResource({
  typeName: "test_lease",
  schema: { id: attr.string({ computed: true }) },
  async open() {
    return { result: { id: "l" } };
  },
});
const double = defineProviderFunction({
  name: "double",
  params: [{ name: "n", type: t.number }],
  returns: t.number,
  run: (n) => Number(n) * 2,
});
const poke = defineAction({ typeName: "test_poke", schema: {}, async invoke() {} });
hub.add(lease, double, poke);

const provider = defineProvider({
  name: "test",
  version: "1.0.0",
  ...hub.components(),
  configure: () => ({ prefix: "p-" }),
});

describe("the hub, for every kind", () => {
  it("collects ephemeral resources, functions and actions, from add and from decorators", () => {
    const { ephemeralResources, functions, actions, stateStores } = hub.components();
    expect(ephemeralResources.map((e) => e.typeName)).toEqual(["test_token", "test_lease"]);
    expect(functions.map((f) => f.name)).toEqual(["shout", "double"]);
    expect(actions.map((a) => a.typeName)).toEqual(["test_ping", "test_poke"]);
    expect(stateStores.map((s) => s.typeName)).toEqual(["test_store"]);
    expect(definitionOf(Ping)).toMatchObject({ kind: "action", typeName: "test_ping" });
    expect(definitionOf(MemoryStore)).toMatchObject({ kind: "state store", typeName: "test_store" });
    expectTypeOf(definitionOf(MemoryStore).kind).toEqualTypeOf<"state store">();
    expect([...provider.ephemeralResourcesByType.keys()]).toEqual(["test_token", "test_lease"]);
    expect([...provider.functionsByName.keys()]).toEqual(["shout", "double"]);
    expect([...provider.actionsByType.keys()]).toEqual(["test_ping", "test_poke"]);
    expect([...provider.stateStoresByType.keys()]).toEqual(["test_store"]);
    const token = definitionOf(Token);
    expectTypeOf(token.kind).toEqualTypeOf<"ephemeral resource">();
    expect(token).toMatchObject({
      kind: "ephemeral resource",
      typeName: "test_token",
      description: "A token, as a class.",
    });
    expect(definitionOf(Shout)).toMatchObject({
      kind: "function",
      name: "shout",
      summary: "Upper-cases its argument.",
    });
  });

  it("serves what the decorators made", async () => {
    const s = await startTestServer(provider);
    try {
      await s.call("configureProvider", {});
      const schema = await s.call<pb.GetProviderSchema_Response>("getProviderSchema", {});
      expect(Object.keys(schema.ephemeralResourceSchemas)).toEqual(["test_token", "test_lease"]);
      expect(Object.keys(schema.actionSchemas)).toEqual(["test_ping", "test_poke"]);
      expect(Object.keys(schema.stateStoreSchemas)).toEqual(["test_store"]);
      const T = definitionOf(Token).valueType;
      const opened = await s.call<pb.OpenEphemeralResource_Response>("openEphemeralResource", {
        typeName: "test_token",
        config: dv({ length: 3, value: null }, T),
      });
      expect(opened.diagnostics).toEqual([]);
      expect(fromDv(opened.result, T)).toEqual({ length: 3, value: "p-xxx" });
      await s.call("closeEphemeralResource", { typeName: "test_token", private: opened.private });
      expect(Token.closed).toEqual([{ n: 1 }]);
      const called = await s.call<pb.CallFunction_Response>("callFunction", {
        name: "shout",
        arguments: [dv("hey", t.string.type)],
      });
      expect(called.error).toBeUndefined();
      expect(fromDv(called.result, t.string.type)).toBe("HEY!");
    } finally {
      await s.close();
    }
  });

  it("refuses what is not a component, and a class that is not what its decorator says", () => {
    const other = createHub();
    expect(() => other.add({ typeName: "test_x" } as never)).toThrow(
      expect.objectContaining({
        message: "hub.add was given something that is not a component",
        detail: expect.stringContaining(
          "Pass what defineResource, defineDataSource, defineEphemeralResource, defineProviderFunction, defineListResource, defineAction or defineStateStore returned",
        ),
      }),
    );
    const decorate = () => {
      // @ts-expect-error an ephemeral resource class needs open
      @other.ephemeralResource("test_broken")
      class Broken {
        schema = {};
      }
      return Broken;
    };
    expect(decorate).toThrow(FrameworkConfigurationError);
    expect(decorate).toThrow("ephemeral resource test_broken has no open");
    const misnamed = () => {
      @other.providerFunction("one")
      class Misnamed {
        name = "two";
        params = [];
        returns = t.string;
        run() {
          return "";
        }
      }
      return Misnamed;
    };
    expect(misnamed).toThrow('class Misnamed is decorated as function one but says name "two"');
  });

  it("keeps the kinds' duplicate checks for what a hub gathered and what is listed by hand", () => {
    const twice = createHub();
    twice.add(lease);
    expect(() =>
      defineProvider({
        name: "test",
        version: "1",
        ephemeralResources: [...twice.components().ephemeralResources, lease],
      }),
    ).toThrow(FrameworkConfigurationError);
  });
});

describe("a hub decorator applied to something other than a class", () => {
  it("names itself, as written, in the error", () => {
    const other = createHub();
    const methodContext = { kind: "method", name: "m" } as unknown as ClassDecoratorContext;
    const apply = (decorator: (value: never, context: ClassDecoratorContext) => void) => () =>
      decorator((() => {}) as never, methodContext);
    expect(apply(other.resource("x_r"))).toThrow('@hub.resource("x_r") is applied to a method');
    expect(apply(other.dataSource("x_d"))).toThrow('@hub.dataSource("x_d") is applied to a method');
    expect(apply(other.ephemeralResource("x_e"))).toThrow(
      '@hub.ephemeralResource("x_e") is applied to a method',
    );
    expect(apply(other.action("x_a"))).toThrow('@hub.action("x_a") is applied to a method');
    expect(apply(other.stateStore("x_s"))).toThrow('@hub.stateStore("x_s") is applied to a method');
  });
});
