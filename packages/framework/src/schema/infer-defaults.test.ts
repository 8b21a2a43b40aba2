// An attribute with a default in the plan create and update get: typed as its known value
// (schema/infer.ts), and known and not null there at run time, through the in-process kit.
// modifyPlan's draft keeps null-free Unknown possible (config may not be known yet); a plan
// modifier or modifyPlan that plans such an attribute unknown or null while its config is
// known is refused when planning (server/planned-defaults.ts).
import { isUnknown, Unknown } from "@tsvider/cty";
import { describe, expect, expectTypeOf, it } from "vitest";
import { defineProvider } from "../provider.js";
import { defineResource } from "../resource.js";
import { testProvider } from "../testing/index.js";
import { attr } from "./attributes.js";
import { block } from "./blocks.js";
import type { Plan, PlanDraft, State } from "./infer.js";
import { t } from "./types.js";

const schema = {
  id: attr.string({ computed: true }),
  name: attr.string({ required: true }),
  mode: attr.string({ optional: true, computed: true, default: "0644" }),
  enabled: attr.bool({ optional: true, computed: true, default: false }),
  tags: attr.list(t.string, { optional: true, computed: true, default: ["a"] }),
  disk: attr.singleNested(
    { gb: attr.string({ optional: true, computed: true, default: "10" }) },
    { optional: true, computed: true, default: { gb: "20" } },
  ),
  owner: attr.string({ optional: true, computed: true }),
  rule: block.list({ port: attr.string({ optional: true, computed: true, default: "80" }) }),
};
type S = typeof schema;

describe("Plan<S> of an attribute with a default", () => {
  it("is the known value at the top level, and keeps the table's type inside nested attributes and blocks", () => {
    expectTypeOf<Plan<S>["mode"]>().toEqualTypeOf<string>();
    expectTypeOf<Plan<S>["enabled"]>().toEqualTypeOf<boolean>();
    expectTypeOf<Plan<S>["tags"]>().toEqualTypeOf<string[]>();
    // A nested attribute's default or a computed parent's prior value may leave an inner one null.
    expectTypeOf<Plan<S>["disk"]>().toEqualTypeOf<{ gb: string | null | Unknown }>();
    expectTypeOf<Plan<S>["rule"]>().toEqualTypeOf<{ port: string | null | Unknown }[]>();
    // Without a default, a computed attribute is still null or unknown in the plan.
    expectTypeOf<Plan<S>["owner"]>().toEqualTypeOf<string | null | Unknown>();
    expectTypeOf<Plan<S>["id"]>().toEqualTypeOf<string | null | Unknown>();
  });

  it("stays null or unknown while planning, and nullable in state", () => {
    expectTypeOf<PlanDraft<S>["mode"]>().toEqualTypeOf<string | null | Unknown>();
    expectTypeOf<State<S>["mode"]>().toEqualTypeOf<string | null>();
  });
});

/** What create and update saw as the plan's defaulted attributes, in order. */
const seen: { mode: unknown; enabled: unknown; tags: unknown; disk: unknown }[] = [];
/** What modifyPlan does: nothing, plan `mode` unknown or null, or plan `disk` unknown. */
let tamper: "none" | "unknown" | "null" | "disk" = "none";

const file = defineResource({
  typeName: "test_file",
  schema,
  async modifyPlan({ plan }) {
    if (plan === null) return;
    expectTypeOf(plan.mode).toEqualTypeOf<string | null | Unknown>();
    if (tamper === "none") return;
    if (tamper === "disk") return { plan: { ...plan, disk: Unknown } };
    return { plan: { ...plan, mode: tamper === "unknown" ? Unknown : null } };
  },
  async create({ plan }) {
    expectTypeOf(plan.mode).toEqualTypeOf<string>();
    expectTypeOf(plan.enabled).toEqualTypeOf<boolean>();
    seen.push({ mode: plan.mode, enabled: plan.enabled, tags: plan.tags, disk: plan.disk });
    // No cast: the defaulted values are state as they are. Inside the nested object the plan
    // keeps the table's type, so gb is narrowed.
    const gb = isUnknown(plan.disk.gb) ? null : plan.disk.gb;
    return { ...plan, id: "f-1", owner: "root", disk: { gb }, rule: [] };
  },
  async read({ state }) {
    return state;
  },
  async update({ plan, state }) {
    expectTypeOf(plan.mode).toEqualTypeOf<string>();
    seen.push({ mode: plan.mode, enabled: plan.enabled, tags: plan.tags, disk: plan.disk });
    return { ...plan, id: state.id, owner: state.owner, disk: state.disk, rule: [] };
  },
  async delete() {},
});

const kit = () => testProvider(defineProvider({ name: "test", version: "1.0.0", resources: [file] }));

describe("a defaulted attribute in the plan at apply", () => {
  it("is the default when config leaves it out, and config's value when it sets one, in create and update", async () => {
    seen.length = 0;
    tamper = "none";
    const result = await kit().lifecycle("test_file", {
      create: { name: "a" },
      update: { name: "a", mode: "0600", enabled: true, tags: ["x", "y"] },
    });
    expect(seen).toEqual([
      { mode: "0644", enabled: false, tags: ["a"], disk: { gb: "20" } },
      { mode: "0600", enabled: true, tags: ["x", "y"], disk: { gb: "20" } },
    ]);
    expect(result.updated[0]).toMatchObject({ mode: "0600", enabled: true });
  });

  it("may be unknown while config is not known yet, and is known once it is", async () => {
    tamper = "none";
    const k = kit();
    const early = await k.plan("test_file", { prior: null, config: { name: "a", mode: Unknown } });
    expect(early.diagnostics).toEqual([]);
    expect(early.planned?.mode).toBe(Unknown);
    seen.length = 0;
    const late = await k.plan("test_file", { prior: null, config: { name: "a", mode: "0600" } });
    const applied = await k.apply("test_file", late);
    expect(applied.diagnostics).toEqual([]);
    expect(seen).toEqual([{ mode: "0600", enabled: false, tags: ["a"], disk: { gb: "20" } }]);
  });

  it("refuses a plan that makes it unknown or null while its config is known, naming the attribute", async () => {
    for (const how of ["unknown", "null"] as const) {
      tamper = how;
      const plan = await kit().plan("test_file", { prior: null, config: { name: "a" } });
      expect(plan.planned).toBeUndefined();
      expect(plan.diagnostics).toEqual([
        expect.objectContaining({
          severity: "error",
          summary: `test_file plan planned "mode" ${how}, although it has a default and its configuration is known`,
          path: [{ attribute: "mode" }],
        }),
      ]);
    }
    // A nested attribute with a default: the object must be known, its computed parts need not.
    tamper = "disk";
    const nested = await kit().plan("test_file", { prior: null, config: { name: "a" } });
    expect(nested.diagnostics.map((d) => d.summary)).toEqual([
      'test_file plan planned "disk" unknown, although it has a default and its configuration is known',
    ]);
    // While config is not known yet, an unknown plan is what it must be.
    tamper = "unknown";
    const early = await kit().plan("test_file", { prior: null, config: { name: "a", mode: Unknown } });
    expect(early.diagnostics).toEqual([]);
    tamper = "none";
  });
});
