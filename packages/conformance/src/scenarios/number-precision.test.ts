// Number precision: cty numbers are arbitrary-precision decimals, so an integer beyond 2^53, a
// decimal fraction such as 0.1 and a number with more digits than a double holds must reach
// the provider and come back to the host exactly (a rounded echo would plan a change forever).
// The infinities cannot be written in configuration or stored in JSON state, but msgpack
// carries them: functions return them and take them back.
import { attr, Decimal, defineProvider, defineProviderFunction, defineResource, t } from "@tsvider/framework";
import { describe, expect, it } from "vitest";
import { acceptanceTest, stateCheck } from "../index.js";
import { Journal, SCENARIO_ADDRESS, SCENARIO_PROVIDER, stateFileText } from "./scenario-providers.js";

const seen = new Journal<unknown>();

const numbers = defineResource({
  typeName: "scn_numbers",
  schema: {
    values: attr.map(t.number, { required: true }),
    echo: attr.map(t.number, { computed: true }),
    whole: attr.int64({ optional: true }),
  },
  async create({ plan }) {
    seen.record(plan.values);
    return { ...plan, echo: plan.values };
  },
  async read({ state }) {
    return state;
  },
  async update({ plan }) {
    seen.record(plan.values);
    return { ...plan, echo: plan.values };
  },
  async delete() {},
});

const infinity = defineProviderFunction({
  name: "infinity",
  summary: "Positive or negative infinity, by the sign of its argument",
  params: [{ name: "sign", type: t.number }],
  returns: t.number,
  run: (sign) => (Number(sign) < 0 ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY),
});

const isInfinite = defineProviderFunction({
  name: "is_infinite",
  summary: "Whether a number is one of the infinities",
  params: [{ name: "n", type: t.number }],
  returns: t.bool,
  run: (n) => typeof n === "number" && !Number.isFinite(n) && !Number.isNaN(n),
});

const provider = defineProvider({
  name: SCENARIO_PROVIDER,
  version: "0.1.0",
  resources: [numbers],
  functions: [infinity, isInfinite],
});

const BIG = "9007199254740993"; // 2^53 + 1: the first integer a double cannot hold
const HUGE = "123456789012345678901234567890";
const LONG = "3.14159265358979323846264338327950288";

describe("scenario: number precision", () => {
  it("carries big integers, 0.1 and long decimals exactly through plan, apply and state", async () => {
    seen.clear();
    await acceptanceTest({
      provider,
      address: SCENARIO_ADDRESS,
      steps: [
        {
          config: `resource "scn_numbers" "n" {
  values = {
    big      = ${BIG}
    huge     = ${HUGE}
    negative = -${HUGE}
    tenth    = 0.1
    long     = ${LONG}
    max      = 9223372036854775807
  }
  whole = 9223372036854775807
}`,
          stateChecks: [stateCheck.attribute("scn_numbers.n", "echo.tenth", 0.1)],
          check: async ({ dir }) => {
            // The digits the host stored, for the configured map and the provider's echo.
            const text = await stateFileText(dir);
            for (const digits of [BIG, HUGE, `-${HUGE}`, LONG, "9223372036854775807"]) {
              expect(
                text.split(`: ${digits}`).length - 1,
                `${digits} in state:\n${text}`,
              ).toBeGreaterThanOrEqual(2);
            }
            expect(text).toMatch(/"tenth": 0\.1\b/);
            // The provider got them exactly too: bigints and decimals, never rounded doubles.
            const values = seen.entries[0] as Record<string, unknown>;
            expect(String(values.big)).toBe(BIG);
            expect(String(values.huge)).toBe(HUGE);
            expect(String(values.long)).toBe(LONG);
            // 0.1 has no exact double: it arrives as a Decimal, not as 0.1000000000000000055...
            expect(values.tenth).toBeInstanceOf(Decimal);
            expect(String(values.tenth)).toBe("0.1");
          },
        },
        {
          // One more than 2^53 + 1 is a change even though both round to the same double.
          config: `resource "scn_numbers" "n" {
  values = {
    big = 9007199254740994
  }
}`,
          check: async ({ dir }) => {
            expect(await stateFileText(dir)).toContain(": 9007199254740994");
          },
        },
      ],
    });
  });

  it("passes the infinities through function calls, where msgpack allows them", async () => {
    await acceptanceTest({
      provider,
      address: SCENARIO_ADDRESS,
      steps: [
        {
          config: `
output "positive" { value = provider::scn::infinity(1) > 1e308 }
output "negative" { value = provider::scn::infinity(-1) < -1e308 }
output "round_trip" { value = provider::scn::is_infinite(provider::scn::infinity(-1)) }
output "finite" { value = provider::scn::is_infinite(1e308) }
`,
          check: ({ outputs }) => {
            expect(outputs).toEqual({ positive: true, negative: true, round_trip: true, finite: false });
          },
        },
      ],
    });
  });
});
