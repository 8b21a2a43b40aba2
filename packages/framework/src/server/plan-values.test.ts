import { Unknown } from "@tsvider/cty";
import { describe, expect, it } from "vitest";
import { attr } from "../schema/attributes.js";
import { block } from "../schema/blocks.js";
import { plannedObject, replacePaths } from "./plan-values.js";

const schema = {
  zones: attr.mapNested(
    { size: attr.number({ required: true, requiresReplace: true }), id: attr.string({ computed: true }) },
    { optional: true },
  ),
  labels: attr.setNested(
    {
      key: attr.string({ required: true, requiresReplace: true }),
      note: attr.string({ optional: true }),
      value: attr.string({ optional: true, computed: true }),
    },
    { optional: true },
  ),
  rules: block.list({ port: attr.number({ required: true, requiresReplace: true }) }),
  settings: block.group({ mode: attr.string({ optional: true, computed: true }) }),
};

const state = {
  zones: { a: { size: 1, id: "z-a" } },
  labels: [{ key: "env", note: null, value: "v" }],
  rules: [{ port: 80 }],
  settings: { mode: "fast" },
};

describe("plannedObject", () => {
  it("marks computed values unknown in map elements, set elements and group blocks when changing", () => {
    const config = {
      zones: { a: { size: 1, id: null }, b: { size: 2, id: null } },
      labels: [{ key: "env", note: "x", value: null }],
      rules: [{ port: 80 }],
      settings: { mode: null },
    };
    const proposed = {
      zones: { a: { size: 1, id: "z-a" }, b: { size: 2, id: null } },
      labels: [{ key: "env", note: "x", value: null }],
      rules: [{ port: 80 }],
      settings: { mode: "fast" },
    };
    expect(plannedObject(schema, proposed, config, true)).toEqual({
      zones: { a: { size: 1, id: Unknown }, b: { size: 2, id: Unknown } },
      // Set elements cannot be paired with config's: a null optional + computed value is unset.
      labels: [{ key: "env", note: "x", value: Unknown }],
      rules: [{ port: 80 }],
      settings: { mode: Unknown },
    });
    expect(plannedObject(schema, state, config, false)).toEqual(state);
  });
});

describe("replacePaths", () => {
  it("finds requiresReplace changes by map key, in list blocks by index, and in sets at the set", () => {
    expect(replacePaths(schema, state, state)).toEqual([]);
    expect(replacePaths(schema, state, { ...state, zones: { a: { size: 2, id: "z-a" } } })).toEqual([
      [{ attribute: "zones" }, { key: "a" }, { attribute: "size" }],
    ]);
    expect(replacePaths(schema, state, { ...state, rules: [{ port: 80 }, { port: 443 }] })).toEqual([
      [{ attribute: "rules" }, { index: 1 }, { attribute: "port" }],
    ]);
    expect(
      replacePaths(schema, state, { ...state, labels: [{ key: "team", note: null, value: "v" }] }),
    ).toEqual([[{ attribute: "labels" }]]);
  });

  it("ignores changes in a set that leave its requiresReplace values as they were", () => {
    expect(
      replacePaths(schema, state, { ...state, labels: [{ key: "env", note: "new", value: Unknown }] }),
    ).toEqual([]);
  });
});
