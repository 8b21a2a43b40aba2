// A resource with nested attributes and blocks, served in-process: its schema on the wire, and
// plan, apply, read and validation walking the schema at every level.
import * as cty from "@tsvider/cty";
import type * as pb from "@tsvider/rpcplugin/tfplugin6";
import {
  Diagnostic_Severity,
  Schema_NestedBlock_NestingMode,
  Schema_Object_NestingMode,
  StringKind,
} from "@tsvider/rpcplugin/tfplugin6";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { dv, fromDv, startTestServer } from "../internal/test-server.test-support.js";
import { defineProvider } from "../provider.js";
import { defineResource } from "../resource.js";
import { attr } from "../schema/attributes.js";
import { block } from "../schema/blocks.js";
import { t } from "../schema/types.js";

let lastPlan: unknown;
let mistake: "none" | "gateway" | "unknown" | "drop" | "extra" = "none";

const server = defineResource({
  typeName: "test_server",
  description: "A server with disks.",
  schema: {
    name: attr.string({ required: true }),
    id: attr.string({ computed: true }),
    cores: attr.int64({ optional: true }),
    ratio: attr.float64({ optional: true }),
    password: attr.string({ optional: true, writeOnly: true, sensitive: true }),
    tags: attr.map(t.string, { optional: true, markdownDescription: "Tags, *as a map*." }),
    boot: attr.singleNested(
      {
        size: attr.int64({ required: true, requiresReplace: true }),
        id: attr.string({ computed: true }),
      },
      { required: true },
    ),
    disks: attr.listNested(
      {
        size: attr.int64({ required: true, requiresReplace: true }),
        label: attr.string({ optional: true }),
        id: attr.string({ computed: true }),
      },
      { optional: true },
    ),
    labels: attr.setNested(
      { key: attr.string({ required: true }), value: attr.string({ optional: true, computed: true }) },
      { optional: true, deprecationMessage: "Use tags." },
    ),
    network: block.list(
      { cidr: attr.string({ required: true }), gateway: attr.string({ computed: true }) },
      { maxItems: 2, description: "A network." },
    ),
    timeouts: block.single({ create: attr.string({ optional: true }) }),
    settings: block.group({ verbose: attr.bool({ optional: true }) }),
    ports: block.map({ number: attr.number({ required: true }) }),
  },
  async create({ plan, config }) {
    lastPlan = plan;
    expectTypeOf(plan.boot.id).toEqualTypeOf<string | null | cty.Unknown>();
    expectTypeOf(plan.network).toEqualTypeOf<{ cidr: string; gateway: string | null | cty.Unknown }[]>();
    expectTypeOf(config.password).toEqualTypeOf<string | null>();
    expectTypeOf(plan.ratio).toEqualTypeOf<number | null>();
    // Some mistakes break the types on purpose: the framework must catch them at run time.
    const disks =
      plan.disks?.map((d, i) => ({ ...d, id: mistake === "unknown" ? (d.id as string) : `disk-${i}` })) ??
      null;
    return {
      ...plan,
      id: `srv-${plan.name}`,
      boot: { ...plan.boot, id: "boot-disk", ...(mistake === "extra" ? ({ colour: "red" } as object) : {}) },
      disks: mistake === "drop" ? (disks?.slice(1) ?? null) : disks,
      labels:
        plan.labels?.map((l) => ({ ...l, value: cty.isUnknown(l.value) ? "default" : l.value })) ?? null,
      network: plan.network.map((n, i) => ({
        ...n,
        gateway: mistake === "gateway" ? "10.9.9.9" : `10.0.${i}.1`,
      })),
      // The types forbid storing a write-only value; the framework drops it anyway.
      password: config.password as null,
    };
  },
  async read({ state }) {
    return { ...state, ratio: state.ratio === null ? null : state.ratio };
  },
  async update({ plan, state }) {
    return {
      ...plan,
      id: state.id,
      boot: { ...plan.boot, id: state.boot.id },
      disks: plan.disks?.map((d, i) => ({ ...d, id: `disk-${i}` })) ?? null,
      labels:
        plan.labels?.map((l) => ({ ...l, value: cty.isUnknown(l.value) ? "default" : l.value })) ?? null,
      network: plan.network.map((n, i) => ({ ...n, gateway: `10.0.${i}.1` })),
    };
  },
  async delete() {},
});

const provider = defineProvider({ name: "test", version: "1.0.0", resources: [server] });
const T = server.valueType;

let host: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  host = await startTestServer(provider);
});
afterAll(async () => host.close());

const errors = (res: { diagnostics: pb.Diagnostic[] }) =>
  res.diagnostics.filter((d) => d.severity === Diagnostic_Severity.ERROR);
const steps = (path: pb.AttributePath | undefined) =>
  path?.steps.map(
    (s) => s.attributeName || (s.elementKeyString ? `["${s.elementKeyString}"]` : `[${s.elementKeyInt}]`),
  );

/** Config as Terraform sends it: every attribute present, blocks empty rather than null. */
const config = (over: Record<string, cty.CtyValue> = {}): Record<string, cty.CtyValue> => ({
  name: "web",
  id: null,
  cores: 4,
  ratio: null,
  password: null,
  tags: null,
  boot: { size: 20, id: null },
  disks: [{ size: 100, label: "data", id: null }],
  labels: [{ key: "env", value: null }],
  network: [{ cidr: "10.0.0.0/24", gateway: null }],
  timeouts: null,
  settings: { verbose: null },
  ports: {},
  ...over,
});

const plan = (priorState: cty.CtyValue, proposed: cty.CtyValue, cfg: cty.CtyValue = proposed) =>
  host.call<pb.PlanResourceChange_Response>("planResourceChange", {
    typeName: "test_server",
    priorState: dv(priorState, T),
    proposedNewState: dv(proposed, T),
    config: dv(cfg, T),
  });
const apply = (priorState: cty.CtyValue, plannedState: cty.CtyValue, cfg: cty.CtyValue) =>
  host.call<pb.ApplyResourceChange_Response>("applyResourceChange", {
    typeName: "test_server",
    priorState: dv(priorState, T),
    plannedState: dv(plannedState, T),
    config: dv(cfg, T),
  });
const validate = (cfg: cty.CtyValue, writeOnlyAttributesAllowed = true) =>
  host.call<pb.ValidateResourceConfig_Response>("validateResourceConfig", {
    typeName: "test_server",
    config: dv(cfg, T),
    clientCapabilities: { writeOnlyAttributesAllowed },
  });

describe("the schema on the wire", () => {
  it("has nested types, block types, nesting modes, limits and flags, sorted by name", async () => {
    const res = await host.call<pb.GetProviderSchema_Response>("getProviderSchema", {});
    expect(errors(res)).toEqual([]);
    const top = res.resourceSchemas.test_server!.block!;
    expect(top.description).toBe("A server with disks.");
    expect(top.attributes.map((a) => a.name)).toEqual([
      "boot",
      "cores",
      "disks",
      "id",
      "labels",
      "name",
      "password",
      "ratio",
      "tags",
    ]);
    const byName = Object.fromEntries(top.attributes.map((a) => [a.name, a]));
    expect(byName.cores!.type.toString()).toBe('"number"');
    expect(byName.tags).toMatchObject({
      optional: true,
      descriptionKind: StringKind.MARKDOWN,
      description: "Tags, *as a map*.",
    });
    expect(byName.tags!.type.toString()).toBe('["map","string"]');
    expect(byName.password).toMatchObject({ optional: true, writeOnly: true, sensitive: true });
    expect(byName.boot!.type.length).toBe(0);
    expect(byName.boot!.nestedType!.nesting).toBe(Schema_Object_NestingMode.SINGLE);
    expect(
      byName.boot!.nestedType!.attributes.map((a) => [a.name, a.type.toString(), a.required, a.computed]),
    ).toEqual([
      ["id", '"string"', false, true],
      ["size", '"number"', true, false],
    ]);
    expect(byName.disks!.nestedType!.nesting).toBe(Schema_Object_NestingMode.LIST);
    expect(byName.labels).toMatchObject({ deprecated: true, deprecationMessage: "Use tags." });
    expect(byName.labels!.nestedType!.nesting).toBe(Schema_Object_NestingMode.SET);

    expect(top.blockTypes.map((b) => [b.typeName, b.nesting, b.minItems, b.maxItems])).toEqual([
      ["network", Schema_NestedBlock_NestingMode.LIST, 0n, 2n],
      ["ports", Schema_NestedBlock_NestingMode.MAP, 0n, 0n],
      ["settings", Schema_NestedBlock_NestingMode.GROUP, 0n, 0n],
      ["timeouts", Schema_NestedBlock_NestingMode.SINGLE, 0n, 0n],
    ]);
    const network = top.blockTypes[0]!.block!;
    expect(network.description).toBe("A network.");
    expect(network.attributes.map((a) => [a.name, a.required, a.computed])).toEqual([
      ["cidr", true, false],
      ["gateway", false, true],
    ]);
  });
});

describe("plan", () => {
  it("makes computed values unknown at every level on create, and write-only values null", async () => {
    const cfg = config({ password: "hunter2" });
    const res = await plan(null, cfg);
    expect(errors(res)).toEqual([]);
    expect(fromDv(res.plannedState, T)).toEqual({
      ...cfg,
      id: cty.Unknown,
      password: null,
      boot: { size: 20, id: cty.Unknown },
      disks: [{ size: 100, label: "data", id: cty.Unknown }],
      labels: [{ key: "env", value: cty.Unknown }],
      network: [{ cidr: "10.0.0.0/24", gateway: cty.Unknown }],
    });
  });

  it("plans no change when nothing changed", async () => {
    const state = config({
      id: "srv-web",
      boot: { size: 20, id: "boot-disk" },
      disks: [{ size: 100, label: "data", id: "disk-0" }],
      labels: [{ key: "env", value: "default" }],
      network: [{ cidr: "10.0.0.0/24", gateway: "10.0.0.1" }],
    });
    const res = await plan(state, state, config());
    expect(fromDv(res.plannedState, T)).toEqual(state);
    expect(res.requiresReplace).toEqual([]);
    // A write-only value in config is no change: it is never stored to compare with.
    const withPassword = await plan(
      state,
      { ...state, password: "hunter2" },
      config({ password: "hunter2" }),
    );
    expect(fromDv(withPassword.plannedState, T)).toEqual(state);
  });

  it("asks for replacement at the path of a requiresReplace attribute inside a nested attribute", async () => {
    const state = config({
      id: "srv-web",
      boot: { size: 20, id: "boot-disk" },
      disks: [
        { size: 100, label: "data", id: "disk-0" },
        { size: 5, label: null, id: "disk-1" },
      ],
    });
    const cfg = config({
      disks: [
        { size: 100, label: "renamed", id: null },
        { size: 6, label: null, id: null },
      ],
    });
    const proposed = {
      ...state,
      disks: [
        { size: 100, label: "renamed", id: "disk-0" },
        { size: 6, label: null, id: "disk-1" },
      ],
    };
    const res = await plan(state, proposed, cfg);
    expect(res.requiresReplace.map((p) => steps(p))).toEqual([["disks", "[1]", "size"]]);
    const planned = fromDv(res.plannedState, T) as Record<string, cty.CtyValue>;
    // Something changed, so what the provider computes is unknown again.
    expect(planned.disks).toEqual([
      { size: 100, label: "renamed", id: cty.Unknown },
      { size: 6, label: null, id: cty.Unknown },
    ]);
    expect(planned.boot).toEqual({ size: 20, id: cty.Unknown });

    const grown = await plan(
      state,
      { ...state, boot: { size: 30, id: "boot-disk" } },
      config({ boot: { size: 30, id: null } }),
    );
    expect(grown.requiresReplace.map((p) => steps(p))).toEqual([["boot", "size"]]);
  });
});

describe("apply", () => {
  it("returns nested state with every unknown filled in, and no write-only value", async () => {
    const cfg = config({ password: "hunter2" });
    const planned = fromDv((await plan(null, cfg)).plannedState, T);
    const res = await apply(null, planned, cfg);
    expect(errors(res)).toEqual([]);
    expect(fromDv(res.newState, T)).toEqual({
      ...cfg,
      id: "srv-web",
      password: null,
      boot: { size: 20, id: "boot-disk" },
      disks: [{ size: 100, label: "data", id: "disk-0" }],
      labels: [{ key: "env", value: "default" }],
      network: [{ cidr: "10.0.0.0/24", gateway: "10.0.0.1" }],
    });
  });

  it("names the nested path of a value that breaks the plan", async () => {
    const cfg = config();
    const planned = {
      ...(fromDv((await plan(null, cfg)).plannedState, T) as object),
      network: [{ cidr: "10.0.0.0/24", gateway: "10.0.0.1" }],
    };
    const cases = {
      gateway: [
        [
          'test_server create changed "network[0].gateway" from its planned value',
          ["network", "[0]", "gateway"],
        ],
      ],
      unknown: [['test_server create left "disks[0].id" unknown', ["disks", "[0]", "id"]]],
      drop: [['test_server create changed the number of elements of "disks"', ["disks"]]],
      extra: [["test_server create returned an attribute the schema does not have", ["boot", "colour"]]],
    } as const;
    for (const [which, expected] of Object.entries(cases)) {
      mistake = which as keyof typeof cases;
      try {
        const res = await apply(null, planned, cfg);
        expect(errors(res).map((d) => [d.summary, steps(d.attribute)])).toEqual(expected);
        if (which === "unknown") {
          // Stored as null, so the object stays tracked.
          expect((fromDv(res.newState, T) as { disks: unknown }).disks).toEqual([
            { size: 100, label: "data", id: null },
          ]);
        }
      } finally {
        mistake = "none";
      }
    }
  });

  it("hands float64 values over as doubles and stores the exact number when unchanged", async () => {
    const exact = new cty.Decimal("0.12345678901234567890123");
    const cfg = config({ ratio: exact });
    const planned = fromDv((await plan(null, cfg)).plannedState, T);
    const res = await apply(null, planned, cfg);
    expect(errors(res)).toEqual([]);
    expect((lastPlan as { ratio: unknown }).ratio).toBe(0.12345678901234568);
    expect((fromDv(res.newState, T) as { ratio: unknown }).ratio).toEqual(exact);

    const read = await host.call<pb.ReadResource_Response>("readResource", {
      typeName: "test_server",
      currentState: res.newState,
    });
    expect((fromDv(read.newState, T) as { ratio: unknown }).ratio).toEqual(exact);
  });
});

describe("validation", () => {
  it("names a missing required attribute inside a nested object and inside a block", async () => {
    const res = await validate(
      config({
        disks: [
          { size: 1, label: null, id: null },
          { size: null, label: "x", id: null },
        ],
        network: [{ cidr: null, gateway: null }],
      }),
    );
    expect(errors(res).map((d) => [d.summary, d.detail, steps(d.attribute)])).toEqual([
      [
        "Missing required argument",
        'The argument "disks[1].size" is required, but no definition was found.',
        ["disks", "[1]", "size"],
      ],
      [
        "Missing required argument",
        'The argument "network[0].cidr" is required, but no definition was found.',
        ["network", "[0]", "cidr"],
      ],
    ]);
  });

  it("refuses an int64 that is not whole or out of range, with its path", async () => {
    const res = await validate(
      config({ cores: new cty.Decimal("2.5"), boot: { size: 2n ** 63n, id: null } }),
    );
    expect(errors(res).map((d) => [d.detail, steps(d.attribute)])).toEqual([
      [
        '"cores" must be a whole number from -9223372036854775808 to 9223372036854775807; the configuration gives 2.5.',
        ["cores"],
      ],
      [
        '"boot.size" must be a whole number from -9223372036854775808 to 9223372036854775807; the configuration gives 9223372036854775808.',
        ["boot", "size"],
      ],
    ]);
  });

  it("refuses null elements and too many blocks, and lets unknowns through", async () => {
    const res = await validate(
      config({
        tags: { a: "x", b: null },
        network: [
          { cidr: "a", gateway: null },
          { cidr: "b", gateway: null },
          { cidr: "c", gateway: null },
        ],
      }),
    );
    expect(errors(res).map((d) => [d.summary, steps(d.attribute)])).toEqual([
      ["Null element", ["tags", '["b"]']],
      ['Too many "network" blocks', ["network"]],
    ]);
    const unknown = await validate(
      config({
        cores: cty.Unknown,
        boot: cty.Unknown,
        disks: [{ size: cty.Unknown, label: null, id: null }],
        network: cty.Unknown,
      }),
    );
    expect(errors(unknown)).toEqual([]);
  });

  it("refuses a write-only value from a host that does not support them", async () => {
    expect(errors(await validate(config({ password: "hunter2" }), true))).toEqual([]);
    expect(errors(await validate(config(), false))).toEqual([]);
    const res = await validate(config({ password: "hunter2" }), false);
    expect(errors(res).map((d) => [d.summary, steps(d.attribute)])).toEqual([
      ["Write-only attribute not supported", ["password"]],
    ]);
  });

  it("points at the set itself for a problem inside one of its elements", async () => {
    const res = await validate(config({ labels: [{ key: null, value: "x" }] }));
    expect(errors(res).map((d) => [d.detail, steps(d.attribute)])).toEqual([
      ['The argument "labels[*].key" is required, but no definition was found.', ["labels"]],
    ]);
  });
});

describe("state upgrade", () => {
  it("fills blocks added since the state was written as empty, never null", async () => {
    const res = await host.call<pb.UpgradeResourceState_Response>("upgradeResourceState", {
      typeName: "test_server",
      version: 0n,
      rawState: {
        json: Buffer.from(JSON.stringify({ name: "web", id: "srv-web", boot: { size: 20, id: "b" } })),
        flatmap: {},
      },
    });
    expect(errors(res)).toEqual([]);
    expect(fromDv(res.upgradedState, T)).toEqual({
      ...config({ id: "srv-web", cores: null, boot: { size: 20, id: "b" }, disks: null, labels: null }),
      network: [],
      ports: {},
      settings: { verbose: null },
    });
  });
});
