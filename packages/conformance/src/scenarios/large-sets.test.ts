// Sets of 10,000 elements through plan and apply: the host sends the whole set in config,
// proposed state and plan; the provider decodes it, checks its plan against the config (set
// elements paired by value) and answers it, and the host reads it back in the refresh before
// the convergence plan and the destroy. This test proves that right at 10,000 elements; how
// long it takes is measured by apps/bench (src/large-set.ts), never asserted here.
//
// It is slow, and not because of the provider: OpenTofu checks an applied set against the
// planned one by comparing every element with every other, which is quadratic (about 2 minutes
// per apply or refresh-and-plan at 10,000 elements on two cores, while the provider spends
// well under a second in all). Hence one step, a set of strings at full size, a set of blocks
// at 200 (their pairing is costlier still), and a timeout far above the suite's default.
import { describe, expect, it } from "vitest";
import { acceptanceTest, stateCheck } from "../index.js";
import { largeSetConfig, largeSetProvider, largeSetSeen } from "./large-set-provider.js";
import { SCENARIO_ADDRESS, storedInstance } from "./scenario-providers.js";

const SIZE = 10_000;
const BLOCKS = 200;

describe("scenario: sets of 10,000 elements", () => {
  it(
    "plans, applies, refreshes and destroys a set of 10,000 strings",
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
    30 * 60_000,
  );
});
