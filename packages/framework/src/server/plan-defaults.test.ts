import { describe, expect, it } from "vitest";
import { attr } from "../schema/attributes.js";
import { block } from "../schema/blocks.js";
import { t } from "../schema/types.js";
import { withDefaults } from "./plan-defaults.js";

const schema = {
  name: attr.string({ optional: true }),
  mode: attr.string({ optional: true, computed: true, default: "fast" }),
  rules: block.set({
    port: attr.number({ required: true }),
    proto: attr.string({ optional: true, computed: true, default: "tcp" }),
    stamp: attr.string({ computed: true, default: "none" }),
  }),
  settings: attr.singleNested(
    {
      level: attr.string({ optional: true, computed: true, default: "info" }),
      // A map with a default inside a nested attribute with one.
      tags: attr.map(t.string, { optional: true, computed: true, default: { a: "b" } }),
    },
    { optional: true, computed: true, default: { level: "debug", tags: null } },
  ),
};

describe("withDefaults", () => {
  it("fills in where config is null, not where it is set", () => {
    const config = { name: null, mode: null, rules: [], settings: { level: null, tags: null } };
    expect(withDefaults(schema, config, config)).toEqual({
      name: null,
      mode: "fast",
      rules: [],
      settings: { level: "info", tags: { a: "b" } },
    });
    const set = { ...config, mode: "slow", settings: { level: "warn", tags: {} } };
    expect(withDefaults(schema, set, set)).toEqual(set);
  });

  it("takes a nested attribute's default as written, inner defaults aside", () => {
    const config = { name: null, mode: null, rules: [], settings: null };
    // Terraform proposes the prior value of a computed attribute config leaves out.
    const proposed = { ...config, settings: { level: "warn", tags: { x: "y" } } };
    expect(withDefaults(schema, proposed, config).settings).toEqual({ level: "debug", tags: null });
  });

  it("inside a set, where elements cannot be paired, treats null as unset", () => {
    const config = {
      name: null,
      mode: "m",
      rules: [
        { port: 1, proto: null, stamp: null },
        { port: 2, proto: "udp", stamp: null },
      ],
      settings: { level: "x", tags: null },
    };
    expect(withDefaults(schema, { ...config, rules: [...config.rules] }, config).rules).toEqual([
      { port: 1, proto: "tcp", stamp: "none" },
      { port: 2, proto: "udp", stamp: "none" },
    ]);
  });
});
