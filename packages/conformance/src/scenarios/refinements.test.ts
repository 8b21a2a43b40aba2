// Refinements: what the host knows about a value it does not know yet. A template with a known
// prefix around an unknown value (`"pre-${terraform_data.x.output}"`) is an unknown string,
// not null, starting with "pre-"; the refinements travel to the provider in msgpack
// (extension 12) and must come back in its planned value byte for byte, for the host to still
// know, downstream, that the value is not null and starts with "pre-". If the provider drops
// them, `startswith(...)` and `!= null` on it are unknown at plan time instead of true.
import { attr, defineProvider, defineResource, isUnknown } from "@tsvider/framework";
import { describe, expect, it } from "vitest";
import { acceptanceTest, planCheck, stateCheck } from "../index.js";
import { Journal, SCENARIO_ADDRESS, SCENARIO_PROVIDER } from "./scenario-providers.js";

const planned = new Journal<{ type: string; inputUnknown: boolean }>();

const refined = defineResource({
  typeName: "scn_refined",
  schema: {
    input: attr.string({ required: true }),
    length: attr.number({ computed: true }),
  },
  modifyPlan({ config }) {
    if (config !== null) planned.record({ type: "scn_refined", inputUnknown: isUnknown(config.input) });
  },
  async create({ plan }) {
    return { ...plan, length: plan.input.length };
  },
  async read({ state }) {
    return state;
  },
  async update({ plan }) {
    return { ...plan, length: plan.input.length };
  },
  async delete() {},
});

// Takes whatever it is given, so the host's knowledge about the value is visible in its plan.
const echo = defineResource({
  typeName: "scn_echo",
  schema: { value: attr.bool({ required: true }) },
  async create({ plan }) {
    return plan;
  },
  async read({ state }) {
    return state;
  },
  async update({ plan }) {
    return plan;
  },
  async delete() {},
});

const provider = defineProvider({ name: SCENARIO_PROVIDER, version: "0.1.0", resources: [refined, echo] });

describe("scenario: refinements", () => {
  it("carries an unknown value's refinements through the provider's plan", async () => {
    planned.clear();
    await acceptanceTest({
      provider,
      address: SCENARIO_ADDRESS,
      steps: [
        {
          config: `
resource "terraform_data" "x" {
  input = "later"
}
resource "scn_refined" "r" {
  input = "pre-\${terraform_data.x.output}"
}
resource "scn_echo" "prefix" {
  value = startswith(scn_refined.r.input, "pre-")
}
resource "scn_echo" "not_null" {
  value = scn_refined.r.input != null
}
`,
          planChecks: {
            preApply: [
              planCheck.action("scn_refined.r", "create"),
              planCheck.unknown("scn_refined.r", "input"),
              planCheck.unknown("scn_refined.r", "length"),
              // Known only because the refinements survived the provider's plan.
              planCheck.known("scn_echo.prefix", "value"),
              planCheck.known("scn_echo.not_null", "value"),
            ],
          },
          stateChecks: [
            stateCheck.attribute("scn_refined.r", "input", "pre-later"),
            stateCheck.attribute("scn_refined.r", "length", 9),
            stateCheck.attribute("scn_echo.prefix", "value", true),
            stateCheck.attribute("scn_echo.not_null", "value", true),
          ],
          check: () => {
            // The provider saw the config value as unknown while planning (its refinements are
            // the host's business, carried as they came).
            expect(planned.entries.some((e) => e.inputUnknown)).toBe(true);
          },
        },
      ],
    });
  });
});
