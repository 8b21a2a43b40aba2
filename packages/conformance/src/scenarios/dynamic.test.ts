// Dynamic types: an attribute whose type comes from configuration. The value travels as
// msgpack with its type beside it (go-cty's dynamic encoding); the provider echoes it into a
// computed dynamic attribute, and the host must store both with the type config gave: a list
// stays a list (not a tuple), an object keeps its attribute types, and changing the type in
// place is an update, not a replacement.
import { attr, Dynamic, defineProvider, defineResource, isUnknown } from "@tsvider/framework";
import { describe, expect, it } from "vitest";
import { acceptanceTest, stateCheck } from "../index.js";
import { Journal, SCENARIO_ADDRESS, SCENARIO_PROVIDER, storedInstance } from "./scenario-providers.js";

const seen = new Journal<{ op: string; value: unknown }>();

const dynamicResource = defineResource({
  typeName: "scn_dynamic",
  schema: {
    id: attr.string({ computed: true }),
    value: attr.dynamic({ required: true }),
    maybe: attr.dynamic({ optional: true }),
    echo: attr.dynamic({ computed: true }),
  },
  async create({ plan }) {
    seen.record({ op: "create", value: plan.value });
    return { ...plan, id: "dyn", echo: plan.value };
  },
  async read({ state }) {
    return state;
  },
  async update({ plan, state }) {
    seen.record({ op: "update", value: plan.value });
    return { ...plan, id: isUnknown(plan.id) || plan.id === null ? state.id : plan.id, echo: plan.value };
  },
  async delete() {},
});

const provider = defineProvider({ name: SCENARIO_PROVIDER, version: "0.1.0", resources: [dynamicResource] });

/** The stored `echo`: Terraform stores a dynamic attribute as `{ value, type }`. */
async function storedEcho(dir: string): Promise<{ value: unknown; type: unknown }> {
  const instance = await storedInstance(dir, "scn_dynamic", "d");
  return instance.attributes.echo as { value: unknown; type: unknown };
}

describe("scenario: dynamic types", () => {
  it("keeps the type configuration gave through plan, apply and an in-place change of type", async () => {
    seen.clear();
    await acceptanceTest({
      provider,
      address: SCENARIO_ADDRESS,
      steps: [
        {
          config: `resource "scn_dynamic" "d" { value = "text" }`,
          stateChecks: [
            stateCheck.attribute("scn_dynamic.d", "echo", "text"),
            stateCheck.attribute("scn_dynamic.d", "maybe", null),
          ],
          check: async ({ dir }) => {
            expect(await storedEcho(dir)).toEqual({ value: "text", type: "string" });
            const created = seen.entries.find((e) => e.op === "create")?.value;
            expect(created).toBeInstanceOf(Dynamic);
            expect((created as Dynamic).value).toBe("text");
          },
        },
        {
          // A number where a string was: the same attribute, another type, updated in place.
          config: `resource "scn_dynamic" "d" { value = 42 }`,
          stateChecks: [stateCheck.attribute("scn_dynamic.d", "echo", 42)],
          check: async ({ dir }) => {
            expect(await storedEcho(dir)).toEqual({ value: 42, type: "number" });
            expect(seen.entries.some((e) => e.op === "update")).toBe(true);
          },
        },
        {
          // tolist: a list of strings, which must not come back as a tuple.
          config: `resource "scn_dynamic" "d" {
  value = tolist(["a", "b"])
  maybe = { n = 1, tags = toset(["x"]) }
}`,
          check: async ({ dir }) => {
            expect(await storedEcho(dir)).toEqual({ value: ["a", "b"], type: ["list", "string"] });
            const instance = await storedInstance(dir, "scn_dynamic", "d");
            expect(instance.attributes.maybe).toEqual({
              value: { n: 1, tags: ["x"] },
              type: ["object", { n: "number", tags: ["set", "string"] }],
            });
          },
        },
        {
          // A tuple literal of mixed elements, and an object holding a null attribute.
          config: `resource "scn_dynamic" "d" {
  value = ["a", 1, true, null]
  maybe = { inner = null }
}`,
          check: async ({ dir }) => {
            expect(await storedEcho(dir)).toEqual({
              value: ["a", 1, true, null],
              type: ["tuple", ["string", "number", "bool", "dynamic"]],
            });
          },
        },
      ],
    });
  });
});
