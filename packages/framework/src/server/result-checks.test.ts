// The plan/apply contract, rule by rule: each test breaks one of Terraform's rules on purpose
// and expects the framework to catch it first, naming the component and the attribute.
import * as cty from "@tsvider/cty";
import { RefinedUnknown, Unknown } from "@tsvider/cty";
import * as pb from "@tsvider/rpcplugin/tfplugin6";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Diagnostics, ResourceLifecycleContractError } from "../diagnostics.js";
import { dv, fromDv, startTestServer } from "../internal/test-server.test-support.js";
import { defineProvider } from "../provider.js";
import { defineResource } from "../resource.js";
import { attr } from "../schema/attributes.js";
import { block } from "../schema/blocks.js";
import type { Schema } from "../schema/schema.js";
import type { ObjectValue } from "../values/object-value.js";
import { checkPlanned, checkWhollyKnown } from "./result-checks.js";

const schema = {
  name: attr.string({ required: true }),
  note: attr.string({ optional: true }),
  size: attr.number({ optional: true, computed: true }),
  id: attr.string({ computed: true }),
  secret: attr.string({ optional: true, sensitive: true }),
  password: attr.string({ optional: true, writeOnly: true }),
  disks: attr.listNested(
    { size: attr.number({ required: true }), id: attr.string({ computed: true }) },
    {
      optional: true,
    },
  ),
  labels: attr.mapNested({ value: attr.string({ required: true }) }, { optional: true }),
  tags: attr.setNested({ key: attr.string({ required: true }) }, { optional: true }),
  network: block.list({ cidr: attr.string({ required: true }), gateway: attr.string({ computed: true }) }),
  zone: block.map({ weight: attr.number({ required: true }) }),
  rule: block.set({ port: attr.number({ required: true }) }),
  boot: block.single({ image: attr.string({ required: true }) }),
} satisfies Schema;

const config: ObjectValue = {
  name: "a",
  note: null,
  size: null,
  id: null,
  secret: null,
  password: null,
  disks: null,
  labels: null,
  tags: null,
  network: [],
  zone: {},
  rule: [],
  boot: null,
};
const planned: ObjectValue = { ...config, size: Unknown, id: Unknown };

function check(
  plan: Partial<ObjectValue> | null,
  cfg: Partial<ObjectValue> = {},
  prior: ObjectValue | null = null,
) {
  const diagnostics = new Diagnostics();
  const found = checkPlanned(
    schema,
    prior,
    { ...config, ...cfg } as ObjectValue,
    plan === null ? null : ({ ...planned, ...cfg, ...plan } as ObjectValue),
    "x_server plan",
    diagnostics,
  );
  for (const error of found) expect(error).toBeInstanceOf(ResourceLifecycleContractError);
  expect(found.map((e) => e.message)).toEqual(diagnostics.items.map((d) => d.summary));
  return diagnostics.items.map((d) => ({
    summary: d.summary,
    path: d.path?.map((s) => Object.values(s)[0]),
  }));
}

describe("checkPlanned: attributes", () => {
  it("accepts the framework's own plan, and computed values planned unknown or known", () => {
    expect(check({})).toEqual([]);
    expect(check({ size: 3, id: "x" })).toEqual([]);
  });

  it("refuses a change to a value config sets", () => {
    expect(check({ name: "b" })).toEqual([
      { summary: 'x_server plan planned "name" differently from config', path: ["name"] },
    ]);
    expect(check({ size: 4 }, { size: 3 })).toEqual([
      { summary: 'x_server plan planned "size" differently from config', path: ["size"] },
    ]);
  });

  it("accepts the prior value in place of config's (equivalent), but only when both are set", () => {
    const prior = { ...config, name: "A", id: "x", size: 1 };
    expect(check({ name: "A", size: 1, id: "x" }, {}, prior)).toEqual([]);
    expect(check({ note: "old" }, {}, { ...prior, note: "old" })).toEqual([
      { summary: 'x_server plan planned a value for "note", which config leaves unset', path: ["note"] },
    ]);
  });

  it("refuses a value for an attribute config leaves unset that is not computed", () => {
    expect(check({ note: "made up" })[0]!.summary).toBe(
      'x_server plan planned a value for "note", which config leaves unset',
    );
  });

  it("never shows a sensitive value", () => {
    const diagnostics = new Diagnostics();
    checkPlanned(
      schema,
      null,
      { ...config, secret: "hunter2" },
      { ...planned, secret: "other" },
      "x",
      diagnostics,
    );
    expect(diagnostics.items[0]!.detail).not.toMatch(/hunter2|other/);
    expect(diagnostics.items[0]!.detail).toContain("(sensitive)");
  });

  it("refuses a write-only value in the plan", () => {
    // Even equal to config: the host refuses any non-null write-only value in a plan
    // ("Invalid provider response", OpenTofu's plugin6/validation/write_only.go).
    expect(check({ password: "p" }, { password: "p" })).toEqual([
      { summary: 'x_server plan planned a value for the write-only "password"', path: ["password"] },
    ]);
    expect(check({ password: "q" }, { password: "p" })).toEqual([
      { summary: 'x_server plan planned a value for the write-only "password"', path: ["password"] },
    ]);
  });

  it("compares unknowns without their refinements, as Terraform does", () => {
    expect(check({ name: Unknown }, { name: new RefinedUnknown({ notNull: true }) })).toEqual([]);
  });

  it("refuses a plan for existence on destroy, and absence otherwise", () => {
    const diagnostics = new Diagnostics();
    checkPlanned(schema, config, null, planned, "x_server plan", diagnostics);
    expect(diagnostics.items[0]!.summary).toBe(
      "x_server plan planned an object where config has none (a destroy)",
    );
    expect(check(null)[0]!.summary).toBe("x_server plan planned no object where config has one");
  });
});

describe("checkPlanned: nested attributes", () => {
  const disks = [
    { size: 10, id: null },
    { size: 20, id: null },
  ];

  it("checks inside, by index and key, with the full path", () => {
    expect(
      check(
        {
          disks: [
            { size: 10, id: Unknown },
            { size: 21, id: Unknown },
          ],
        },
        { disks },
      ),
    ).toEqual([
      {
        summary: 'x_server plan planned "disks[1].size" differently from config',
        path: ["disks", 1, "size"],
      },
    ]);
    expect(
      check({ labels: { a: { value: "y" } } }, { labels: { a: { value: "x" } } }).map((d) => d.path),
    ).toEqual([["labels", "a", "value"]]);
  });

  it("refuses a count or keys other than config's, and a configured value planned wholly unknown", () => {
    expect(check({ disks: [{ size: 10, id: Unknown }] }, { disks })[0]!.summary).toBe(
      'x_server plan planned 1 element for "disks" where config has 2',
    );
    expect(check({ labels: { b: { value: "x" } } }, { labels: { a: { value: "x" } } })[0]!.summary).toBe(
      'x_server plan planned other keys for "labels" than config has',
    );
    expect(check({ disks: Unknown }, { disks })[0]!.summary).toBe(
      'x_server plan planned "disks" wholly unknown although config sets it',
    );
    expect(check({ tags: [{ key: "a" }] }, { tags: [{ key: "a" }, { key: "b" }] })[0]!.summary).toBe(
      'x_server plan planned 1 element for "tags" where config has 2',
    );
    expect(check({ disks: null }, { disks })[0]!.summary).toBe(
      'x_server plan planned "disks" as null where config has one',
    );
  });
});

describe("checkPlanned: blocks", () => {
  const network = [{ cidr: "10.0.0.0/8", gateway: null }];

  it("accepts computed attributes planned unknown inside blocks", () => {
    expect(check({ network: [{ cidr: "10.0.0.0/8", gateway: Unknown }] }, { network })).toEqual([]);
  });

  it("refuses null for a list block, a count other than config's, and a block planned unknown", () => {
    expect(check({ network: null })[0]!.summary).toBe('x_server plan planned "network" as null');
    expect(check({ network: [] }, { network })[0]!.summary).toBe(
      'x_server plan planned 0 elements for "network" where config has 1',
    );
    expect(check({ network: [Unknown] }, { network })).toEqual([
      { summary: 'x_server plan planned a block of "network[0]" as unknown', path: ["network", 0] },
    ]);
    expect(check({ network: Unknown }, { network })[0]!.summary).toBe(
      'x_server plan planned "network" wholly unknown',
    );
    expect(check({ rule: [Unknown] }, { rule: [{ port: 1 }] })[0]!.summary).toBe(
      'x_server plan planned a block of "rule[*]" as unknown',
    );
  });

  it("names the attribute inside a block that config sets", () => {
    expect(check({ network: [{ cidr: "0.0.0.0/0", gateway: Unknown }] }, { network })).toEqual([
      {
        summary: 'x_server plan planned "network[0].cidr" differently from config',
        path: ["network", 0, "cidr"],
      },
    ]);
    expect(check({ zone: { b: { weight: 1 } } }, { zone: { a: { weight: 1 } } })[0]!.summary).toBe(
      'x_server plan planned other keys for "zone" than config has',
    );
    expect(check({ boot: { image: "x" } })[0]!.summary).toBe(
      'x_server plan planned the "boot" block as present where config has it absent',
    );
  });

  it("refuses a value for blocks config does not know yet (a dynamic block)", () => {
    expect(check({ network: [] }, { network: Unknown })[0]!.summary).toBe(
      'x_server plan planned a value for "network", whose blocks config does not know yet',
    );
  });
});

describe("checkWhollyKnown", () => {
  it("names each unknown, inside nested values too", () => {
    const diagnostics = new Diagnostics();
    const ok = checkWhollyKnown(
      schema,
      {
        ...config,
        id: Unknown,
        disks: [
          { size: 1, id: "a" },
          { size: 2, id: Unknown },
        ],
      },
      "x_server read",
      diagnostics,
    );
    expect(ok).toBe(false);
    expect(diagnostics.items.map((d) => d.summary)).toEqual([
      'x_server read returned "id" unknown',
      'x_server read returned "disks[1].id" unknown',
    ]);
  });
});

// Deliberately broken resources, over the wire: each breaks one apply or read rule.
const broken = defineResource({
  typeName: "test_broken",
  schema: {
    name: attr.string({ required: true }),
    mode: attr.string({ required: true }),
    id: attr.string({ computed: true }),
    note: attr.string({ optional: true }),
    network: block.list({ cidr: attr.string({ required: true }), gateway: attr.string({ computed: true }) }),
  },
  async create({ plan }) {
    const network = plan.network.map((n) => ({ ...n, gateway: "10.0.0.1" }));
    switch (plan.mode) {
      case "unknown":
        return { ...plan, network } as never; // id left unknown
      case "null-to-value":
        return { ...plan, id: "x", note: "surprise", network } as never;
      case "nested":
        return { ...plan, id: "x", network: network.map((n) => ({ ...n, cidr: "changed" })) } as never;
      case "count":
        return { ...plan, id: "x", network: [...network, { cidr: "extra", gateway: "g" }] } as never;
      case "nested-unknown":
        return { ...plan, id: "x", network: plan.network } as never;
      default:
        return { ...plan, id: "x", network } as never;
    }
  },
  async read({ state }) {
    if (state.mode === "read-unknown")
      return { ...state, network: [{ cidr: "a", gateway: Unknown }] } as never;
    return state;
  },
  async update({ plan }) {
    return plan as never;
  },
  async delete() {},
});
const T = broken.valueType;

describe("apply and read results, over the wire", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer(defineProvider({ name: "test", version: "1.0.0", resources: [broken] }));
  });
  afterAll(async () => server.close());
  const errors = (res: { diagnostics: pb.Diagnostic[] }) =>
    res.diagnostics
      .filter((d) => d.severity === pb.Diagnostic_Severity.ERROR)
      .map((d) => ({
        summary: d.summary,
        path: d.attribute?.steps.map((s) => s.attributeName || Number(s.elementKeyInt)),
      }));
  const create = async (mode: string) => {
    const cfg = { name: "n", mode, id: null, note: null, network: [{ cidr: "10.0.0.0/8", gateway: null }] };
    const plannedState = { ...cfg, id: cty.Unknown, network: [{ cidr: "10.0.0.0/8", gateway: cty.Unknown }] };
    return server.call<pb.ApplyResourceChange_Response>("applyResourceChange", {
      typeName: "test_broken",
      priorState: dv(null, T),
      plannedState: dv(plannedState as cty.CtyValue, T),
      config: dv(cfg, T),
    });
  };

  it("accepts a result that keeps the plan", async () => {
    expect(errors(await create("fine"))).toEqual([]);
  });

  it("names an attribute left unknown, and stores it as null", async () => {
    const res = await create("unknown");
    expect(errors(res)).toEqual([{ summary: 'test_broken create left "id" unknown', path: ["id"] }]);
    expect((fromDv(res.newState, T) as ObjectValue).id).toBeNull();
  });

  it("names a value planned null that came back set", async () => {
    expect(errors(await create("null-to-value"))).toEqual([
      { summary: 'test_broken create changed "note" from its planned value', path: ["note"] },
    ]);
  });

  it("names the attribute inside a block, and a changed block count", async () => {
    expect(errors(await create("nested"))).toEqual([
      {
        summary: 'test_broken create changed "network[0].cidr" from its planned value',
        path: ["network", 0, "cidr"],
      },
    ]);
    expect(errors(await create("count"))).toEqual([
      { summary: 'test_broken create changed the number of elements of "network"', path: ["network"] },
    ]);
    expect(errors(await create("nested-unknown"))).toEqual([
      { summary: 'test_broken create left "network[0].gateway" unknown', path: ["network", 0, "gateway"] },
    ]);
  });

  it("names an unknown in a read result, and keeps the stored state", async () => {
    const state = { name: "n", mode: "read-unknown", id: "x", note: null, network: [] };
    const res = await server.call<pb.ReadResource_Response>("readResource", {
      typeName: "test_broken",
      currentState: dv(state, T),
    });
    expect(errors(res)).toEqual([
      { summary: 'test_broken read returned "network[0].gateway" unknown', path: ["network", 0, "gateway"] },
    ]);
    expect(fromDv(res.newState, T)).toEqual(state);
  });
});

// A modifyPlan that breaks the plan rules, over the wire: the framework's diagnostic arrives
// instead of Terraform's "Provider produced invalid plan".
const planner = defineResource({
  typeName: "test_planner",
  schema: {
    name: attr.string({ required: true }),
    note: attr.string({ optional: true }),
    id: attr.string({ computed: true }),
  },
  modifyPlan({ plan }) {
    if (plan === null) return undefined;
    if (plan.name === "rename") return { plan: { ...plan, name: "renamed" } };
    if (plan.name === "invent") return { plan: { ...plan, note: "invented" } };
    return undefined;
  },
  async create({ plan }) {
    return { ...plan, id: "x" };
  },
  async read({ state }) {
    return state;
  },
  async update({ plan }) {
    return plan as never;
  },
  async delete() {},
});

describe("plans over the wire", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer(defineProvider({ name: "test", version: "1.0.0", resources: [planner] }));
  });
  afterAll(async () => server.close());
  const plan = (name: string) => {
    const cfg = { name, note: null, id: null };
    return server.call<pb.PlanResourceChange_Response>("planResourceChange", {
      typeName: "test_planner",
      priorState: dv(null, planner.valueType),
      proposedNewState: dv(cfg, planner.valueType),
      config: dv(cfg, planner.valueType),
    });
  };
  const errorsOf = (res: pb.PlanResourceChange_Response) =>
    res.diagnostics.map((d) => [d.summary, d.attribute?.steps.map((s) => s.attributeName)]);

  it("names the attribute a plan changed against config, and what to do", async () => {
    const res = await plan("rename");
    expect(errorsOf(res)).toEqual([['test_planner plan planned "name" differently from config', ["name"]]]);
    expect(res.diagnostics[0]!.detail).toMatch(/Config says "rename" and the plan "renamed"/);
    expect(errorsOf(await plan("invent"))).toEqual([
      ['test_planner plan planned a value for "note", which config leaves unset', ["note"]],
    ]);
    expect(errorsOf(await plan("fine"))).toEqual([]);
  });
});
