// Private state across plan and apply: data the provider keeps with an object (an etag, a
// revision) goes to the host in ApplyResourceChange's private field, comes back in the next
// ReadResource and PlanResourceChange (prior_private), goes from the plan to the apply
// (planned_private) and finally to the delete. The host stores it only as opaque bytes: the
// state file must not show it in clear.
import { attr, defineProvider, defineResource, privateState } from "@tsvider/framework";
import { describe, expect, it } from "vitest";
import { acceptanceTest, stateCheck } from "../index.js";
import {
  Journal,
  SCENARIO_ADDRESS,
  SCENARIO_PROVIDER,
  stateFileText,
  storedInstance,
} from "./scenario-providers.js";

const seen = new Journal<{ op: string; revision: number | null }>();

const revisioned = defineResource({
  typeName: "scn_revisioned",
  schema: { content: attr.string({ required: true }), revision: attr.number({ computed: true }) },
  privateState: privateState<{ revision: number; marker: string }>(),
  async create({ plan, setPrivate }) {
    seen.record({ op: "create", revision: null });
    setPrivate({ revision: 1, marker: "private-marker-1" });
    return { ...plan, revision: 1 };
  },
  async read({ state, private: stored }) {
    seen.record({ op: "read", revision: stored?.revision ?? null });
    return state;
  },
  async update({ plan, private: stored, setPrivate }) {
    seen.record({ op: "update", revision: stored?.revision ?? null });
    const revision = (stored?.revision ?? 0) + 1;
    setPrivate({ revision, marker: `private-marker-${revision}` });
    return { ...plan, revision };
  },
  async delete({ private: stored }) {
    seen.record({ op: "delete", revision: stored?.revision ?? null });
  },
});

const provider = defineProvider({ name: SCENARIO_PROVIDER, version: "0.1.0", resources: [revisioned] });

describe("scenario: private state across plan and apply", () => {
  it("hands each operation the private data the last one stored, sealed in the state file", async () => {
    seen.clear();
    await acceptanceTest({
      provider,
      address: SCENARIO_ADDRESS,
      // The secret that seals private data (TSVIDER_PRIVATE_STATE_SECRET); without it the
      // framework refuses to store private data at all.
      env: { TSVIDER_PRIVATE_STATE_SECRET: "scenario-private-state-secret" },
      steps: [
        {
          config: `resource "scn_revisioned" "r" { content = "one" }`,
          stateChecks: [stateCheck.attribute("scn_revisioned.r", "revision", 1)],
          check: async ({ dir }) => {
            const stored = await storedInstance(dir, "scn_revisioned", "r");
            expect(stored.private, "the host stores private data").toBeTruthy();
            expect(await stateFileText(dir)).not.toContain("private-marker");
          },
        },
        {
          config: `resource "scn_revisioned" "r" { content = "two" }`,
          stateChecks: [stateCheck.attribute("scn_revisioned.r", "revision", 2)],
          check: () => {
            // Refreshes read revision 1 (step 1's convergence plan, this step's plan), and the
            // update got it through the plan (planned_private), then stored revision 2.
            expect(seen.entries.filter((e) => e.op === "read").map((e) => e.revision)).toContain(1);
            expect(seen.entries.find((e) => e.op === "update")?.revision).toBe(1);
          },
        },
        {
          config: `resource "scn_revisioned" "r" { content = "three" }`,
          stateChecks: [stateCheck.attribute("scn_revisioned.r", "revision", 3)],
          check: () => {
            expect(seen.entries.filter((e) => e.op === "update").map((e) => e.revision)).toEqual([1, 2]);
          },
        },
      ],
    });
    // The destroy after the last step got the last private data.
    expect(seen.entries.find((e) => e.op === "delete")?.revision).toBe(3);
  });
});
