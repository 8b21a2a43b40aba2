// Parsing configuration files: structure with exact ranges, and hclsyntax's diagnostics for
// bad input. Expected ranges and messages are what hashicorp/hcl v2.24.0 gives.
import { describe, expect, test } from "vitest";
import { parseConfig } from "./index.js";
import { diags, r } from "./test-helpers.test-support.js";

describe("parseConfig structure", () => {
  test("attributes and blocks with labels, with their ranges", () => {
    const src = 'a = 1\nb "x" y {\n  c = "s"\n}\nd { e = 2 }\n';
    const { file, diagnostics } = parseConfig(src, "t");
    expect(diagnostics).toEqual([]);
    const body = file.body;
    expect(r(body.range)).toBe("1,1,0-6,1,40");
    const a = body.attributes.get("a")!;
    expect([r(a.range), r(a.nameRange), r(a.expr.range)]).toEqual([
      "1,1,0-1,6,5",
      "1,1,0-1,2,1",
      "1,5,4-1,6,5",
    ]);
    const [b, d] = body.blocks;
    expect(b!.type).toBe("b");
    expect(b!.labels).toEqual(["x", "y"]);
    expect(b!.labelRanges.map(r)).toEqual(["2,3,8-2,6,11", "2,7,12-2,8,13"]);
    expect(r(b!.defRange)).toBe("2,1,6-2,8,13");
    expect(r(b!.openBraceRange)).toBe("2,9,14-2,10,15");
    expect(r(b!.closeBraceRange)).toBe("4,1,26-4,2,27");
    expect(r(b!.body.attributes.get("c")!.range)).toBe("3,3,18-3,10,25");
    // A one-line block's body is its single attribute.
    expect(d!.body.attributes.get("e")!.name).toBe("e");
    expect(r(d!.body.range)).toBe("5,5,32-5,10,37");
  });

  test("a body's missing-item range is its start", () => {
    const { file } = parseConfig("b {\n}\n", "t");
    expect(r(file.body.blocks[0]!.body.missingItemRange())).toBe("1,3,2-1,3,2");
    expect(r(file.body.missingItemRange())).toBe("1,1,0-1,1,0");
  });

  test("a start position offsets every range", () => {
    const { file } = parseConfig("a = 1\n", "t", { line: 10, column: 5, byte: 100 });
    expect(r(file.body.attributes.get("a")!.range)).toBe("10,5,100-10,10,105");
  });

  test("columns count grapheme clusters, bytes count UTF-8", () => {
    const { file } = parseConfig('a = "e\u0301👍🏽"\nb = 1\n', "t");
    // Checked against hcl: "é" (e + combining acute) and "👍🏽" are one column each.
    expect(r(file.body.attributes.get("a")!.expr.range)).toBe("1,5,4-1,9,17");
    expect(r(file.body.attributes.get("b")!.range)).toBe("2,1,18-2,6,23");
  });

  test("a UTF-8 byte order mark is skipped but counted in bytes", () => {
    const { file, diagnostics } = parseConfig(new Uint8Array([0xef, 0xbb, 0xbf, 0x61, 0x3d, 0x31]), "t");
    expect(diagnostics).toEqual([]);
    expect(r(file.body.attributes.get("a")!.range)).toBe("1,1,3-1,4,6");
  });

  test("comments, including one ending the last line", () => {
    const { file, diagnostics } = parseConfig("# c\na = 1 // d\n/* e\n */ b = 2 # f", "t");
    expect(diagnostics).toEqual([]);
    expect([...file.body.attributes.keys()]).toEqual(["a", "b"]);
  });
});

describe("parseConfig diagnostics (as hcl gives them)", () => {
  const cases: [string, [string, string, string, string][]][] = [
    [
      'a = "unterminated\n',
      [
        [
          "Invalid multi-line string",
          'Quoted strings may not be split over multiple lines. To produce a multi-line string, either use the \\n escape to represent a newline character or use the "heredoc" multi-line template syntax.',
          "1,18,17-2,1,18",
          "",
        ],
        [
          "Unterminated template string",
          "No closing marker was found for the string.",
          "1,18,17-2,1,18",
          "1,6,5-2,1,18",
        ],
      ],
    ],
    [
      "a = <<EOT\nhello\n",
      [
        [
          "Unterminated template string",
          "No closing marker was found for the string.",
          "3,1,16-3,1,16",
          "2,1,10-3,1,16",
        ],
      ],
    ],
    [
      "b {\n  c = 1\n",
      [
        [
          "Unclosed configuration block",
          "There is no closing brace for this block before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.",
          "1,3,2-1,4,3",
          "",
        ],
      ],
    ],
    [
      "a = 1\na = 2\n",
      [
        [
          "Attribute redefined",
          'The argument "a" was already set at t:1,1-2. Each argument may be set only once.',
          "2,1,6-2,2,7",
          "",
        ],
      ],
    ],
    [
      "b { a = 1, b = 2 }\n",
      [
        [
          "Invalid single-argument block definition",
          "Single-line block syntax can include only one argument definition. To define multiple arguments, use the multi-line block syntax with one argument definition per line.",
          "1,10,9-1,11,10",
          "",
        ],
      ],
    ],
    [
      "b { a = 1\n}\n",
      [
        [
          "Invalid single-argument block definition",
          "An argument definition on the same line as its containing block creates a single-line block definition, which must also be closed on the same line. Place the block's closing brace immediately after the argument definition.",
          "1,10,9-2,1,10",
          "",
        ],
      ],
    ],
    [
      "b { c {} }\n",
      [
        [
          "Argument definition required",
          'A single-line block definition can contain only a single argument. If you meant to define argument "c", use an equals sign to assign it a value. To define a nested block, place it on a line of its own within its parent block.',
          "1,5,4-1,8,7",
          "",
        ],
      ],
    ],
    ['"a" = 1\n', [["Invalid argument name", "Argument names must not be quoted.", "1,1,0-1,2,1", ""]]],
    [
      "a b\n",
      [
        [
          "Invalid block definition",
          'A block definition must have block content delimited by "{" and "}", starting on the same line as the block header.',
          "1,4,3-2,1,4",
          "1,1,0-2,1,4",
        ],
      ],
    ],
    [
      "a = 1 b = 2\n",
      [
        [
          "Missing newline after argument",
          "An argument definition must end with a newline.",
          "1,7,6-1,8,7",
          "1,1,0-1,8,7",
        ],
      ],
    ],
    [
      "a = 1,\n",
      [
        [
          "Unexpected comma after argument",
          "Argument definitions must be separated by newlines, not commas. An argument definition must end with a newline.",
          "1,6,5-1,7,6",
          "1,1,0-1,7,6",
        ],
      ],
    ],
    [
      "b {} c = 1\n",
      [
        [
          "Missing newline after block definition",
          "A block definition must end with a newline.",
          "1,6,5-1,7,6",
          "1,1,0-1,7,6",
        ],
      ],
    ],
    [
      "b = {\n",
      [
        [
          "Missing expression",
          "Expected the start of an expression, but found the end of the file.",
          "2,1,6-2,1,6",
          "",
        ],
      ],
    ],
    [
      "} \n",
      [
        [
          "Argument or block definition required",
          "An argument or block definition is required here.",
          "1,1,0-1,2,1",
          "",
        ],
      ],
    ],
    [
      'a = "%{if x}"\n',
      [
        [
          "Unexpected end of template",
          "The if directive at t:1,6-13 is missing its corresponding endif directive.",
          "1,13,12-1,14,13",
          "",
        ],
      ],
    ],
    [
      'a = "${x"\n',
      [
        [
          "Invalid multi-line string",
          'Quoted strings may not be split over multiple lines. To produce a multi-line string, either use the \\n escape to represent a newline character or use the "heredoc" multi-line template syntax.',
          "1,10,9-2,1,10",
          "",
        ],
        [
          "Unclosed template interpolation sequence",
          "There is no closing brace for this interpolation sequence before the end of the quoted template. This might be caused by incorrect nesting inside the given expression.",
          "1,6,5-1,8,7",
          "",
        ],
      ],
    ],
    [
      "a = 1;\n",
      [
        [
          "Invalid character",
          'The ";" character is not valid. Use newlines to separate arguments and blocks, and commas to separate items in collection values.',
          "1,6,5-1,7,6",
          "",
        ],
        [
          "Missing newline after argument",
          "An argument definition must end with a newline.",
          "1,6,5-1,7,6",
          "1,1,0-1,7,6",
        ],
      ],
    ],
    [
      'a = "\\xff"\n',
      [
        [
          "Invalid escape sequence",
          'The symbol "x" is not a valid escape sequence selector.',
          "1,6,5-1,8,7",
          "",
        ],
      ],
    ],
  ];
  test.each(cases)("%j", (src, want) => {
    expect(diags(parseConfig(src, "t").diagnostics)).toEqual(want);
  });

  test("bytes that are not UTF-8 give one encoding diagnostic (and break the string, as in hcl)", () => {
    const { diagnostics } = parseConfig(
      new Uint8Array([0x61, 0x20, 0x3d, 0x20, 0x22, 0xff, 0xfe, 0x22, 0x0a]),
      "t",
    );
    expect(diags(diagnostics)).toEqual([
      [
        "Invalid character encoding",
        "All input files must be UTF-8 encoded. Ensure that UTF-8 encoding is selected in your editor.",
        "1,6,5-1,7,6",
        "",
      ],
      [
        "Unterminated template string",
        "No closing marker was found for the string.",
        "1,6,5-1,7,6",
        "1,6,5-1,7,6",
      ],
    ]);
  });
});
