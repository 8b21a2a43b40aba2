// Functions with unknown and null arguments (CallFunction): a parameter that does not allow
// unknown values makes the call's result unknown without calling the function, so the plan
// shows "known after apply"; one that allows them hands the function the value with its
// unknown parts, and a list with an unknown element still has a known length. A null argument
// is refused by the host unless the parameter allows null, and then the function gets null. A
// function's own error names the argument it blames. Terraform calls functions on an
// unconfigured provider instance and OpenTofu on the configured one: the scenario runs on both.
import {
  attr,
  defineProvider,
  defineProviderFunction,
  defineResource,
  FunctionError,
  isUnknown,
  t,
} from "@tsvider/framework";
import { describe, expect, it } from "vitest";
import { acceptanceTest, planCheck, stateCheck } from "../index.js";
import { Journal, SCENARIO_ADDRESS, SCENARIO_PROVIDER, scenarioHosts } from "./scenario-providers.js";

const calls = new Journal<{ fn: string; args: unknown[] }>();
const shown = (v: unknown): unknown => (isUnknown(v) ? "(unknown)" : Array.isArray(v) ? v.map(shown) : v);

const upper = defineProviderFunction({
  name: "upper",
  params: [{ name: "text", type: t.string }],
  returns: t.string,
  run: (text) => {
    calls.record({ fn: "upper", args: [text] });
    return text.toUpperCase();
  },
});

const lengthOf = defineProviderFunction({
  name: "length_of",
  params: [{ name: "items", type: t.list(t.string), allowUnknownValues: true }],
  returns: t.number,
  run: (items) => {
    calls.record({ fn: "length_of", args: [shown(items)] });
    // The list itself is known even when some elements are not: its length is known.
    if (isUnknown(items)) return items;
    return items.length;
  },
});

const strictLength = defineProviderFunction({
  name: "strict_length",
  params: [{ name: "items", type: t.list(t.string) }],
  returns: t.number,
  run: (items) => {
    calls.record({ fn: "strict_length", args: [items] });
    return items.length;
  },
});

const orDefault = defineProviderFunction({
  name: "or_default",
  params: [
    { name: "value", type: t.string, allowNullValue: true },
    { name: "fallback", type: t.string },
  ],
  returns: t.string,
  run: (value, fallback) => {
    calls.record({ fn: "or_default", args: [value, fallback] });
    return value ?? fallback;
  },
});

const countOf = defineProviderFunction({
  name: "count_of",
  params: [],
  variadic: { name: "items", type: t.string, allowNullValue: true },
  returns: t.number,
  run: (...items) => {
    calls.record({ fn: "count_of", args: items });
    const bad = items.indexOf("boom");
    if (bad >= 0) throw new FunctionError('"boom" is not countable', { argument: bad });
    return items.filter((i) => i !== null).length;
  },
});

// Holds the results, so the plan shows which are known.
const sink = defineResource({
  typeName: "scn_sink",
  schema: {
    strict: attr.string({ required: true }),
    lenient_length: attr.number({ required: true }),
    strict_length: attr.number({ required: true }),
    defaulted: attr.string({ required: true }),
    counted: attr.number({ required: true }),
  },
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

const provider = defineProvider({
  name: SCENARIO_PROVIDER,
  version: "0.1.0",
  resources: [sink],
  functions: [upper, lengthOf, strictLength, orDefault, countOf],
});

const config = `
resource "terraform_data" "later" {
  input = "later"
}
resource "scn_sink" "s" {
  strict         = provider::scn::upper(terraform_data.later.output)
  lenient_length = provider::scn::length_of(["a", terraform_data.later.output])
  strict_length  = provider::scn::strict_length(["a", terraform_data.later.output])
  defaulted      = provider::scn::or_default(null, "fallback")
  counted        = provider::scn::count_of("a", null, "b")
}
`;

describe("scenario: functions with unknown and null arguments", () => {
  for (const host of scenarioHosts({ terraform: true })) {
    it(`handles unknown and null arguments as each parameter allows (${host.name})`, async () => {
      calls.clear();
      await acceptanceTest({
        provider,
        address: SCENARIO_ADDRESS,
        ...(host.binary ? { binary: host.binary } : {}),
        steps: [
          {
            // A null where the parameter does not allow one: the host refuses the call.
            config: `output "o" { value = provider::scn::upper(null) }`,
            expectError: /Invalid function argument[\s\S]*null/,
          },
          {
            // The function's own error, blaming its third argument (a variadic one).
            config: `output "o" { value = provider::scn::count_of("a", "b", "boom") }`,
            expectError: /"boom" is not countable/,
          },
          {
            config,
            planChecks: {
              preApply: [
                // Unknowns not allowed: the result is unknown until apply.
                planCheck.unknown("scn_sink.s", "strict"),
                planCheck.unknown("scn_sink.s", "strict_length"),
                // Allowed: called with the unknown element, and its answer is known.
                planCheck.known("scn_sink.s", "lenient_length", 2),
                planCheck.known("scn_sink.s", "defaulted", "fallback"),
                planCheck.known("scn_sink.s", "counted", 2),
              ],
            },
            stateChecks: [
              stateCheck.attribute("scn_sink.s", "strict", "LATER"),
              stateCheck.attribute("scn_sink.s", "strict_length", 2),
              stateCheck.attribute("scn_sink.s", "lenient_length", 2),
            ],
            check: () => {
              const called = calls.entries;
              expect(called).toContainEqual({ fn: "length_of", args: [["a", "(unknown)"]] });
              // Never called while its argument was unknown.
              expect(called.filter((c) => c.fn === "upper").map((c) => c.args[0])).not.toContain("(unknown)");
              expect(
                called
                  .filter((c) => c.fn === "strict_length")
                  .every((c) => !JSON.stringify(c.args).includes("unknown")),
              ).toBe(true);
              expect(called).toContainEqual({ fn: "or_default", args: [null, "fallback"] });
              expect(called).toContainEqual({ fn: "count_of", args: ["a", null, "b"] });
            },
          },
        ],
      });
    });
  }
});
