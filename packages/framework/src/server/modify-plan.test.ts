// modifyPlan and modifyDestroyPlan, called directly: the author's plan completed and checked
// against the schema, replace paths checked to exist, every malformed answer a diagnostic with
// the plan unchanged; on destroy, diagnostics only.
import { Unknown } from "@tsvider/cty";
import { describe, expect, it } from "vitest";
import { Diagnostics } from "../diagnostics.js";
import { defineResource } from "../resource.js";
import { attr } from "../schema/attributes.js";
import { errors, serverWith, warnings } from "./core-fixture.test-support.js";
import { modifyDestroyPlan, modifyPlan } from "./modify-plan.js";

let answer: unknown;
let seen: unknown[] = [];
const box = defineResource({
  typeName: "test_box",
  schema: {
    id: attr.string({ computed: true }),
    name: attr.string({ required: true }),
    size: attr.int64({ optional: true }),
  },
  modifyPlan(ctx) {
    seen.push({ plan: ctx.plan, config: ctx.config, state: ctx.state });
    if (answer instanceof Error) throw answer;
    if (typeof answer === "function") return answer(ctx);
    return answer as never;
  },
  create: async ({ plan }) => ({ ...plan, id: "1" }) as never,
  read: async ({ state }) => state,
  update: async ({ plan }) => plan as never,
  delete: async () => {},
});
const server = serverWith({ resources: [box] });
const core = server.resource("test_box")!;
const prior = { id: "1", name: "a", size: 1 };
const config = { id: null, name: "b", size: 1 };
const planned = { id: "1", name: "b", size: 1 };

async function run(given: unknown, from: typeof prior | null = prior) {
  answer = given;
  seen = [];
  const diagnostics = new Diagnostics();
  const result = await modifyPlan(server, core, { prior: from, config, planned }, diagnostics);
  return { ...result, diagnostics };
}

describe("modifyPlan", () => {
  it("keeps the plan when the author returns nothing", async () => {
    const result = await run(undefined);
    expect(result).toMatchObject({ planned, requiresReplace: [] });
    expect(seen).toEqual([{ plan: planned, config, state: prior }]);
  });

  it("completes the returned plan, filling what it leaves out with null", async () => {
    const result = await run({ plan: { name: "b", id: Unknown } });
    expect(errors(result.diagnostics)).toEqual([]);
    expect(result.planned).toEqual({ id: Unknown, name: "b", size: null });
  });

  it("takes replace paths by name or as paths, only on update", async () => {
    const update = await run({ requiresReplace: ["name", [{ attribute: "size" }]] });
    expect(update.requiresReplace).toEqual([[{ attribute: "name" }], [{ attribute: "size" }]]);
    const create = await run({ requiresReplace: ["name"] }, null);
    expect(create.requiresReplace).toEqual([]);
  });

  it.each([
    ["a string", "nope", "test_box modifyPlan returned string"],
    [
      "an attribute the schema lacks",
      { plan: { ...planned, color: "red" } },
      "test_box modifyPlan returned an attribute the schema does not have",
    ],
    [
      "a value of the wrong type",
      { plan: { ...planned, size: "big" } },
      "test_box modifyPlan returned a plan that does not match the schema",
    ],
    [
      "a replace path that leads nowhere",
      { requiresReplace: ["colour"] },
      "test_box modifyPlan asked to replace on a path the resource does not have",
    ],
    ["a throw", new Error("boom"), "Could not plan test_box"],
  ])("answers %s with an error, keeping the plan", async (_, given, summary) => {
    const result = await run(given);
    expect(errors(result.diagnostics)).toEqual([summary]);
    expect(result.planned).toBe(planned);
  });

  it("keeps the plan when the author adds an error diagnostic", async () => {
    const result = await run(({ diagnostics }: { diagnostics: Diagnostics }) => {
      diagnostics.addError("Not allowed");
      return { plan: { ...planned, name: "other" } };
    });
    expect(errors(result.diagnostics)).toEqual(["Not allowed"]);
    expect(result.planned).toBe(planned);
  });
});

describe("modifyDestroyPlan", () => {
  async function destroy(given: unknown) {
    answer = given;
    seen = [];
    const diagnostics = new Diagnostics();
    await modifyDestroyPlan(server, core, { prior }, diagnostics);
    return diagnostics;
  }

  it("shows the author the state being destroyed, with a null plan and config", async () => {
    expect((await destroy(undefined)).items).toEqual([]);
    expect(seen).toEqual([{ plan: null, config: null, state: prior }]);
  });

  it("passes on the author's warnings and errors", async () => {
    const warned = await destroy(({ diagnostics }: { diagnostics: Diagnostics }) => {
      diagnostics.addWarning("Data will be lost");
    });
    expect(warnings(warned)).toEqual(["Data will be lost"]);
    expect(errors(await destroy(new Error("boom")))).toEqual(["Could not plan test_box"]);
  });

  it("refuses a plan returned for an object being destroyed", async () => {
    expect(errors(await destroy({ plan: prior }))).toEqual([
      "test_box modifyPlan returned a plan for an object being destroyed",
    ]);
    expect(errors(await destroy({ plan: null }))).toEqual([]);
  });
});
