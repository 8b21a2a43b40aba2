// The checks on their own, on `show -json` shapes as tofu prints them: what each accepts and
// what its failure says.
import { describe, expect, it } from "vitest";
import { planCheck, stateCheck } from "./checks.js";
import { compareValues } from "./harness.js";
import type { ShownPlan, ShownState } from "./json.js";

const state: ShownState = {
  values: {
    outputs: { greeting: { value: "hi", sensitive: false } },
    root_module: {
      resources: [],
      child_modules: [
        {
          address: "module.m",
          resources: [
            {
              address: "module.m.x_thing.t",
              mode: "managed",
              type: "x_thing",
              name: "t",
              values: { id: "t-1", tags: { env: "prod" }, rules: [{ port: 443 }], gone: null },
              identity: { id: "t-1" },
            },
          ],
        },
      ],
    },
  },
};

const plan: ShownPlan = {
  resource_changes: [
    {
      address: "x_thing.t",
      mode: "managed",
      type: "x_thing",
      name: "t",
      change: {
        actions: ["delete", "create"],
        before: null,
        after: { name: "a", password: "p", disk: { size: 1 } },
        after_unknown: { id: true, disk: true },
        after_sensitive: { password: true },
      },
    },
  ],
};

const fails = (run: () => void) => {
  try {
    run();
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error("the check passed");
};

describe("stateCheck", () => {
  it("finds resources in child modules and walks paths through maps and lists", () => {
    stateCheck.attribute("module.m.x_thing.t", "tags.env", "prod").check(state);
    stateCheck.attribute("module.m.x_thing.t", ["rules", 0, "port"], 443).check(state);
    stateCheck.attribute("module.m.x_thing.t", "id", /^t-\d$/).check(state);
    stateCheck.attribute("module.m.x_thing.t", "gone", stateCheck.null()).check(state);
    stateCheck.attribute("module.m.x_thing.t", "gone", stateCheck.any()).check(state);
    stateCheck.identity("module.m.x_thing.t", { id: stateCheck.notNull() }).check(state);
    stateCheck.output("greeting", "hi").check(state);
    stateCheck.absent("x_thing.other").check(state);
  });

  it("says what it found instead", () => {
    expect(fails(() => stateCheck.attribute("module.m.x_thing.t", "id", "t-2").check(state))).toBe(
      "module.m.x_thing.t.id: expected 't-2', found 't-1'",
    );
    expect(
      fails(() => stateCheck.attribute("module.m.x_thing.t", "nope", stateCheck.any()).check(state)),
    ).toBe("module.m.x_thing.t.nope: expected any value, found no such attribute");
    expect(fails(() => stateCheck.attribute("x_thing.t", "id", "t-1").check(state))).toBe(
      "x_thing.t is not in state (it holds module.m.x_thing.t)",
    );
    expect(fails(() => stateCheck.identity("module.m.x_thing.t", {}).check(state))).toContain(
      "identity has id besides what was expected",
    );
  });
});

describe("planCheck", () => {
  it("reads actions, unknown, known and sensitive values from a saved plan's JSON", () => {
    planCheck.action("x_thing.t", "replace").check(plan);
    planCheck.action("x_thing.t", "delete-create").check(plan);
    planCheck.unknown("x_thing.t", "id").check(plan);
    // A whole unknown object makes what is inside it unknown too.
    planCheck.unknown("x_thing.t", "disk.size").check(plan);
    planCheck.known("x_thing.t", "name", "a").check(plan);
    planCheck.sensitive("x_thing.t", "password").check(plan);
  });

  it("says what the plan has instead", () => {
    expect(fails(() => planCheck.action("x_thing.t", "update").check(plan))).toBe(
      "the plan for x_thing.t is delete-create, expected update",
    );
    expect(fails(() => planCheck.unknown("x_thing.t", "name").check(plan))).toBe(
      "x_thing.t.name is known in the plan: 'a'",
    );
    expect(fails(() => planCheck.known("x_thing.t", "id").check(plan))).toBe(
      "x_thing.t.id is unknown in the plan",
    );
    expect(fails(() => planCheck.sensitive("x_thing.t", "name").check(plan))).toBe(
      "x_thing.t.name is not sensitive in the plan",
    );
    expect(fails(() => planCheck.empty().check(plan))).toBe("the plan changes x_thing.t (delete-create)");
    expect(fails(() => planCheck.action("x_thing.u", "create").check(plan))).toBe(
      "the plan has no change for x_thing.u (it has x_thing.t)",
    );
  });
});

describe("import verification", () => {
  it("lists differing leaves, skipping ignored attributes and what is under them", () => {
    expect(
      compareValues(
        { a: "1", nested: { x: 1, y: 2 }, list: [1, 2], timeouts: { create: "1m" } },
        { a: "2", nested: { x: 1, y: 3 }, list: [1], timeouts: null },
        ["timeouts"],
      ),
    ).toEqual([
      '  a: state "1", imported "2"',
      "  list.1: state 2, imported (none)",
      "  nested.y: state 2, imported 3",
    ]);
  });
});
