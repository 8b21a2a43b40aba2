// Reading a native body against a schema: content, partialContent and justAttributes with
// hcl's diagnostics.
import { describe, expect, test } from "vitest";
import { parseConfig } from "./index.js";
import { diags, r } from "./test-helpers.test-support.js";

const src = `a = 1
bee = 2
svc "web" {
  port = 80
}
svc {}
svc "x" "y" {}
other {}
`;

describe("content", () => {
  const { file } = parseConfig(src, "t");
  const body = file.body;

  test("attributes and blocks the schema names, with label checks", () => {
    const { content, diagnostics } = body.content({
      attributes: [{ name: "a" }, { name: "be" }, { name: "c", required: true }],
      blocks: [{ type: "svc", labelNames: ["name"] }, { type: "other" }],
    });
    expect(Object.keys(content.attributes)).toEqual(["a"]);
    expect(content.blocks.map((b) => [b.type, b.labels])).toEqual([
      ["svc", ["web"]],
      ["other", []],
    ]);
    expect(r(content.missingItemRange)).toBe("1,1,0-1,1,0");
    expect(diags(diagnostics)).toEqual([
      [
        "Missing required argument",
        'The argument "c" is required, but no definition was found.',
        "1,1,0-1,1,0",
        "",
      ],
      ["Missing name for svc", "All svc blocks must have 1 labels (name).", "6,5,44-6,6,45", "6,1,40-6,6,45"],
      [
        "Extraneous label for svc",
        "Only 1 labels (name) are expected for svc blocks.",
        "7,9,55-7,12,58",
        "7,1,47-7,14,60",
      ],
      [
        "Unsupported argument",
        'An argument named "bee" is not expected here. Did you mean "be"?',
        "2,1,6-2,4,9",
        "",
      ],
    ]);
  });

  test("suggestions point at a block of the same name, or an argument", () => {
    const { diagnostics } = body.content({ attributes: [{ name: "svc" }], blocks: [{ type: "a" }] });
    expect(diags(diagnostics).map((d) => d[1])).toEqual([
      'An argument named "a" is not expected here. Did you mean to define a block of type "a"?',
      'An argument named "bee" is not expected here.',
      'Blocks of type "svc" are not expected here. Did you mean to define argument "svc"? If so, use the equals sign to assign it a value.',
      'Blocks of type "svc" are not expected here. Did you mean to define argument "svc"? If so, use the equals sign to assign it a value.',
      'Blocks of type "svc" are not expected here. Did you mean to define argument "svc"? If so, use the equals sign to assign it a value.',
      'Blocks of type "other" are not expected here.',
    ]);
  });

  test("no labels expected", () => {
    const { diagnostics } = body.partialContent({ blocks: [{ type: "svc" }] });
    expect(diags(diagnostics)[0]).toEqual([
      "Extraneous label for svc",
      "No labels are expected for svc blocks.",
      "3,5,18-3,10,23",
      "3,1,14-3,12,25",
    ]);
  });
});

describe("partialContent", () => {
  test("the remaining body hides what was taken", () => {
    const { file } = parseConfig(src, "t");
    const first = file.body.partialContent({
      attributes: [{ name: "a" }],
      blocks: [{ type: "svc", labelNames: ["n"] }],
    });
    expect(Object.keys(first.content.attributes)).toEqual(["a"]);
    const rest = first.remain.content({ attributes: [{ name: "bee" }], blocks: [{ type: "other" }] });
    expect(diags(rest.diagnostics)).toEqual([]);
    expect(Object.keys(rest.content.attributes)).toEqual(["bee"]);
    expect(rest.content.blocks.map((b) => b.type)).toEqual(["other"]);
    expect(Object.keys(first.remain.justAttributes().attributes)).toEqual(["bee"]);
  });
});

describe("justAttributes", () => {
  test("blocks are an error (the first one is named)", () => {
    const { file } = parseConfig(src, "t");
    const { attributes, diagnostics } = file.body.justAttributes();
    expect(Object.keys(attributes)).toEqual(["a", "bee"]);
    expect(diags(diagnostics)).toEqual([
      ['Unexpected "svc" block', "Blocks are not allowed here.", "3,1,14-3,4,17", ""],
    ]);
  });
  test("a __proto__ attribute is kept as an attribute", () => {
    const { file } = parseConfig("__proto__ = 1\n", "t");
    const { attributes } = file.body.justAttributes();
    expect(Object.keys(attributes)).toEqual(["__proto__"]);
  });
});
