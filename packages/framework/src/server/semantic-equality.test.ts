// Semantic equality in the engine: through the test kit (plan, apply, read, import as tofu
// calls them, with every check on) against a "remote API" that respells what it is given, and
// keepEquivalent directly for what the kit cannot reach (sets that would collide, an equal
// that throws, unknowns in the reference).
import { Unknown } from "@tsvider/cty";
import { beforeEach, describe, expect, it } from "vitest";
import { Diagnostics } from "../diagnostics.js";
import { defineProvider } from "../provider.js";
import { defineResource } from "../resource.js";
import { attr } from "../schema/attributes.js";
import { block } from "../schema/blocks.js";
import { customType, types } from "../schema/custom-types.js";
import { t } from "../schema/types.js";
import { testProvider } from "../testing/test-provider.js";
import { keepEquivalent } from "./semantic-equality.js";

/** The remote API respells everything it stores. */
function respellTime(text: string): string {
  // The same instant, an hour ahead, with a zero fraction: 2030-01-01T01:00:00.000+01:00.
  const d = new Date(Date.parse(text) + 3_600_000);
  return `${d.toISOString().slice(0, 19)}.000+01:00`;
}
const respellJson = (text: string) => {
  const parsed = JSON.parse(text) as Record<string, unknown>;
  return JSON.stringify(Object.fromEntries(Object.entries(parsed).reverse()), null, 1);
};
const respellIp = (text: string) => (text === "::1" ? "0:0:0:0:0:0:0:1" : text.toUpperCase());

interface Stored {
  expires_at: string | null;
  settings: string;
  hosts: string[] | null;
  networks: string[] | null;
  rules: { at: string; name: string }[];
  members: { name: string; role: string }[] | null;
}
const remote = new Map<string, Stored>();
let readCount = 0;

const schema = {
  id: attr.string({ computed: true }),
  expires_at: attr.custom(types.rfc3339, { optional: true }),
  settings: attr.custom(types.json, { required: true }),
  hosts: attr.list(types.ip, { optional: true }),
  networks: attr.set(types.cidr, { optional: true }),
  members: attr.setNested(
    { name: attr.custom(types.caseInsensitive, { required: true }), role: attr.string({ required: true }) },
    { optional: true },
  ),
  rule: block.list({
    at: attr.custom(types.rfc3339, { required: true }),
    name: attr.string({ required: true }),
  }),
};

function store(id: string, plan: Record<string, unknown>): Stored {
  const p = plan as unknown as Omit<Stored, "rules"> & { rule: { at: string; name: string }[] };
  const stored: Stored = {
    expires_at: p.expires_at === null ? null : respellTime(p.expires_at),
    settings: respellJson(p.settings),
    hosts: p.hosts?.map(respellIp) ?? null,
    networks: p.networks?.map((n) => n.replace("::", ":0::").toUpperCase()) ?? null,
    rules: p.rule.map((r) => ({ ...r, at: respellTime(r.at) })),
    members: p.members?.map((m) => ({ ...m, name: m.name.toUpperCase() })) ?? null,
  };
  remote.set(id, stored);
  return stored;
}

const asState = (id: string, s: Stored) => ({
  id,
  expires_at: s.expires_at,
  settings: s.settings,
  hosts: s.hosts,
  networks: s.networks,
  members: s.members,
  rule: s.rules,
});

const db = defineResource({
  typeName: "test_db",
  schema,
  async create({ plan }) {
    return asState("db-1", store("db-1", plan)) as never;
  },
  async read({ state }) {
    readCount++;
    const found = remote.get(state.id!);
    return found ? (asState(state.id!, found) as never) : null;
  },
  async update({ plan, state }) {
    return asState(state.id!, store(state.id!, plan)) as never;
  },
  async delete({ state }) {
    remote.delete(state.id!);
  },
  async importState({ id }) {
    return { id };
  },
});

const kit = testProvider(defineProvider({ name: "test", version: "0.1.0", resources: [db] }));

const config = {
  expires_at: "2030-01-01T00:00:00Z",
  settings: '{"a": 1, "b": [1.50, {"c": true}]}',
  hosts: ["::1", "2001:db8::a"],
  // Sets in the order cty keeps them, so states compare with toEqual.
  networks: ["10.0.0.0/8", "2001:db8::/32"],
  members: [
    { name: "alice", role: "admin" },
    { name: "bob", role: "reader" },
  ],
  rule: [{ at: "2031-06-01T12:00:00+02:00", name: "r1" }],
};

beforeEach(() => {
  remote.clear();
  readCount = 0;
});

async function created() {
  const plan = await kit.plan("test_db", { prior: null, config });
  expect(plan.diagnostics).toEqual([]);
  const applied = await kit.apply("test_db", plan);
  expect(applied.diagnostics).toEqual([]);
  return applied.state!;
}

describe("semantic equality through plan, apply, read and import", () => {
  it("apply keeps the planned spelling of every value the API respelled, at any depth", async () => {
    const state = await created();
    expect(state).toEqual({ id: "db-1", ...config });
    // The API did respell them all.
    expect(remote.get("db-1")!.expires_at).toBe("2030-01-01T01:00:00.000+01:00");
    expect(remote.get("db-1")!.members![0]!.name).toBe("ALICE");
  });

  it("read keeps the state's spelling, so a refresh is not drift", async () => {
    const state = await created();
    const read = await kit.read("test_db", state);
    expect(read.diagnostics).toEqual([]);
    expect(readCount).toBe(1);
    expect(read.state).toEqual(state);
  });

  it("read takes a value the API really changed, and the next plan updates it", async () => {
    const state = await created();
    remote.get("db-1")!.expires_at = "2030-01-02T01:00:00+01:00";
    remote.get("db-1")!.hosts = ["::2", "2001:DB8::A"];
    const read = await kit.read("test_db", state);
    expect(read.state).toEqual({
      ...state,
      expires_at: "2030-01-02T01:00:00+01:00",
      hosts: ["::2", "2001:db8::a"],
    });
    const plan = await kit.plan("test_db", { prior: read.state, config });
    // The changed values go back to config's, so the object is updated (id is computed anew).
    expect(plan.planned).toEqual({ ...state, id: Unknown });
  });

  it("a plan whose config respells the state's values plans them as the state has them: no change", async () => {
    const state = await created();
    const respelled = {
      expires_at: "2029-12-31T19:00:00-05:00",
      settings: '{ "b": [15e-1, {"c": true}], "a": 1.0 }',
      hosts: ["0:0:0:0:0:0:0:1", "2001:DB8:0::A"],
      networks: ["10.0.0.0/8", "2001:0db8::/32"],
      members: [
        { name: "BOB", role: "reader" },
        { name: "Alice", role: "admin" },
      ],
      rule: [{ at: "2031-06-01T10:00:00Z", name: "r1" }],
    };
    const plan = await kit.plan("test_db", { prior: state, config: respelled });
    expect(plan.diagnostics).toEqual([]);
    expect(plan.planned).toEqual(state);
  });

  it("a semantically different value plans an update with config's spelling", async () => {
    const state = await created();
    const plan = await kit.plan("test_db", {
      prior: state,
      config: {
        ...config,
        expires_at: "2030-01-01T00:00:01Z",
        settings: '{"a": 2, "b": [1.5, {"c": true}]}',
      },
    });
    expect(plan.diagnostics).toEqual([]);
    const changed = { expires_at: "2030-01-01T00:00:01Z", settings: '{"a": 2, "b": [1.5, {"c": true}]}' };
    expect(plan.planned).toEqual({ ...state, ...changed, id: Unknown });
    const applied = await kit.apply("test_db", plan);
    expect(applied.diagnostics).toEqual([]);
    expect(applied.state).toEqual({ ...state, ...changed });
    expect(remote.get("db-1")!.expires_at).toBe("2030-01-01T01:00:01.000+01:00");
  });

  it("a plain list keeps the prior list only when every element is equal: never a mix", async () => {
    const state = await created();
    const plan = await kit.plan("test_db", {
      prior: state,
      config: { ...config, hosts: ["0:0:0:0:0:0:0:1", "2001:db8::b"] },
    });
    expect(plan.diagnostics).toEqual([]);
    expect(plan.planned!.hosts).toEqual(["0:0:0:0:0:0:0:1", "2001:db8::b"]);
    // The nested block's attribute is still decided alone.
    const blocks = await kit.plan("test_db", {
      prior: state,
      config: { ...config, rule: [{ at: "2031-06-01T10:00:00Z", name: "r2" }] },
    });
    expect(blocks.diagnostics).toEqual([]);
    expect(blocks.planned!.rule).toEqual([{ at: "2031-06-01T12:00:00+02:00", name: "r2" }]);
  });

  it("an import reads the API's spelling, which the next plan keeps as no change", async () => {
    await created();
    const imported = await kit.importState("test_db", "db-1");
    expect(imported.diagnostics).toEqual([]);
    const read = await kit.read("test_db", imported.state!);
    expect(read.state!.expires_at).toBe("2030-01-01T01:00:00.000+01:00");
    const plan = await kit.plan("test_db", { prior: read.state, config });
    expect(plan.diagnostics).toEqual([]);
    expect(plan.planned).toEqual(read.state);
  });

  it("validation refuses a value its type does not accept, at its path, in blocks and collections too", async () => {
    const { diagnostics } = await kit.validate("test_db", {
      ...config,
      expires_at: "2030-01-01 00:00:00+00",
      hosts: ["::1", "localhost"],
      rule: [{ at: "tomorrow", name: "r1" }],
    });
    expect(diagnostics.map((d) => [d.summary, d.path])).toEqual([
      ["Invalid RFC 3339 timestamp", [{ attribute: "expires_at" }]],
      ["Invalid IP address", [{ attribute: "hosts" }, { index: 1 }]],
      ["Invalid RFC 3339 timestamp", [{ attribute: "rule" }, { index: 0 }, { attribute: "at" }]],
    ]);
    expect(diagnostics[0]!.detail).toMatch(/^"expires_at" must be an RFC 3339 timestamp/);
  });
});

describe("keepEquivalent", () => {
  const name = customType({
    base: t.string,
    name: "name",
    equal: (a, b) => a.toLowerCase() === b.toLowerCase(),
  });
  const where = "test_x apply";

  it("pairs set elements one to one, and leaves a set whose elements would collide as it was", () => {
    const s = {
      members: attr.setNested(
        { n: attr.custom(name, { required: true }), x: attr.string({ optional: true, computed: true }) },
        { optional: true },
      ),
    };
    const keep = (reference: unknown, value: unknown) =>
      keepEquivalent(
        s,
        { members: reference as never },
        { members: value as never },
        "result",
        where,
        new Diagnostics(),
      ).members;
    // Each planned element is matched once: "A" and "a" both equal "a", only one takes it.
    expect(
      keep(
        [
          { n: "a", x: Unknown },
          { n: "b", x: "2" },
        ],
        [
          { n: "B", x: "2" },
          { n: "A", x: "1" },
        ],
      ),
    ).toEqual([
      { n: "b", x: "2" },
      { n: "a", x: "1" },
    ]);
    // {A, x} would become {a, x}, which the set already holds: the set is left as returned.
    const collide = [
      { n: "A", x: "x" },
      { n: "a", x: "x" },
    ];
    expect(
      keep(
        [
          { n: "a", x: Unknown },
          { n: "a", x: "x" },
        ],
        collide,
      ),
    ).toBe(collide);
    // An element that differs in anything else keeps its own spelling.
    expect(keep([{ n: "a", x: "1" }], [{ n: "A", x: "2" }])).toEqual([{ n: "A", x: "2" }]);
  });

  it("keeps map entries by key and object attributes by name, and leaves unknown references alone", () => {
    const s = {
      tags: attr.map(name, { optional: true }),
      obj: attr.object({ n: name, k: t.number }, { optional: true }),
      later: attr.custom(name, { computed: true }),
    };
    const out = keepEquivalent(
      s,
      { tags: { a: "x", b: "y" }, obj: { n: "abc", k: 1 }, later: Unknown },
      { tags: { a: "X", b: "z", c: "Y" }, obj: { n: "ABC", k: 2 }, later: "Q" },
      "result",
      where,
      new Diagnostics(),
    );
    expect(out).toEqual({ tags: { a: "x", b: "z", c: "Y" }, obj: { n: "abc", k: 2 }, later: "Q" });
    // In a plan, a plain attribute is kept whole or not at all.
    const planned = keepEquivalent(
      s,
      { tags: { a: "x", b: "y" }, obj: { n: "abc", k: 1 }, later: "q" },
      { tags: { a: "X", b: "Y" }, obj: { n: "ABC", k: 2 }, later: "q" },
      "plan",
      where,
      new Diagnostics(),
    );
    expect(planned).toEqual({ tags: { a: "x", b: "y" }, obj: { n: "ABC", k: 2 }, later: "q" });
  });

  it("takes an equal that throws as not equal, with a warning naming the attribute", () => {
    const broken = customType({
      base: t.string,
      name: "broken",
      equal: () => {
        throw new Error("boom");
      },
    });
    const diagnostics = new Diagnostics();
    const out = keepEquivalent(
      { v: attr.custom(broken, { optional: true }) },
      { v: "a" },
      { v: "A" },
      "result",
      where,
      diagnostics,
    );
    expect(out).toEqual({ v: "A" });
    expect(diagnostics.items).toEqual([
      {
        severity: "warning",
        summary: 'Could not compare "v" with its earlier value',
        detail: expect.stringContaining(
          'In test_x apply, the provider\'s custom type "broken" threw while comparing the values: boom.',
        ),
        path: [{ attribute: "v" }],
      },
    ]);
  });
});
