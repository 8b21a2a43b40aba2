// Import: ImportResourceState turns the practitioner's ID into just enough state for
// ReadResource to complete, through `tofu import`-style verification (the imported object must
// equal the one the config created) and through `import {}` blocks planned with the config. An
// ID that names nothing must fail with the host's own error, not an empty object in state.
import { attr, defineProvider, defineResource, isUnknown, ResourceError } from "@tsvider/framework";
import { describe, expect, it } from "vitest";
import { acceptanceTest, planCheck, stateCheck } from "../index.js";
import { SCENARIO_ADDRESS, SCENARIO_PROVIDER } from "./scenario-providers.js";

/** The scenario's "remote API": objects by ID. */
const remote = new Map<string, { name: string; size: number; note: string | null }>();

const thing = defineResource({
  typeName: "scn_thing",
  schema: {
    id: attr.string({ computed: true }),
    name: attr.string({ required: true }),
    size: attr.number({ optional: true, computed: true }),
    note: attr.string({ optional: true }),
  },
  async create({ plan }) {
    const id = `thing-${plan.name}`;
    const size = plan.size === null || isUnknown(plan.size) ? 1 : Number(plan.size);
    remote.set(id, { name: plan.name, size, note: plan.note });
    return { ...plan, id, size };
  },
  async read({ state }) {
    const found = remote.get(state.id ?? "");
    return found ? { ...state, ...found } : null;
  },
  async update({ plan, state }) {
    const size = plan.size === null || isUnknown(plan.size) ? 1 : Number(plan.size);
    remote.set(state.id!, { name: plan.name, size, note: plan.note });
    return { ...plan, id: state.id, size };
  },
  async delete({ state }) {
    remote.delete(state.id!);
  },
  async importState({ id }) {
    if (!id.startsWith("thing-")) {
      throw new ResourceError(`"${id}" is not a thing ID`, { detail: 'Thing IDs look like "thing-1".' });
    }
    return { id };
  },
});

const provider = defineProvider({ name: SCENARIO_PROVIDER, version: "0.1.0", resources: [thing] });

describe("scenario: import", () => {
  it("imports by ID with verification, through import blocks, and refuses IDs that name nothing", async () => {
    remote.clear();
    remote.set("thing-outside", { name: "made elsewhere", size: 7, note: "hand-made" });
    await acceptanceTest({
      provider,
      address: SCENARIO_ADDRESS,
      steps: [
        {
          config: `resource "scn_thing" "a" {
  name = "alpha"
  size = 3
}`,
          stateChecks: [stateCheck.attribute("scn_thing.a", "id", "thing-alpha")],
        },
        {
          // The harness imports scn_thing.a's ID into a fresh state and compares every attribute.
          config: `resource "scn_thing" "a" {
  name = "alpha"
  size = 3
}`,
          importState: { resourceName: "scn_thing.a", id: "thing-alpha", verify: true },
        },
        {
          config: `resource "scn_thing" "a" {
  name = "alpha"
  size = 3
}
resource "scn_thing" "c" {
  name = "gone"
}
import {
  to = scn_thing.c
  id = "thing-404"
}`,
          expectError: /Cannot import non-existent remote object/,
        },
        {
          config: `resource "scn_thing" "a" {
  name = "alpha"
  size = 3
}
resource "scn_thing" "c" {
  name = "bad"
}
import {
  to = scn_thing.c
  id = "not-an-id"
}`,
          expectError: /"not-an-id" is not a thing ID/,
        },
        {
          config: `resource "scn_thing" "a" {
  name = "alpha"
  size = 3
}
import {
  to = scn_thing.b
  id = "thing-outside"
}
resource "scn_thing" "b" {
  name = "made elsewhere"
  size = 7
  note = "hand-made"
}`,
          planChecks: { preApply: [planCheck.action("scn_thing.b", "no-op")] },
          stateChecks: [
            stateCheck.attribute("scn_thing.b", "id", "thing-outside"),
            stateCheck.attribute("scn_thing.b", "size", 7),
          ],
        },
      ],
    });
    // The final destroy removed what was created and what was imported.
    expect([...remote.keys()]).toEqual([]);
  });
});
