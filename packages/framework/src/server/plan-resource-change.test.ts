// planResourceChange, called directly: the decisions of planning itself (what a create, an
// update, a no-op and a destroy plan look like, which paths replace, where modifyPlan comes in),
// each over plain values with no gRPC. The steps it calls have their own tests beside them.
import { Unknown } from "@tsvider/cty";
import { describe, expect, it } from "vitest";
import { defineResource } from "../resource.js";
import { attr } from "../schema/attributes.js";
import { timeoutsBlock } from "../timeouts.js";
import { errors, serverWith, warnings } from "./core-fixture.test-support.js";
import { planResourceChange } from "./plan-resource-change.js";

let destroyAnswer: "allow" | "warn" | "refuse" | "resurrect" = "allow";
let modifyCalls = 0;
const vm = defineResource({
  typeName: "test_vm",
  schema: {
    id: attr.string({ computed: true }),
    name: attr.string({ required: true }),
    zone: attr.string({ required: true, requiresReplace: true }),
    size: attr.int64({ optional: true, computed: true, default: 1 }),
    password: attr.string({ optional: true, writeOnly: true }),
    timeouts: timeoutsBlock({ create: true }),
  },
  modifyPlan({ plan, state, diagnostics }) {
    modifyCalls++;
    if (plan === null) {
      if (destroyAnswer === "warn") diagnostics.addWarning(`Destroying ${state.name}`);
      if (destroyAnswer === "refuse") diagnostics.addError(`${state.name} is protected`);
      if (destroyAnswer === "resurrect") return { plan: state } as never;
      return undefined;
    }
    if (plan.name === "replace-me") return { requiresReplace: ["name", "zone"] };
    return undefined;
  },
  create: async ({ plan }) => ({ ...plan, id: "1" }) as never,
  read: async ({ state }) => state,
  update: async ({ plan }) => plan as never,
  delete: async () => {},
});
const server = serverWith({ resources: [vm] });
const core = server.resource("test_vm")!;

const config = (over: object = {}) => ({
  id: null,
  name: "a",
  zone: "z1",
  size: null,
  password: null,
  timeouts: null,
  ...over,
});
const prior = { id: "vm-1", name: "a", zone: "z1", size: 1, password: null, timeouts: null };
const plan = (priorState: object | null, cfg: ReturnType<typeof config>) =>
  planResourceChange(server, core, {
    priorState: priorState as never,
    // Terraform's proposed new state: config, with prior values for computed attributes config leaves null.
    proposedNewState: {
      ...cfg,
      id: priorState ? prior.id : null,
      size: cfg.size ?? (priorState ? prior.size : null),
    },
    config: cfg,
  });

describe("planResourceChange", () => {
  it("plans a create with defaults filled in and computed values unknown, replacing nothing", async () => {
    const result = await plan(null, config());
    expect(errors(result.diagnostics)).toEqual([]);
    expect(result.plannedState).toMatchObject({ id: Unknown, size: 1, name: "a" });
    expect(result.requiresReplace).toEqual([]);
  });

  it("plans no change as a no-op that keeps every prior value", async () => {
    const result = await plan(prior, config());
    expect(result.plannedState).toEqual(prior);
    expect(result.requiresReplace).toEqual([]);
  });

  // The id stays known: nothing remote changes. Write-only values are never planned.
  it("takes neither a write-only value nor a timeouts change as a change", async () => {
    const result = await plan(prior, config({ password: "pw", timeouts: { create: "1h" } }));
    expect(result.plannedState).toMatchObject({ id: "vm-1", password: null, timeouts: { create: "1h" } });
  });

  it("replaces on a requiresReplace attribute and on modifyPlan's paths, each path once", async () => {
    const zone = await plan(prior, config({ zone: "z2" }));
    expect(zone.requiresReplace).toEqual([[{ attribute: "zone" }]]);
    const both = await plan(prior, config({ name: "replace-me", zone: "z2" }));
    expect(both.requiresReplace).toEqual([[{ attribute: "zone" }], [{ attribute: "name" }]]);
  });

  describe("destroy", () => {
    const destroy = () =>
      planResourceChange(server, core, { priorState: prior, proposedNewState: null, config: null });

    it("plans null and shows modifyPlan the state being destroyed", async () => {
      destroyAnswer = "warn";
      const result = await destroy();
      expect(result).toMatchObject({ plannedState: null, requiresReplace: [] });
      expect(warnings(result.diagnostics)).toEqual(["Destroying a"]);
    });

    it("lets modifyPlan stop the destroy with an error", async () => {
      destroyAnswer = "refuse";
      expect(errors((await destroy()).diagnostics)).toEqual(["a is protected"]);
    });

    it("never brings the object back, whatever modifyPlan returns", async () => {
      destroyAnswer = "resurrect";
      const result = await destroy();
      expect(result.plannedState).toBeNull();
      expect(errors(result.diagnostics)).toEqual([
        "test_vm modifyPlan returned a plan for an object being destroyed",
      ]);
    });

    it("does not call modifyPlan when there is nothing to destroy", async () => {
      modifyCalls = 0;
      const result = await planResourceChange(server, core, {
        priorState: null,
        proposedNewState: null,
        config: null,
      });
      expect(result.plannedState).toBeNull();
      expect(modifyCalls).toBe(0);
    });
  });
});
