// Defaults, plan modifiers and modifyPlan through the in-process server: PlanResourceChange
// over a real socket, at the top level and inside nested attributes and blocks, and the
// mistakes a modifier can make, each reported against the resource and the attribute.
import * as cty from "@tsvider/cty";
import { Unknown } from "@tsvider/cty";
import type * as pb from "@tsvider/rpcplugin/tfplugin6";
import { Diagnostic_Severity } from "@tsvider/rpcplugin/tfplugin6";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dv, fromDv, startTestServer } from "../internal/test-server.test-support.js";
import { defineProvider } from "../provider.js";
import { defineResource } from "../resource.js";
import { attr } from "../schema/attributes.js";
import { block } from "../schema/blocks.js";
import {
  requiresReplace,
  requiresReplaceIf,
  useNonNullStateForUnknown,
  useStateForUnknown,
} from "../schema/plan-modifiers.js";
import { t } from "../schema/types.js";

const noop = {
  async create() {
    return {} as never;
  },
  async read() {
    return null;
  },
  async update() {
    return {} as never;
  },
  async delete() {},
};

const server = defineResource({
  typeName: "test_server",
  schema: {
    id: attr.string({ computed: true, planModifiers: [useStateForUnknown()] }),
    created: attr.string({ computed: true, planModifiers: [useNonNullStateForUnknown()] }),
    name: attr.string({ required: true }),
    size: attr.int64({ optional: true, computed: true, default: 10 }),
    ratio: attr.float64({ optional: true, computed: true, default: 0.5 }),
    ports: attr.list(t.int64, { optional: true, computed: true, default: [80, 443] }),
    mode: attr.string({
      optional: true,
      computed: true,
      default: "fast",
      planModifiers: [requiresReplaceIf((r) => r.plan === "slow", "Going slow replaces the server.")],
    }),
    zone: attr.string({ optional: true, planModifiers: [requiresReplace()] }),
    settings: attr.singleNested(
      {
        level: attr.string({ optional: true, computed: true, default: "info" }),
        note: attr.string({ computed: true, planModifiers: [useStateForUnknown()] }),
      },
      { optional: true, computed: true, default: { level: "debug", note: null } },
    ),
    disks: attr.mapNested(
      {
        size_gb: attr.int64({ required: true }),
        id: attr.string({ computed: true, planModifiers: [useStateForUnknown()] }),
        kind: attr.string({ optional: true, computed: true, default: "ssd" }),
      },
      { optional: true },
    ),
    network: block.list({
      cidr: attr.string({ required: true }),
      gateway: attr.string({
        computed: true,
        // Worked out from config while planning: nothing is left for apply.
        planModifiers: [
          (r) => {
            const cidr = (r.resourceConfig.network as { cidr: string }[] | undefined)?.[
              (r.path[1] as { index: number }).index
            ]?.cidr;
            return cidr === undefined || cty.isUnknown(cidr)
              ? undefined
              : { plan: cidr.replace(/0\/\d+$/, "1") };
          },
        ],
      }),
    }),
  },
  ...noop,
});

/** A resource whose modifiers and modifyPlan misbehave on request, by the value of `name`. */
const faulty = defineResource({
  typeName: "test_faulty",
  schema: {
    name: attr.string({ required: true }),
    label: attr.string({
      optional: true,
      computed: true,
      planModifiers: [
        (r) => {
          if (r.resourceConfig.name === "throw") throw new Error("modifier exploded");
          if (r.resourceConfig.name === "wrong-type") return { plan: 42 as never };
          if (r.resourceConfig.name === "replace") return { requiresReplace: true };
          return undefined;
        },
      ],
    }),
    fingerprint: attr.string({ computed: true }),
  },
  modifyPlan({ plan, state }) {
    if (plan === null) return undefined;
    if (plan.name === "rename") return { plan: { ...plan, name: "renamed" } };
    if (plan.name === "unknown-label") return { plan: { ...plan, label: Unknown } };
    if (plan.name === "bad-path") return { requiresReplace: ["nope"] };
    if (plan.name === "bad-type") return { plan: { ...plan, fingerprint: 7 as never } };
    if (plan.name === "extra") return { plan: { ...plan, extra: 1 } as never };
    return {
      plan: { ...plan, fingerprint: cty.isUnknown(plan.name) ? Unknown : `fp-${plan.name}` },
      requiresReplace: state && state.name !== plan.name ? ["name"] : [],
    };
  },
  ...noop,
});

const provider = defineProvider({ name: "test", version: "1.0.0", resources: [server, faulty] });
const T = server.valueType;
const F = faulty.valueType;

let test: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  test = await startTestServer(provider);
});
afterAll(async () => test.close());

const errors = (res: { diagnostics: pb.Diagnostic[] }) =>
  res.diagnostics
    .filter((d) => d.severity === Diagnostic_Severity.ERROR)
    .map((d) => ({
      summary: d.summary,
      detail: d.detail,
      path: d.attribute?.steps.map((s) => s.attributeName),
    }));
const replacePaths = (res: pb.PlanResourceChange_Response) =>
  res.requiresReplace.map((p) =>
    p.steps.map((s) => s.attributeName ?? s.elementKeyString ?? Number(s.elementKeyInt)),
  );

async function plan(
  type: cty.ObjectType,
  typeName: string,
  prior: Record<string, unknown> | null,
  config: Record<string, unknown>,
  proposed: Record<string, unknown> = config,
) {
  const res = await test.call<pb.PlanResourceChange_Response>("planResourceChange", {
    typeName,
    priorState: dv(prior as cty.CtyValue, type),
    proposedNewState: dv(proposed as cty.CtyValue, type),
    config: dv(config as cty.CtyValue, type),
  });
  return { res, planned: fromDv(res.plannedState, type) as Record<string, unknown> | null };
}

const empty = {
  id: null,
  created: null,
  name: "web",
  size: null,
  ratio: null,
  ports: null,
  mode: null,
  zone: null,
  settings: null,
  disks: null,
  network: [],
};

const created = {
  id: "srv-1",
  created: "2024-01-01",
  name: "web",
  size: 10,
  ratio: 0.5,
  ports: [80, 443],
  mode: "fast",
  zone: null,
  settings: { level: "debug", note: "n" },
  disks: { root: { size_gb: 20, id: "d-1", kind: "ssd" } },
  network: [{ cidr: "10.0.0.0/24", gateway: "10.0.0.1" }],
};

describe("defaults", () => {
  it("fill what config leaves out on create, at every level; the rest is unknown", async () => {
    const config = { ...empty, disks: { root: { size_gb: 20, id: null, kind: null } } };
    const { res, planned } = await plan(T, "test_server", null, config);
    expect(errors(res)).toEqual([]);
    expect(planned).toEqual({
      ...config,
      id: Unknown,
      created: Unknown,
      size: 10,
      ratio: 0.5,
      ports: [80, 443],
      mode: "fast",
      // The nested default's own attributes: its computed note is unknown; level came with it.
      settings: { level: "debug", note: Unknown },
      disks: { root: { size_gb: 20, id: Unknown, kind: "ssd" } },
    });
  });

  it("leave configured values alone", async () => {
    const config = { ...empty, size: 3, mode: "eco", ports: [], settings: { level: null, note: null } };
    const { planned } = await plan(T, "test_server", null, config);
    expect(planned).toMatchObject({
      size: 3,
      mode: "eco",
      ports: [],
      settings: { level: "info", note: Unknown },
    });
  });

  it("plan no change when state holds the defaults, and a change back to a default", async () => {
    const config = {
      ...empty,
      disks: { root: { size_gb: 20, id: null, kind: null } },
      network: [{ cidr: "10.0.0.0/24", gateway: null }],
    };
    // Terraform proposes prior values for computed attributes config leaves null.
    const same = await plan(T, "test_server", created, config, created);
    expect(errors(same.res)).toEqual([]);
    expect(same.planned).toEqual(created);

    const wasBig = { ...created, size: 50 };
    const back = await plan(T, "test_server", wasBig, config, wasBig);
    expect(back.planned).toMatchObject({ size: 10 });
    expect(replacePaths(back.res)).toEqual([]);
  });
});

describe("plan modifiers", () => {
  const config = {
    ...empty,
    name: "web-2",
    disks: { root: { size_gb: 20, id: null, kind: null }, data: { size_gb: 5, id: null, kind: null } },
    network: [{ cidr: "10.0.0.0/24", gateway: null }],
  };
  const proposed = {
    ...created,
    name: "web-2",
    disks: { root: { size_gb: 20, id: "d-1", kind: "ssd" }, data: { size_gb: 5, id: null, kind: null } },
  };

  it("keep prior values instead of unknown on update, by map key inside nested attributes", async () => {
    const { res, planned } = await plan(T, "test_server", created, config, proposed);
    expect(errors(res)).toEqual([]);
    expect(planned).toEqual({
      ...proposed,
      // useStateForUnknown: known from state.
      id: "srv-1",
      created: "2024-01-01",
      settings: { level: "debug", note: "n" },
      // The new map entry has no prior value: unknown it stays.
      disks: {
        root: { size_gb: 20, id: "d-1", kind: "ssd" },
        data: { size_gb: 5, id: Unknown, kind: "ssd" },
      },
    });
  });

  it("useNonNullStateForUnknown keeps only a value that is not null", async () => {
    const prior = { ...created, id: null, created: null };
    const { planned } = await plan(T, "test_server", prior, config, { ...proposed, id: null, created: null });
    expect(planned).toMatchObject({ id: null, created: Unknown });
  });

  it("plan a value worked out from config, inside list blocks by index", async () => {
    const { planned } = await plan(T, "test_server", null, {
      ...empty,
      network: [
        { cidr: "10.0.0.0/24", gateway: null },
        { cidr: "10.1.0.0/16", gateway: null },
      ],
    });
    expect(planned?.network).toEqual([
      { cidr: "10.0.0.0/24", gateway: "10.0.0.1" },
      { cidr: "10.1.0.0/16", gateway: "10.1.0.1" },
    ]);
  });

  it("requiresReplaceIf asks for replacement when its condition holds, requiresReplace() on any change", async () => {
    const slow = await plan(
      T,
      "test_server",
      created,
      { ...config, mode: "slow" },
      { ...proposed, mode: "slow" },
    );
    expect(replacePaths(slow.res)).toEqual([["mode"]]);
    const eco = await plan(
      T,
      "test_server",
      created,
      { ...config, mode: "eco" },
      { ...proposed, mode: "eco" },
    );
    expect(replacePaths(eco.res)).toEqual([]);
    const zoned = await plan(
      T,
      "test_server",
      created,
      { ...config, zone: "z2" },
      { ...proposed, zone: "z2" },
    );
    expect(replacePaths(zoned.res)).toEqual([["zone"]]);
    // Nothing replaces on create.
    expect(
      replacePaths((await plan(T, "test_server", null, { ...empty, mode: "slow", zone: "z" })).res),
    ).toEqual([]);
  });
});

describe("modifyPlan", () => {
  const faultyEmpty = { name: "a", label: null, fingerprint: null };

  it("changes the plan and asks for replacement by attribute name", async () => {
    const first = await plan(F, "test_faulty", null, faultyEmpty);
    expect(errors(first.res)).toEqual([]);
    expect(first.planned).toEqual({ name: "a", label: Unknown, fingerprint: "fp-a" });
    expect(replacePaths(first.res)).toEqual([]);

    const prior = { name: "a", label: "l", fingerprint: "fp-a" };
    const renamed = await plan(
      F,
      "test_faulty",
      prior,
      { ...faultyEmpty, name: "b" },
      { ...prior, name: "b" },
    );
    expect(renamed.planned).toEqual({ name: "b", label: Unknown, fingerprint: "fp-b" });
    expect(replacePaths(renamed.res)).toEqual([["name"]]);
  });

  it("a plan that breaks Terraform's rules is reported against the resource and attribute", async () => {
    const { res } = await plan(F, "test_faulty", null, { ...faultyEmpty, name: "rename" });
    expect(errors(res)).toEqual([
      expect.objectContaining({
        summary: expect.stringMatching(/^test_faulty plan planned "name" differently from config/),
        path: ["name"],
      }),
    ]);
  });

  it("a modifier's wrong type, a throw, a bad path: each a diagnostic naming the attribute", async () => {
    const wrongType = await plan(F, "test_faulty", null, { ...faultyEmpty, name: "wrong-type" });
    expect(errors(wrongType.res)).toEqual([
      {
        summary: `test_faulty's plan modifier of "label" returned a value of the wrong type`,
        detail: expect.stringMatching(/string is required/),
        path: ["label"],
      },
    ]);
    const threw = await plan(F, "test_faulty", null, { ...faultyEmpty, name: "throw" });
    expect(errors(threw.res)).toEqual([
      {
        summary: `test_faulty's plan modifier of "label" failed`,
        detail: "modifier exploded",
        path: ["label"],
      },
    ]);
    const badPath = await plan(F, "test_faulty", null, { ...faultyEmpty, name: "bad-path" });
    expect(errors(badPath.res)[0]?.summary).toBe(
      "test_faulty modifyPlan asked to replace on a path the resource does not have",
    );
    const badType = await plan(F, "test_faulty", null, { ...faultyEmpty, name: "bad-type" });
    expect(errors(badType.res)[0]).toEqual({
      summary: "test_faulty modifyPlan returned a plan that does not match the schema",
      detail: expect.stringMatching(/^"fingerprint": a string is required/),
      path: ["fingerprint"],
    });
    const extra = await plan(F, "test_faulty", null, { ...faultyEmpty, name: "extra" });
    expect(errors(extra.res)[0]?.path).toEqual(["extra"]);
  });

  it("a modifier may ask for replacement; a configured value must not turn unknown", async () => {
    const prior = { name: "replace", label: "l", fingerprint: "fp-replace" };
    const replaced = await plan(
      F,
      "test_faulty",
      prior,
      { ...faultyEmpty, name: "replace", label: "l" },
      prior,
    );
    expect(replacePaths(replaced.res)).toEqual([["label"]]);

    const unknownLabel = await plan(F, "test_faulty", null, {
      ...faultyEmpty,
      name: "unknown-label",
      label: "x",
    });
    expect(errors(unknownLabel.res).map((e) => e.path)).toEqual([["label"]]);
  });
});
