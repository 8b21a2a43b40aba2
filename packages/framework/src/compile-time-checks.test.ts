// Mistakes the compiler refuses: a component written for other provider data than the
// provider's `configure` returns (provider-data.ts, provider.ts), an attribute a handler returns
// that the schema lacks (schema/exact.ts), and options that contradict each other
// (schema/attributes.ts). Each `@ts-expect-error` fails `tsc` (the package's typecheck) when
// the mistake compiles again; the positive cases fail it when normal code stops compiling or
// is inferred differently. The runtime assertions check what the types leave to start-up, and
// the last block compiles snippets to check where each error lands and what it says.
import { fileURLToPath } from "node:url";
import type { Unknown } from "@tsvider/cty";
import ts from "typescript";
import { describe, expect, expectTypeOf, it } from "vitest";
import { defineDataSource } from "./data-source.js";
import { FrameworkConfigurationError } from "./diagnostics.js";
import { defineEphemeralResource } from "./ephemeral-resource.js";
import { createHub } from "./hub.js";
import { privateState } from "./private-state.js";
import { defineProvider, type Provider } from "./provider.js";
import { withProviderData } from "./provider-data.js";
import { defineResource, type Resource } from "./resource.js";
import { type Attribute, attr } from "./schema/attributes.js";
import { block } from "./schema/blocks.js";
import type { Returned, State } from "./schema/infer.js";
import { useNonNullStateForUnknown, useStateForUnknown } from "./schema/plan-modifiers.js";
import type { Schema } from "./schema/schema.js";
import { t } from "./schema/types.js";
import { testProvider } from "./testing/index.js";

class Db {
  readonly rows = new Map<string, string>();
  insert(name: string): string {
    const id = `row-${this.rows.size + 1}`;
    this.rows.set(id, name);
    return id;
  }
}
class Queue {
  readonly depth = 0;
}

type DataOf<T> = T extends Provider<infer _S, infer P, infer _M> ? P : never;

describe("provider data, typed once", () => {
  const mycloud = withProviderData<Db>();
  const server = mycloud.resource({
    typeName: "pd_server",
    schema: {
      id: attr.string({ computed: true }),
      name: attr.string({ required: true, requiresReplace: true }),
    },
    async create({ plan, providerData }) {
      expectTypeOf(providerData).toEqualTypeOf<Db>();
      return { ...plan, id: providerData.insert(plan.name) };
    },
    async read({ state, providerData }) {
      expectTypeOf(providerData).toEqualTypeOf<Db>();
      return state;
    },
    async delete() {},
  });
  const image = mycloud.dataSource({
    typeName: "pd_image",
    schema: { name: attr.string({ required: true }), id: attr.string({ computed: true }) },
    async read({ config, providerData }) {
      expectTypeOf(providerData).toEqualTypeOf<Db>();
      return { ...config, id: `image-${providerData.rows.size}` };
    },
  });
  const queueDepth = withProviderData<Queue>().dataSource({
    typeName: "pd_queue",
    schema: { depth: attr.number({ computed: true }) },
    async read({ providerData }) {
      return { depth: providerData.depth };
    },
  });
  // Written without provider data: fits any provider.
  const plain = defineResource({
    typeName: "pd_plain",
    schema: { id: attr.string({ computed: true }) },
    async create() {
      return { id: "plain" };
    },
    async read({ state }) {
      return state;
    },
    async delete() {},
  });

  it("types each component's providerData, and infers the rest as defineResource does", () => {
    expectTypeOf(server).toEqualTypeOf<Resource<typeof server.schema, Db, never, Schema, never>>();
    expectTypeOf<State<typeof server.schema>>().toEqualTypeOf<{ id: string | null; name: string }>();
    expectTypeOf(image.read).parameter(0).toHaveProperty("providerData").toEqualTypeOf<Db>();
  });

  it("takes the provider's data type from configure alone, and holds every listed component to it", () => {
    const provider = defineProvider({
      name: "pd",
      version: "1.0.0",
      resources: [server, plain],
      dataSources: [image],
      configure: () => new Db(),
    });
    expectTypeOf<DataOf<typeof provider>>().toEqualTypeOf<Db>();
    defineProvider({
      name: "pd",
      version: "1.0.0",
      dataSources: [
        image,
        // @ts-expect-error queueDepth is written for a Queue; this provider's configure returns a Db.
        queueDepth,
      ],
      configure: async () => new Db(),
    });
    // @ts-expect-error The same, joining through a hub typed for the provider's data.
    createHub<Db>().add(queueDepth);
  });

  it("keeps defineResource<typeof schema, Data> as it was, held to the provider the same way", () => {
    const schema = { id: attr.string({ computed: true }) };
    const queued = defineResource<typeof schema, Queue>({
      typeName: "pd_queued",
      schema,
      async create({ providerData }) {
        expectTypeOf(providerData).toEqualTypeOf<Queue>();
        return { id: "q" };
      },
      async read({ state }) {
        return state;
      },
      async delete() {},
    });
    expectTypeOf(queued).toEqualTypeOf<Resource<typeof schema, Queue, never, Schema, never>>();
    defineProvider({
      name: "pd",
      version: "1.0.0",
      resources: [
        // @ts-expect-error Written for a Queue; configure returns a Db.
        queued,
      ],
      configure: () => new Db(),
    });
  });

  it("serves components made through withProviderData with the data configure returned", async () => {
    const kit = testProvider(
      defineProvider({ name: "pd", version: "1.0.0", resources: [server], configure: () => new Db() }),
    );
    const plan = await kit.plan("pd_server", { prior: null, config: { name: "web" } });
    const applied = await kit.apply("pd_server", plan);
    expect(applied.diagnostics).toEqual([]);
    expect(applied.state).toEqual({ id: "row-1", name: "web" });
  });
});

describe("attributes a handler returns that the schema lacks", () => {
  const schema = {
    id: attr.string({ computed: true }),
    name: attr.string({ required: true }),
    tags: attr.map(t.string, { optional: true }),
    disk: attr.singleNested(
      { size: attr.int64({ required: true }), id: attr.string({ computed: true }) },
      { optional: true },
    ),
    network: block.list({ cidr: attr.string({ required: true }) }),
  };

  it("refuses one at the top, in a nested object and in a block's elements", () => {
    defineResource({
      typeName: "ex_server",
      schema,
      // @ts-expect-error nmae is not in the schema.
      async create({ plan }) {
        return { ...plan, id: "x", disk: null, nmae: "x" };
      },
      // @ts-expect-error disk.sise is not in the schema.
      async read({ state }) {
        if (state.id === "gone") return null;
        return { ...state, disk: state.disk && { ...state.disk, sise: 1 } };
      },
      // @ts-expect-error network[].cdir is not in the schema.
      async update({ plan, state }) {
        return {
          ...plan,
          id: state.id,
          disk: state.disk,
          network: plan.network.map((n) => ({ ...n, cdir: "" })),
        };
      },
      async delete() {},
      // @ts-expect-error nmae is not in the schema.
      async importState({ id }) {
        return { id, nmae: "x" };
      },
      // @ts-expect-error idd is not in the schema.
      async modifyPlan({ plan }) {
        if (plan === null) return undefined;
        return { plan: { ...plan, idd: "x" } };
      },
    });
  });

  it("refuses one in a data source's read and an ephemeral resource's open", () => {
    defineDataSource({
      typeName: "ex_image",
      schema: { name: attr.string({ required: true }), id: attr.string({ computed: true }) },
      // @ts-expect-error nmae is not in the schema.
      async read({ config }) {
        return { ...config, id: "x", nmae: "x" };
      },
    });
    defineEphemeralResource({
      typeName: "ex_token",
      schema: { name: attr.string({ required: true }), token: attr.string({ computed: true }) },
      privateState: privateState<{ lease: string }>(),
      // @ts-expect-error result.tokne is not in the schema.
      async open({ config }) {
        return { result: { ...config, token: "t", tokne: "t" }, private: { lease: "l" } };
      },
    });
  });

  it("accepts spreads, several return statements, maps, null, defer and readonly arrays", async () => {
    const server = defineResource({
      typeName: "ex_server",
      schema,
      async create({ plan }) {
        if (plan.name === "bare") return { ...plan, id: "bare", disk: null };
        return {
          ...plan,
          id: "x",
          disk: plan.disk === null ? null : { ...plan.disk, id: "d" },
          network: [{ cidr: "10.0.0.0/24" }] as const,
        };
      },
      async read({ state, defer }) {
        if (state.id === "gone") return null;
        if (state.id === "later") return defer("absent_prereq");
        return state;
      },
      async update({ plan, state }) {
        return { ...plan, id: state.id, disk: state.disk };
      },
      async delete() {},
      async importState({ id }) {
        // A map takes any key.
        return id === "tagged" ? { id, tags: { any: "key" } } : { id };
      },
      async modifyPlan({ plan }) {
        if (plan === null) return undefined;
        return plan.name === "keep"
          ? undefined
          : { plan: { ...plan, tags: null }, requiresReplace: ["name"] };
      },
    });
    // What a Resource's handlers return is still what the schema allows, not what these bodies do.
    expectTypeOf(server.create).returns.toEqualTypeOf<Promise<Returned<State<typeof schema>>>>();
    const image = defineDataSource({
      typeName: "ex_image",
      schema: { name: attr.string({ required: true }), id: attr.string({ computed: true }) },
      async read({ config }) {
        return { ...config, id: "x" };
      },
    });
    const kit = testProvider(
      defineProvider({ name: "ex", version: "1", resources: [server], dataSources: [image] }),
    );
    const applied = await kit.apply(
      "ex_server",
      await kit.plan("ex_server", { prior: null, config: { name: "bare" } }),
    );
    expect(applied.diagnostics).toEqual([]);
    expect(applied.state).toMatchObject({ id: "bare", name: "bare", tags: null });
  });

  it("still reports a value of the wrong type as before", () => {
    defineResource({
      typeName: "ex_wrong",
      schema: { id: attr.string({ computed: true }) },
      // @ts-expect-error id is a string.
      async create() {
        return { id: 1 };
      },
      async read({ state }) {
        return state;
      },
      async delete() {},
    });
  });
});

describe("attribute options that contradict each other", () => {
  it("refuses them where they are written", () => {
    // @ts-expect-error required and computed
    attr.string({ required: true, computed: true });
    // @ts-expect-error required and optional
    attr.string({ required: true, optional: true });
    // @ts-expect-error a default needs computed
    attr.string({ optional: true, default: "x" });
    // @ts-expect-error an int64 default is whole
    attr.int64({ optional: true, computed: true, default: 1.5 });
    // @ts-expect-error useStateForUnknown() keeps a computed value
    attr.string({ optional: true, planModifiers: [useStateForUnknown()] });
    // @ts-expect-error so does useNonNullStateForUnknown()
    attr.string({ required: true, planModifiers: [useNonNullStateForUnknown()] });
    // @ts-expect-error write-only and computed
    attr.string({ optional: true, computed: true, writeOnly: true });
    // @ts-expect-error the same rules for typed collections
    attr.list(t.string, { required: true, computed: true });
    // @ts-expect-error and for nested attributes
    attr.singleNested({ a: attr.string({ required: true }) }, { optional: true, default: { a: "x" } });
  });

  it("accepts what is consistent, and infers the attribute as before", () => {
    const withDefault = attr.string({
      optional: true,
      computed: true,
      default: "x",
      planModifiers: [useStateForUnknown()],
    });
    expectTypeOf(withDefault).toEqualTypeOf<
      Attribute<
        string,
        {
          readonly optional: true;
          readonly computed: true;
          readonly default: "x";
          readonly planModifiers: readonly [ReturnType<typeof useStateForUnknown>];
        },
        string | Unknown
      >
    >();
    attr.int64({ optional: true, computed: true, default: 2 });
    attr.int64({ optional: true, computed: true, default: -3 });
    attr.int64({ optional: true, computed: true, default: 9007199254740993n });
    attr.float64({ optional: true, computed: true, default: 1.5 });
    attr.string({ required: true, validators: [(value) => (value.length > 3 ? undefined : "too short")] });
    attr.listNested({ a: attr.string({ required: true }) }, { optional: true, computed: true, default: [] });
  });

  it("leaves options built at run time to the start-up checks", () => {
    const required: boolean = Number("1") === 1;
    const options = { required, computed: true };
    // Built by the builder without complaint, refused when the resource is defined.
    expect(() =>
      defineResource({
        typeName: "op_x",
        schema: { a: attr.string(options) },
        async create({ plan }) {
          return plan;
        },
        async read({ state }) {
          return state;
        },
        async delete() {},
      }),
    ).toThrowError(
      new FrameworkConfigurationError('resource op_x: attribute "a" is both required and computed', {
        detail:
          "A required value comes from config; use optional + computed for a default the provider fills in.",
        path: [{ attribute: "a" }],
      }),
    );
    expect(() => attr.string(options)).not.toThrow();
  });
});

// Where the compiler puts each error and what it says, for the three kinds: short, at the
// mistake, naming it. The snippets are compiled against this package's sources.
describe("the compiler's messages", () => {
  const here = fileURLToPath(new URL(".", import.meta.url));
  const snippet = `
import { attr, defineProvider, defineResource, withProviderData } from "./index.js";
class Db { a = 1; }
class Queue { b = 1; }
const queued = withProviderData<Queue>().resource({
  typeName: "m_q",
  schema: { id: attr.string({ computed: true }) },
  async create() { return { id: "q" }; },
  async read({ state }) { return state; },
  async delete() {},
});
export const provider = defineProvider({ name: "m", version: "1", resources: [queued], configure: () => new Db() });
export const typo = defineResource({
  typeName: "m_t",
  schema: { id: attr.string({ computed: true }), name: attr.string({ required: true }) },
  async create({ plan }) { return { ...plan, id: "x", nmae: "x" }; },
  async read({ state }) { return state; },
  async update({ plan }) { return { ...plan, id: "x" }; },
  async delete() {},
});
export const flags = attr.string({ required: true, computed: true });
`;

  function diagnostics(): { at: string; text: string }[] {
    const file = `${here}compile-time-checks.snippet.ts`;
    const config = ts.getParsedCommandLineOfConfigFile(
      `${here}../tsconfig.json`,
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: () => {},
      },
    )!;
    const host = ts.createCompilerHost(config.options);
    const readFile = host.readFile;
    host.readFile = (name) => (name === file ? snippet : readFile(name));
    const fileExists = host.fileExists;
    host.fileExists = (name) => name === file || fileExists(name);
    const program = ts.createProgram([file], { ...config.options, noEmit: true }, host);
    return ts.getPreEmitDiagnostics(program, program.getSourceFile(file)).map((d) => {
      const start = d.start ?? 0;
      return {
        at: snippet.slice(start, start + (d.length ?? 0)),
        text: ts.flattenDiagnosticMessageText(d.messageText, "\n"),
      };
    });
  }

  it("puts each error at the mistake, in a few lines that name it", () => {
    const found = diagnostics();
    expect(found.map((d) => d.at)).toEqual(["queued", "create", "computed"]);
    const [data, typo, flags] = found;
    // The first member compared is the phantom carrying the data type, not upgraders.
    expect(data?.text).toContain("Types of property '__providerData' are incompatible.");
    expect(data?.text).not.toContain("upgraders");
    expect(data?.text.split("\n").length).toBeLessThanOrEqual(5);
    expect(typo?.text).toMatch(
      /Types of property 'nmae' are incompatible\.\n\s*Type 'string' is not assignable to type '"is not an attribute of the schema: check its spelling, or add the attribute to the schema"'\./,
    );
    expect(flags?.text).toBe(
      `Type 'true' is not assignable to type '"is contradicted by required: true. A required value comes from config; use optional + computed for a value the provider fills in."'.`,
    );
  }, 60_000);
});
