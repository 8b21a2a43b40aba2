import { describe, expect, it } from "vitest";
import { attr } from "./attributes.js";
import { block } from "./blocks.js";
import { schemaContains } from "./contains.js";

describe("schemaContains", () => {
  const hasSensitive = schemaContains((entry) => entry.options.sensitive === true);

  it("finds an attribute at the top, inside nested attributes and inside blocks", () => {
    expect(hasSensitive({ a: attr.string({ optional: true, sensitive: true }) })).toBe(true);
    expect(
      hasSensitive({
        n: attr.listNested({ s: attr.string({ optional: true, sensitive: true }) }, { optional: true }),
      }),
    ).toBe(true);
    expect(
      hasSensitive({
        b: block.list({ inner: block.single({ s: attr.string({ sensitive: true, optional: true }) }) }),
      }),
    ).toBe(true);
    expect(
      hasSensitive({
        a: attr.string({ optional: true }),
        b: block.list({ x: attr.int64({ optional: true }) }),
      }),
    ).toBe(false);
  });

  it("asks about a nested attribute itself, not only what it holds", () => {
    expect(
      hasSensitive({
        n: attr.singleNested({ x: attr.string({ optional: true }) }, { optional: true, sensitive: true }),
      }),
    ).toBe(true);
  });

  it("remembers its answer per schema", () => {
    let asked = 0;
    const counting = schemaContains(() => {
      asked++;
      return false;
    });
    const schema = { a: attr.string({ optional: true }), b: attr.int64({ optional: true }) };
    counting(schema);
    counting(schema);
    expect(asked).toBe(2);
  });
});
