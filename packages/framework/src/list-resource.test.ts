// List resources: the definition's start-up checks, the types authors get, and the core's
// stream of events (limit, include_resource, errors mid-stream, bad results, closing the
// author's generator).
import { Unknown } from "@tsvider/cty";
import { describe, expect, expectTypeOf, it } from "vitest";
import { FrameworkConfigurationError, TsviderError } from "./diagnostics.js";
import { identityAttr } from "./identity.js";
import { defineListResource, type ListResult } from "./list-resource.js";
import { defineProvider } from "./provider.js";
import { defineResource } from "./resource.js";
import { attr } from "./schema/attributes.js";
import { block } from "./schema/blocks.js";
import { type ListEvent, listResource } from "./server/list-resource.js";
import { ProviderServer } from "./server/provider-server.js";

const item = defineResource({
  typeName: "test_item",
  schema: {
    name: attr.string({ required: true }),
    size: attr.int64({ optional: true }),
    id: attr.string({ computed: true }),
    secret: attr.string({ optional: true, writeOnly: true }),
  },
  identity: { schema: { name: identityAttr.string({ requiredForImport: true }) } },
  async create({ plan }) {
    return { ...plan, id: `id-${plan.name}` };
  },
  async read({ state }) {
    return state;
  },
  async update({ plan, state }) {
    return { ...plan, id: state.id };
  },
  async delete() {},
});

const noIdentity = defineResource({
  typeName: "test_plain",
  schema: { name: attr.string({ required: true }) },
  async create({ plan }) {
    return plan;
  },
  async read({ state }) {
    return state;
  },
  async update({ plan }) {
    return plan;
  },
  async delete() {},
});

const names = ["a", "b", "c", "d", "e"];
/** What the generator saw: how many results it was asked for, and whether its finally ran. */
const seen = { pulled: 0, closed: 0 };

const items = defineListResource({
  resource: item,
  description: "Items whose name starts with a prefix.",
  schema: {
    prefix: attr.string({ optional: true }),
    fail_after: attr.int64({ optional: true }),
    filter: block.list({ value: attr.string({ required: true }) }),
  },
  validateConfig({ config, diagnostics }) {
    if (config.prefix === "!") diagnostics.addError("bad prefix", "not !", [{ attribute: "prefix" }]);
  },
  async *list({ config, includeResource }) {
    try {
      for (const [i, name] of names.entries()) {
        if (config.fail_after !== null && i === config.fail_after)
          throw new TsviderError("the listing broke", { detail: `after ${i} results` });
        if (config.prefix !== null && !name.startsWith(config.prefix)) continue;
        seen.pulled++;
        yield {
          displayName: `item ${name}`,
          identity: { name },
          ...(includeResource ? { resource: { name, size: i, id: `id-${name}`, secret: null } } : {}),
        };
      }
    } finally {
      seen.closed++;
    }
  },
});

const provider = defineProvider({
  name: "test",
  version: "1.0.0",
  resources: [item],
  listResources: [items],
});
const server = new ProviderServer(provider, { env: {} });
const config = (values: Record<string, unknown> = {}) => ({
  prefix: null,
  fail_after: null,
  filter: [],
  ...values,
});

async function collect(events: AsyncIterable<ListEvent>): Promise<ListEvent[]> {
  const out: ListEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

describe("defineListResource", () => {
  it("takes the listed resource's type name and types results from it", () => {
    expect(items.typeName).toBe("test_item");
    expect(items.kind).toBe("list resource");
    type Result = ListResult<typeof item>;
    expectTypeOf<Result["identity"]>().toEqualTypeOf<{ name: string }>();
    expectTypeOf<NonNullable<Result["resource"]>>().toEqualTypeOf<{
      name: string;
      size: number | bigint | null;
      id: string | null;
      secret: null;
    }>();
    expectTypeOf<{ displayName: "x"; identity: { id: string } }>().not.toExtend<Result>();
    expectTypeOf<{
      displayName: "x";
      identity: { name: string };
      resource: { name: string; colour: string };
    }>().not.toExtend<Result>();
    defineListResource({
      resource: item,
      schema: { prefix: attr.string({ required: true }), n: attr.int64({ optional: true }) },
      async *list({ config, includeResource, limit }) {
        expectTypeOf(config.prefix).toEqualTypeOf<string>();
        expectTypeOf(config.n).toEqualTypeOf<number | bigint | null>();
        expectTypeOf(includeResource).toEqualTypeOf<boolean>();
        expectTypeOf(limit).toEqualTypeOf<number>();
        yield { displayName: "x", identity: { name: config.prefix } };
      },
    });
  });

  it("refuses a resource without identity, a missing list, and computed config", () => {
    expect(() => defineListResource({ resource: noIdentity, schema: {}, async *list() {} })).toThrow(
      /resource test_plain has no identity/,
    );
    expect(() => defineListResource({ resource: {} as typeof item, schema: {}, async *list() {} })).toThrow(
      /resource is not a managed resource/,
    );
    expect(() => defineListResource({ resource: item, schema: {} } as never)).toThrow(
      /list resource test_item has no list/,
    );
    expect(() =>
      defineListResource({
        resource: item,
        schema: { found: attr.string({ computed: true }) },
        async *list() {},
      }),
    ).toThrow(/attribute "found" is computed/);
  });

  it("needs the provider to serve the same resource, once", () => {
    expect(() => defineProvider({ name: "test", version: "1.0.0", listResources: [items] })).toThrow(
      /lists a resource the provider does not serve/,
    );
    const other = defineResource({ ...item, identity: item.identity! });
    expect(() =>
      defineProvider({ name: "test", version: "1.0.0", resources: [other], listResources: [items] }),
    ).toThrow(/another definition of resource test_item/);
    expect(() =>
      defineProvider({ name: "test", version: "1.0.0", resources: [item], listResources: [items, items] }),
    ).toThrow(FrameworkConfigurationError);
  });
});

describe("the list stream", () => {
  it("yields one event per result, with identity and display name, and closes the generator", async () => {
    seen.closed = 0;
    const events = await collect(
      listResource(server, items, { config: config(), includeResource: false, limit: 100 }),
    );
    expect(events.map((e) => [e.displayName, e.identity, e.resource])).toEqual(
      names.map((n) => [`item ${n}`, { name: n }, undefined]),
    );
    expect(events.every((e) => e.diagnostics.length === 0)).toBe(true);
    expect(seen.closed).toBe(1);
  });

  it("sends each object's state only when asked, write-only values null", async () => {
    const events = await collect(
      listResource(server, items, { config: config({ prefix: "b" }), includeResource: true, limit: 100 }),
    );
    expect(events).toEqual([
      {
        displayName: "item b",
        identity: { name: "b" },
        resource: { name: "b", size: 1, id: "id-b", secret: null },
        diagnostics: [],
      },
    ]);
  });

  it("stops the generator at the limit: no result past it is even looked for", async () => {
    seen.pulled = 0;
    seen.closed = 0;
    const events = await collect(
      listResource(server, items, { config: config(), includeResource: false, limit: 2 }),
    );
    expect(events.map((e) => e.displayName)).toEqual(["item a", "item b"]);
    expect(seen.pulled).toBe(2);
    expect(seen.closed).toBe(1);
    const none = await collect(
      listResource(server, items, { config: config(), includeResource: false, limit: 0 }),
    );
    expect(none).toEqual([]);
  });

  it("sends the results before an error, then the error, and closes the generator", async () => {
    seen.closed = 0;
    const events = await collect(
      listResource(server, items, { config: config({ fail_after: 2 }), includeResource: false, limit: 100 }),
    );
    expect(events.map((e) => e.displayName)).toEqual(["item a", "item b", undefined]);
    expect(events[2]!.diagnostics).toEqual([
      { severity: "error", summary: "the listing broke", detail: "after 2 results" },
    ]);
    expect(seen.closed).toBe(1);
  });

  it("closes the generator when the consumer stops early", async () => {
    seen.closed = 0;
    const events = listResource(server, items, { config: config(), includeResource: false, limit: 100 });
    const first = await events.next();
    expect(first.value?.displayName).toBe("item a");
    await events.return();
    expect(seen.closed).toBe(1);
  });

  it("ends without waiting when the host cancels while the author is still looking", async () => {
    let closed = false;
    const slow = defineListResource({
      resource: item,
      schema: {},
      async *list() {
        try {
          yield { displayName: "one", identity: { name: "one" } };
          await new Promise(() => {}); // never finds the next one, and ignores the signal
        } finally {
          closed = true;
        }
      },
    });
    const p = defineProvider({ name: "test", version: "1.0.0", resources: [item], listResources: [slow] });
    const cancel = new AbortController();
    const events = listResource(
      new ProviderServer(p, { env: {} }),
      slow,
      { config: {}, includeResource: false, limit: 10 },
      cancel.signal,
    );
    expect((await events.next()).value?.displayName).toBe("one");
    const second = events.next();
    cancel.abort();
    expect(await second).toEqual({ done: true, value: undefined });
    // The close waits behind the author's pending step, which never ends.
    expect(closed).toBe(false);
  });

  it("ends with an error when the provider is stopped while the author is still looking", async () => {
    const waiting = defineListResource({
      resource: item,
      schema: {},
      async *list({ signal }) {
        yield { displayName: "one", identity: { name: "one" } };
        await new Promise((resolve) => signal.addEventListener("abort", resolve, { once: true }));
      },
    });
    const p = defineProvider({ name: "test", version: "1.0.0", resources: [item], listResources: [waiting] });
    const stopping = new ProviderServer(p, { env: {} });
    const events = listResource(stopping, waiting, { config: {}, includeResource: false, limit: 10 });
    expect((await events.next()).value?.displayName).toBe("one");
    const next = events.next();
    stopping.stop();
    expect((await next).value?.diagnostics).toMatchObject([
      { severity: "error", summary: "list resource test_item stopped" },
    ]);
    expect((await events.next()).done).toBe(true);
  });

  it("passes warnings with the next result, and a trailing one alone", async () => {
    const warned = defineListResource({
      resource: item,
      schema: {},
      async *list({ diagnostics }) {
        diagnostics.addWarning("slow API", "paging");
        yield { displayName: "one", identity: { name: "one" } };
        diagnostics.addWarning("truncated", "more exist");
      },
    });
    const p = defineProvider({ name: "test", version: "1.0.0", resources: [item], listResources: [warned] });
    const events = await collect(
      listResource(new ProviderServer(p, { env: {} }), warned, {
        config: {},
        includeResource: false,
        limit: 10,
      }),
    );
    expect(events.map((e) => [e.displayName, e.diagnostics.map((d) => d.summary)])).toEqual([
      ["one", ["slow API"]],
      [undefined, ["truncated"]],
    ]);
  });

  it("refuses results that break the rules, naming the result", async () => {
    const cases: [unknown, RegExp][] = [
      [{ displayName: "x" }, /result "x" has no identity/],
      [{ displayName: "x", identity: { name: null } }, /no value for identity attribute "name"/],
      [
        { displayName: "x", identity: { name: "x", extra: 1 } },
        /identity attribute the identity schema does not have/,
      ],
      [{ displayName: "x", identity: { name: Unknown } }, /unknown identity value/],
      [{ displayName: 3, identity: { name: "x" } }, /displayName is not a string/],
      ["x", /yielded something other than a result/],
      [
        { displayName: "x", identity: { name: "x" }, resource: { name: "x", colour: "red" } },
        /resource returned an attribute the schema does not have/,
      ],
      [{ displayName: "x", identity: { name: "x" }, resource: { name: "x", id: Unknown } }, /unknown/i],
    ];
    for (const [result, message] of cases) {
      const bad = defineListResource({
        resource: item,
        schema: {},
        *list() {
          yield result as never;
        },
      });
      const p = defineProvider({ name: "test", version: "1.0.0", resources: [item], listResources: [bad] });
      const events = await collect(
        listResource(new ProviderServer(p, { env: {} }), bad, {
          config: {},
          includeResource: true,
          limit: 10,
        }),
      );
      expect(events).toHaveLength(1);
      expect(events[0]!.identity).toBeUndefined();
      expect(events[0]!.diagnostics.map((d) => `${d.summary}: ${d.detail}`).join("\n")).toMatch(message);
    }
  });

  it("warns when asked for resources and a result has none", async () => {
    const bare = defineListResource({
      resource: item,
      schema: {},
      list: () => [{ displayName: "x", identity: { name: "x" } }],
    });
    const p = defineProvider({ name: "test", version: "1.0.0", resources: [item], listResources: [bare] });
    const [event] = await collect(
      listResource(new ProviderServer(p, { env: {} }), bare, {
        config: {},
        includeResource: true,
        limit: 10,
      }),
    );
    expect(event!.identity).toEqual({ name: "x" });
    expect(event!.diagnostics).toMatchObject([{ severity: "warning", summary: /gave no resource for "x"/ }]);
  });

  it("answers a list that throws before yielding, or returns no iterable, with one error", async () => {
    const throws = defineListResource({
      resource: item,
      schema: {},
      list: () => {
        throw new Error("no connection");
      },
    });
    const notIterable = defineListResource({ resource: item, schema: {}, list: () => 42 as never });
    for (const [definition, message] of [
      [throws, /no connection/],
      [notIterable, /not iterable/],
    ] as const) {
      const p = defineProvider({
        name: "test",
        version: "1.0.0",
        resources: [item],
        listResources: [definition],
      });
      const events = await collect(
        listResource(new ProviderServer(p, { env: {} }), definition, {
          config: {},
          includeResource: false,
          limit: 10,
        }),
      );
      expect(events).toHaveLength(1);
      expect(events[0]!.diagnostics[0]!.detail).toMatch(message);
    }
  });

  it("reads a null config block as every attribute null, and refuses what breaks the schema", async () => {
    const events = await collect(
      listResource(server, items, { config: null, includeResource: false, limit: 1 }),
    );
    expect(events.map((e) => e.displayName)).toEqual(["item a"]);
    const bad = await collect(
      listResource(server, items, {
        config: config({ filter: [{ value: null }] }),
        includeResource: false,
        limit: 9,
      }),
    );
    expect(bad).toHaveLength(1);
    expect(bad[0]!.diagnostics[0]).toMatchObject({
      severity: "error",
      path: [{ attribute: "filter" }, { index: 0 }, { attribute: "value" }],
    });
  });
});
