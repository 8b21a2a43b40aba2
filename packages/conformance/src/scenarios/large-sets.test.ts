// Large sets through plan and apply: the host sends the whole set in config, proposed state
// and plan; the provider decodes it, checks its plan against the config (set elements paired
// by value) and answers it, and the host reads it back in the refresh before the convergence
// plan and the destroy. This test proves that right for a set of 1,000 strings and one of 200
// blocks. The 10,000-element set, and how the time grows with the size, is apps/bench's
// (src/large-set.ts), never asserted here.
//
// Why not 10,000 here: OpenTofu checks an applied set against the planned one by comparing
// every element with every other, which is quadratic (about 2 minutes per apply or
// refresh-and-plan at 10,000 elements on two cores, while the provider spends well under a
// second in all). At 1,000 the host's share is about a hundredth of that; the provider's code
// paths are the same at any size past the few elements other scenarios use.
import { describe, expect, it } from "vitest";
import { acceptanceTest, stateCheck } from "../index.js";
import { largeSetConfig, largeSetProvider, largeSetSeen } from "./large-set-provider.js";
import { SCENARIO_ADDRESS, storedInstance } from "./scenario-providers.js";

const SIZE = 1_000;
const BLOCKS = 200;

describe("scenario: large sets", () => {
  it(
    "plans, applies, refreshes and destroys a set of 1,000 strings and one of 200 blocks",
    async () => {
      largeSetSeen.clear();
      await acceptanceTest({
        provider: largeSetProvider,
        address: SCENARIO_ADDRESS,
        steps: [
          {
            config: largeSetConfig({ size: SIZE, blocks: BLOCKS }),
            stateChecks: [stateCheck.attribute("scn_large_set.s", "size", SIZE)],
            check: async ({ dir }) => {
              const stored = await storedInstance(dir, "scn_large_set", "s");
              const members = stored.attributes.members as string[];
              expect(members).toHaveLength(SIZE);
              expect(new Set(members).size).toBe(SIZE);
              expect(members).toContain("m-0");
              expect(members).toContain(`m-${SIZE - 1}`);
              expect(stored.attributes.echo).toHaveLength(SIZE);
              expect(stored.attributes.rules).toHaveLength(BLOCKS);
              // The provider was given every element, exactly once each.
              expect(largeSetSeen.entries).toEqual([{ op: "create", members: SIZE, rules: BLOCKS }]);
            },
          },
        ],
      });
    },
    // A guard against a hang, not a timing: a loaded machine may take many times the usual
    // half minute or so.
    10 * 60_000,
  );
});
