// validateResourceConfig, called directly: the order of its checks (schema, timeouts,
// validators, then the author's), unknown values allowed, and write-only refused by a host
// that cannot take it.
import { Unknown } from "@tsvider/cty";
import { describe, expect, it } from "vitest";
import { ValidationError } from "../errors.js";
import { defineResource } from "../resource.js";
import { attr } from "../schema/attributes.js";
import { timeoutsBlock } from "../timeouts.js";
import { errors, serverWith } from "./core-fixture.test-support.js";
import { validateResourceConfig } from "./validate-resource-config.js";

let calls = 0;
const disk = defineResource({
  typeName: "test_disk",
  schema: {
    name: attr.string({ required: true }),
    size: attr.int64({ optional: true }),
    password: attr.string({ optional: true, writeOnly: true }),
    timeouts: timeoutsBlock({ create: true }),
  },
  validateConfig({ config }) {
    calls++;
    if (config.name === "bad") throw new ValidationError("Name is bad", { path: [{ attribute: "name" }] });
    if (config.name === "crash") throw new Error("boom");
  },
  create: async ({ plan }) => ({ ...plan, password: null }),
  read: async ({ state }) => state,
  update: async ({ plan }) => ({ ...plan, password: null }),
  delete: async () => {},
});
const server = serverWith({ resources: [disk] });
/** As the core finds it by type name, the way the adapters call it. */
const diskCore = server.resource("test_disk")!;
const config = (over: object = {}) => ({ name: "a", size: null, password: null, timeouts: null, ...over });

describe("validateResourceConfig", () => {
  it("accepts a good config, and one with unknown values", async () => {
    expect(errors(await validateResourceConfig(server, diskCore, config()))).toEqual([]);
    expect(errors(await validateResourceConfig(server, diskCore, config({ name: Unknown })))).toEqual([]);
  });

  it("has nothing to say about a null config", async () => {
    expect((await validateResourceConfig(server, diskCore, null)).items).toEqual([]);
  });

  it("refuses wrong types and bad durations before the author's validateConfig runs", async () => {
    calls = 0;
    const wrong = await validateResourceConfig(server, diskCore, config({ size: 2.5 }));
    expect(wrong.items[0]?.path).toEqual([{ attribute: "size" }]);
    const late = await validateResourceConfig(server, diskCore, config({ timeouts: { create: "soon" } }));
    expect(late.items).toMatchObject([
      { summary: "Invalid timeout", path: [{ attribute: "timeouts" }, { attribute: "create" }] },
    ]);
    expect(calls).toBe(0);
  });

  it("refuses write-only values when the host cannot take them", async () => {
    const refused = await validateResourceConfig(server, diskCore, config({ password: "pw" }), {
      writeOnlyAllowed: false,
    });
    expect(refused.hasErrors).toBe(true);
    expect(errors(await validateResourceConfig(server, diskCore, config({ password: "pw" })))).toEqual([]);
  });

  it("turns the author's throws into diagnostics", async () => {
    expect((await validateResourceConfig(server, diskCore, config({ name: "bad" }))).items).toMatchObject([
      { summary: "Name is bad", path: [{ attribute: "name" }] },
    ]);
    expect(errors(await validateResourceConfig(server, diskCore, config({ name: "crash" })))).toEqual([
      "Could not validate the configuration of test_disk",
    ]);
  });
});
