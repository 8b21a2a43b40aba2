// Decoding generated JSON bodies: never an exception, and whenever decoding succeeds the
// value's type conforms to the spec's implied type.

import * as cty from "@tsvider/cty";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseJson } from "../json/index.js";
import { decode, impliedType, type Spec } from "./index.js";

const spec: Spec = {
  kind: "object",
  attributes: {
    a: { kind: "attr", name: "a", type: cty.string },
    n: { kind: "attr", name: "n", type: cty.number },
    l: { kind: "attr", name: "l", type: cty.list(cty.number) },
    b: {
      kind: "blockList",
      typeName: "b",
      nested: { kind: "object", attributes: { x: { kind: "attr", name: "x", type: cty.bool } } },
    },
    m: {
      kind: "blockMap",
      typeName: "m",
      labelNames: ["k"],
      nested: { kind: "attr", name: "v", type: cty.map(cty.string) },
    },
    s: { kind: "blockSet", typeName: "s", nested: { kind: "attr", name: "x", type: cty.string } },
  },
};

const leaf = fc.oneof(fc.string({ maxLength: 4 }), fc.integer(), fc.boolean(), fc.constant(null));
const value = fc.letrec((tie) => ({
  v: fc.oneof(
    { depthSize: "small" },
    leaf,
    fc.array(tie("v"), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom("x", "v", "k1", "k2"), tie("v"), { maxKeys: 3 }),
  ),
})).v;
const body = fc.dictionary(fc.constantFrom("a", "n", "l", "b", "m", "s", "other"), value, { maxKeys: 5 });

describe("hcldec.decode, generated bodies", () => {
  it("never throws, and a successful decode has the implied type", () => {
    const implied = impliedType(spec);
    fc.assert(
      fc.property(body, (b) => {
        const { file } = parseJson(JSON.stringify(b), "g.json");
        const { value: v, diagnostics } = decode(file.body, spec);
        if (!diagnostics.some((d) => d.severity === "error")) {
          expect(cty.conformanceErrors(v.type, implied)).toEqual([]);
        }
      }),
      { numRuns: 300 },
    );
  });
});
