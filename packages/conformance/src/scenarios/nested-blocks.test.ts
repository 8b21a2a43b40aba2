// Nested blocks of every nesting (single, list, set, map, group) and nested attributes of
// every nesting (single, list, set, map), each with a computed attribute inside that the
// provider fills in: the host pairs planned blocks with configured ones by nesting mode (set
// elements by value, map ones by label), so each needs its unknowns planned and its values
// applied where the host expects them. A second step edits inside each, in place.
import { attr, block, defineProvider, defineResource, type Plan } from "@tsvider/framework";
import { describe, it } from "vitest";
import { acceptanceTest, planCheck, stateCheck } from "../index.js";
import { SCENARIO_ADDRESS, SCENARIO_PROVIDER } from "./scenario-providers.js";

const inner = { name: attr.string({ required: true }), seen: attr.string({ computed: true }) };

const schema = {
  id: attr.string({ computed: true }),
  single_attr: attr.singleNested(inner, { optional: true }),
  list_attr: attr.listNested(inner, { optional: true }),
  set_attr: attr.setNested(inner, { optional: true }),
  map_attr: attr.mapNested(inner, { optional: true }),
  single: block.single(inner),
  list: block.list(inner),
  set: block.set(inner),
  map: block.map(inner),
  group: block.group({ note: attr.string({ optional: true }), seen: attr.string({ computed: true }) }),
  deep: block.list({
    name: attr.string({ required: true }),
    child: block.set({ value: attr.string({ required: true }), seen: attr.string({ computed: true }) }),
  }),
};

const nesting = defineResource({
  typeName: "scn_nesting",
  schema,
  async create({ plan }) {
    return fill(plan, "v1");
  },
  async read({ state }) {
    return state;
  },
  async update({ plan }) {
    return fill(plan, "v2");
  },
  async delete() {},
});

type Named = { readonly name: string };
const mark = <T extends Named>(o: T, tag: string) => ({ ...o, seen: `${tag}:${o.name}` });
const markValues = <T extends Named>(m: Readonly<Record<string, T>>, tag: string) =>
  Object.fromEntries(Object.entries(m).map(([k, v]) => [k, mark(v, tag)]));

/** The plan with every computed `seen` filled in, at each nesting. */
function fill(plan: Plan<typeof schema>, tag: string) {
  return {
    ...plan,
    id: "nesting",
    single_attr: plan.single_attr === null ? null : mark(plan.single_attr, tag),
    list_attr: plan.list_attr?.map((o) => mark(o, tag)) ?? null,
    set_attr: plan.set_attr?.map((o) => mark(o, tag)) ?? null,
    map_attr: plan.map_attr === null ? null : markValues(plan.map_attr, tag),
    single: plan.single === null ? null : mark(plan.single, tag),
    list: plan.list.map((o) => mark(o, tag)),
    set: plan.set.map((o) => mark(o, tag)),
    map: markValues(plan.map, tag),
    group: { ...plan.group, seen: `${tag}:${plan.group.note ?? "none"}` },
    deep: plan.deep.map((d) => ({
      ...d,
      child: d.child.map((c) => ({ ...c, seen: `${tag}:${d.name}/${c.value}` })),
    })),
  };
}

const provider = defineProvider({ name: SCENARIO_PROVIDER, version: "0.1.0", resources: [nesting] });

const config = (suffix: string) => `resource "scn_nesting" "n" {
  single_attr = { name = "sa${suffix}" }
  list_attr   = [{ name = "la1" }, { name = "la2${suffix}" }]
  set_attr    = [{ name = "sa1" }, { name = "sa2${suffix}" }]
  map_attr    = { k1 = { name = "ma1" }, k2 = { name = "ma2${suffix}" } }
  single {
    name = "s${suffix}"
  }
  list {
    name = "l1"
  }
  list {
    name = "l2${suffix}"
  }
  set {
    name = "t1"
  }
  set {
    name = "t2${suffix}"
  }
  map "a" {
    name = "m1"
  }
  map "b" {
    name = "m2${suffix}"
  }
  group {
    note = "g${suffix}"
  }
  deep {
    name = "d"
    child {
      value = "c1"
    }
    child {
      value = "c2${suffix}"
    }
  }
}`;

describe("scenario: nested blocks and nested attributes of every nesting", () => {
  it("plans unknowns and applies computed values inside each nesting, then updates in place", async () => {
    await acceptanceTest({
      provider,
      address: SCENARIO_ADDRESS,
      steps: [
        {
          config: config(""),
          planChecks: {
            preApply: [
              planCheck.unknown("scn_nesting.n", "single_attr.seen"),
              planCheck.unknown("scn_nesting.n", "list_attr.1.seen"),
              planCheck.unknown("scn_nesting.n", "single.seen"),
              planCheck.unknown("scn_nesting.n", "list.0.seen"),
              planCheck.unknown("scn_nesting.n", "group.seen"),
              planCheck.known("scn_nesting.n", "map.b.name", "m2"),
            ],
          },
          stateChecks: [
            stateCheck.attribute("scn_nesting.n", "single_attr", { name: "sa", seen: "v1:sa" }),
            stateCheck.attribute("scn_nesting.n", "list_attr.1.seen", "v1:la2"),
            stateCheck.attribute(
              "scn_nesting.n",
              "set_attr",
              stateCheck.satisfies(
                "both set elements filled in",
                (v) =>
                  JSON.stringify(v) ===
                  JSON.stringify([
                    { name: "sa1", seen: "v1:sa1" },
                    { name: "sa2", seen: "v1:sa2" },
                  ]),
              ),
            ),
            stateCheck.attribute("scn_nesting.n", "map_attr.k2", { name: "ma2", seen: "v1:ma2" }),
            stateCheck.attribute("scn_nesting.n", "single", { name: "s", seen: "v1:s" }),
            stateCheck.attribute("scn_nesting.n", "list.1", { name: "l2", seen: "v1:l2" }),
            stateCheck.attribute("scn_nesting.n", "set", [
              { name: "t1", seen: "v1:t1" },
              { name: "t2", seen: "v1:t2" },
            ]),
            stateCheck.attribute("scn_nesting.n", "map.b", { name: "m2", seen: "v1:m2" }),
            stateCheck.attribute("scn_nesting.n", "group", { note: "g", seen: "v1:g" }),
            stateCheck.attribute("scn_nesting.n", "deep.0.child", [
              { value: "c1", seen: "v1:d/c1" },
              { value: "c2", seen: "v1:d/c2" },
            ]),
          ],
        },
        {
          config: config("x"),
          planChecks: { preApply: [planCheck.action("scn_nesting.n", "update")] },
          stateChecks: [
            stateCheck.attribute("scn_nesting.n", "single_attr", { name: "sax", seen: "v2:sax" }),
            stateCheck.attribute("scn_nesting.n", "map_attr.k2.seen", "v2:ma2x"),
            stateCheck.attribute("scn_nesting.n", "single.seen", "v2:sx"),
            stateCheck.attribute("scn_nesting.n", "list.1.seen", "v2:l2x"),
            stateCheck.attribute("scn_nesting.n", "group.seen", "v2:gx"),
          ],
        },
      ],
    });
  });
});
