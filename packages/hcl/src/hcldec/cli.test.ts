// tsvider-hcldec against hashicorp's cmd/hcldec: the expected outputs below are what hcl
// v2.24.0's hcldec printed for the same files and flags (exit codes, value JSON with and
// without types, diagnostics as JSON and as text, variable references).

import { describe, expect, it } from "vitest";
import { runHcldec } from "./cli.js";

const files: Record<string, string> = {
  "s3.hcldec": `variables {
  greeting = upper("hi")
}
object {
  attr "a" { type = string }
  attr "b" { type = any }
  attr "n" { type = number }
  block_list "svc" {
    object {
      attr "port" { type = number }
      attr "tags" { type = map(string) }
    }
  }
  transform "t" {
    result = nested + 1
    attr {
      name = "inc"
      type = number
    }
  }
}
`,
  "in3.hcl": `a = "\${foo.bar[0]}-\${greeting}"
b = baz
n = 2
inc = 41
svc {
  port = foo.bar[1]
  tags = { x = "y" }
}
`,
  "in3.json": `{"a": "\${foo.bar[0]}-\${greeting}", "b": "\${baz}", "n": "\${1 + 1}", "inc": 41, "svc": [{"port": "\${foo.bar[1]}", "tags": {"\${greeting}": "y"}}]}
`,
  "s4.hcldec": `object {
  attr "a" { type = string }
}
`,
  "in5.hcl": `a = foo.bar["k"]
`,
  "bad1.hcldec": `attr "x" {
  type = list(bogus)
}
`,
  "bad2.hcldec": `variables {
  x = 1
}
`,
  "bad3.hcldec": `object {
  attr "a" {
    type = "string"
  }
  block_list "b" {
  }
}
`,
  "in4.hcl": "n = 5\n",
  "bad6.hcldec": `object {
  block_map "m" {
    object {}
  }
  block_list {
    object {}
  }
  block_set "s" {
    min_items = 1.5
    object {}
  }
  transform "t" {
    result = 1
  }
  default "d" {
  }
  block_map "dyn" {
    labels = ["k"]
    attr "v" { type = any }
  }
  block "bb" {
    object {}
    object {}
  }
  literal "l" {
  }
  array "arr" {
    attr {
      type = string
    }
  }
}
`,
  "s1.hcldec": `object {
  attr "name" { type = string }
  block "one" {
    object {
      attr "ok" { type = bool }
    }
  }
}
`,
  "in9.json": '{"name": "x", "one": {"ok": [1]}}',
  "ok5.hcldec": `object {
  attr "x" { type = tuple([string, number]) }
  attr "y" { type = object({a = list(number), b = any}) }
  block "z" {
    literal { value = jsonencode({a = 1}) }
  }
  default "d" {
    attr {
      name = "dd"
      type = string
    }
    literal { value = 1 }
  }
}
`,
  "in10.hcl": 'x = ["a", "2"]\ny = { a = ["1"], b = true }\nz {}\n',
  "s5.hcldec": `function "add_one" {
  params = [n]
  result = n + 1
}
function "shout" {
  params = [s]
  variadic_param = rest
  result = "\${upper(s)}:\${length(rest)}"
}
object {
  attr "a" { type = any }
  attr "b" { type = any }
}
`,
  "in6.hcl": 'a = add_one(41)\nb = shout("hey", 1, 2)\n',
  "in7.hcl": 'a = add_one("x")\nb = shout()\n',
};

function hcldec(...args: string[]): { code: number; stdout: string; stderr: string } {
  let stdout = "";
  let stderr = "";
  const code = runHcldec(args, {
    stdin: () => new TextEncoder().encode('a = "from stdin"\n'),
    readFile: (path) => {
      const text = files[path];
      if (text === undefined) throw new Error(`no file ${path}`);
      return new TextEncoder().encode(text);
    },
    writeFile: (path, text) => {
      files[path] = text;
    },
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
  });
  return { code, stdout, stderr };
}

const vars = '{"foo":{"bar":["p",80]},"baz":true}';

describe("tsvider-hcldec as cmd/hcldec", () => {
  it("decodes native syntax with spec variables, -V variables, a transform and a block list", () => {
    expect(hcldec("--spec", "s3.hcldec", "-V", vars, "--with-type", "in3.hcl")).toEqual({
      code: 0,
      stdout:
        '{"type":["object",{"a":"string","b":"bool","n":"number","svc":["list",["object",{"port":"number","tags":["map","string"]}]],"t":"number"}],"value":{"a":"p-HI","b":true,"n":2,"svc":[{"port":80,"tags":{"x":"y"}}],"t":42}}\n',
      stderr: "",
    });
  });

  it("evaluates JSON strings as templates, property names too", () => {
    expect(hcldec("--spec=s3.hcldec", `--vars=${vars}`, "in3.json").stdout).toBe(
      '{"a":"p-HI","b":true,"n":2,"svc":[{"port":80,"tags":{"HI":"y"}}],"t":42}\n',
    );
  });

  it("reads type expressions, literals with spec functions, and defaults", () => {
    expect(hcldec("--spec", "ok5.hcldec", "--with-type", "in10.hcl").stdout).toBe(
      '{"type":["object",{"d":"number","x":["tuple",["string","number"]],"y":["object",{"a":["list","number"],"b":"bool"}],"z":"string"}],"value":{"d":1,"x":["a",2],"y":{"a":[1],"b":true},"z":"{\\"a\\":1}"}}\n',
    );
  });

  it("merges several input files, refusing an argument set twice", () => {
    files["in12.hcl"] = 'a = "x"\n';
    files["m2.hcl"] = "one {\n  ok = true\n}\n";
    expect(hcldec("--spec", "s1.hcldec", "in12.hcl", "m2.hcl")).toEqual({
      code: 2,
      stdout: "",
      stderr: expect.stringContaining('An argument named "a" is not expected here.'),
    });
    files["m1.hcl"] = 'name = "x"\n';
    expect(hcldec("--spec", "s1.hcldec", "m1.hcl", "m2.hcl")).toEqual({
      code: 0,
      stdout: '{"name":"x","one":{"ok":true}}\n',
      stderr: "",
    });
    const { code, stderr } = hcldec("--spec", "s4.hcldec", "--diags=json", "in12.hcl", "in12.hcl");
    expect(code).toBe(2);
    expect(JSON.parse(stderr)).toEqual({
      diagnostics: [
        {
          severity: "error",
          summary: "Duplicate argument",
          detail: 'Argument "a" was already set at in12.hcl:1,1-2',
          subject: {
            filename: "in12.hcl",
            start: { line: 1, column: 1, byte: 0 },
            end: { line: 1, column: 2, byte: 1 },
          },
        },
      ],
    });
  });

  it("writes the output to a file with --out", () => {
    expect(hcldec("-s", "s3.hcldec", "-V", vars, "-o", "out.json", "in3.hcl")).toEqual({
      code: 0,
      stdout: "",
      stderr: "",
    });
    expect(files["out.json"]).toBe(
      '{"a":"p-HI","b":true,"n":2,"svc":[{"port":80,"tags":{"x":"y"}}],"t":42}\n',
    );
  });

  it("describes variable references with --var-refs, with their current values", () => {
    const { code, stdout } = hcldec(
      "--spec",
      "s4.hcldec",
      "--var-refs",
      "-V",
      '{"foo": {"bar": {"k": "v"}}}',
      "in5.hcl",
    );
    expect(code).toBe(0);
    const pos = (line: number, column: number, byte: number) => ({ line, column, byte });
    const range = (c1: number, b1: number, c2: number, b2: number) => ({
      filename: "in5.hcl",
      start: pos(1, c1, b1),
      end: pos(1, c2, b2),
    });
    expect(JSON.parse(stdout)).toEqual([
      {
        root_name: "foo",
        value: "v",
        steps: [
          { kind: "root", name: "foo", range: range(5, 4, 8, 7) },
          { kind: "attr", name: "bar", range: range(8, 7, 12, 11) },
          { kind: "index", key: "k", range: range(12, 11, 17, 16) },
        ],
        range: range(5, 4, 17, 16),
      },
    ]);
    // Go's json.MarshalIndent layout.
    expect(stdout.split("\n").slice(0, 4)).toEqual([
      "[",
      "  {",
      '    "root_name": "foo",',
      '    "value": "v",',
    ]);
  });

  it("reports diagnostics as JSON with exit status 2", () => {
    const { code, stderr, stdout } = hcldec("--spec", "s4.hcldec", "--diags=json", "in5.hcl");
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toBe(`{
  "diagnostics": [
    {
      "severity": "error",
      "summary": "Variables not allowed",
      "detail": "Variables may not be used here.",
      "subject": {
        "filename": "in5.hcl",
        "start": {
          "line": 1,
          "column": 5,
          "byte": 4
        },
        "end": {
          "line": 1,
          "column": 8,
          "byte": 7
        }
      }
    }
  ]
}
`);
  });

  it("reports diagnostics as text by default", () => {
    const { code, stderr } = hcldec("--spec", "s4.hcldec", "in5.hcl");
    expect(code).toBe(2);
    expect(stderr).toBe(`Error: Variables not allowed

  on in5.hcl line 1:
   1: a = foo.bar["k"]

Variables may not be used here.

`);
  });

  it("names the enclosing block, or the JSON path, in text diagnostics", () => {
    expect(hcldec("--spec", "bad1.hcldec", "in4.hcl").stderr).toBe(`Error: Extraneous label for attr

  on bad1.hcldec line 1, in attr "x":
   1: attr "x" {

No labels are expected for attr blocks.

`);
    expect(hcldec("--spec", "s1.hcldec", "in9.json").stderr).toBe(`Error: Incorrect attribute value type

  on in9.json line 1, in one.ok:
   1: {"name": "x", "one": {"ok": [1]}}

Inappropriate value for attribute "ok": bool required, but have tuple.

`);
  });

  it("reports problems in spec files as hcldec does", () => {
    const summaries = (spec: string) =>
      (
        JSON.parse(hcldec("--spec", spec, "--diags=json", "in4.hcl").stderr) as {
          diagnostics: { summary: string; detail: string }[];
        }
      ).diagnostics.map((d) => `${d.summary}: ${d.detail}`);
    expect(summaries("bad1.hcldec")).toEqual([
      "Extraneous label for attr: No labels are expected for attr blocks.",
    ]);
    expect(summaries("bad2.hcldec")).toEqual([
      "Missing spec block: A spec file must have exactly one root block specifying how to map to a JSON value.",
    ]);
    expect(summaries("bad3.hcldec")).toEqual([
      "Invalid type expression: A type is required, not string.",
      "Missing spec block: A block spec must have exactly one child spec specifying how to decode block contents.",
    ]);
    expect(summaries("nosuch.hcldec")).toEqual([
      'Failed to read file: The configuration file "nosuch.hcldec" could not be read.',
    ]);
  });

  it("gives the configuration the spec file's functions", () => {
    expect(hcldec("--spec", "s5.hcldec", "in6.hcl")).toEqual({
      code: 0,
      stdout: '{"a":42,"b":"HEY:2"}\n',
      stderr: "",
    });
    const { code, stderr } = hcldec("--spec", "s5.hcldec", "--diags=json", "in7.hcl");
    expect(code).toBe(2);
    const found = (JSON.parse(stderr) as { diagnostics: unknown[] }).diagnostics.map((d) =>
      JSON.stringify(d),
    );
    const pos = (line: number, column: number, byte: number) => ({ line, column, byte });
    // hcldec's order follows Go's map order; the set is what counts.
    expect(new Set(found)).toEqual(
      new Set(
        [
          {
            severity: "error",
            summary: "Not enough function arguments",
            detail: 'Function "shout" expects at least 1 argument(s). Missing value for "s".',
            subject: { filename: "in7.hcl", start: pos(2, 11, 27), end: pos(2, 12, 28) },
          },
          {
            severity: "error",
            summary: "Error in function call",
            detail:
              'Call to function "add_one" failed: s5.hcldec:3,12-13: Invalid operand; Unsuitable value for left operand: a number is required..',
            subject: { filename: "in7.hcl", start: pos(1, 5, 4), end: pos(1, 13, 12) },
          },
        ].map((d) => JSON.stringify(d)),
      ),
    );
  });

  it("reports every kind of spec block mistake as hcldec does", () => {
    const r = (l1: number, c1: number, b1: number, l2: number, c2: number, b2: number) => ({
      filename: "bad6.hcldec",
      start: { line: l1, column: c1, byte: b1 },
      end: { line: l2, column: c2, byte: b2 },
    });
    const { code, stderr } = hcldec("--spec", "bad6.hcldec", "--diags=json", "in4.hcl");
    expect(code).toBe(2);
    const got = (
      JSON.parse(stderr) as { diagnostics: { summary: string; detail: string; subject: unknown }[] }
    ).diagnostics;
    const want: [string, string, ReturnType<typeof r>][] = [
      [
        "Extraneous spec block",
        "A block spec must have exactly one child spec specifying how to decode block contents.",
        r(23, 5, 295, 23, 11, 301),
      ],
      [
        "Invalid block_map spec",
        "A block_map spec may not contain attributes with type 'any'.",
        r(17, 19, 209, 17, 19, 209),
      ],
      [
        "Missing spec block",
        "A default block must have at least one nested spec, each specifying a possible outcome.",
        r(15, 15, 185, 15, 15, 185),
      ],
      [
        "Invalid transform spec",
        "A transform spec block must have exactly one nested spec block.",
        r(12, 17, 150, 12, 17, 150),
      ],
      [
        "Missing key for block_list",
        "All block_list blocks must have 1 labels (key).",
        r(5, 14, 58, 5, 15, 59),
      ],
      ["Extraneous label for attr", "No labels are expected for attr blocks.", r(19, 10, 239, 19, 13, 242)],
      [
        "Missing required argument",
        'The argument "labels" is required, but no definition was found.',
        r(2, 17, 25, 2, 17, 25),
      ],
      [
        "Missing required argument",
        'The argument "value" is required, but no definition was found.',
        r(25, 15, 323, 25, 15, 323),
      ],
      [
        "Missing name in attribute spec",
        "The name attribute is required, to specify the attribute name that is expected in an input HCL file.",
        r(28, 10, 354, 28, 10, 354),
      ],
      [
        "Unsuitable value type",
        "Unsuitable value: value must be a whole number, between -9223372036854775808 and 9223372036854775807",
        r(9, 17, 112, 9, 20, 115),
      ],
    ];
    // hcldec's order follows Go's map order; the set is what counts.
    expect(new Set(got.map((d) => JSON.stringify([d.summary, d.detail, d.subject])))).toEqual(
      new Set(want.map((w) => JSON.stringify(w))),
    );
  });

  it("reads stdin when no file is named", () => {
    expect(hcldec("--spec", "s4.hcldec")).toEqual({ code: 0, stdout: '{"a":"from stdin"}\n', stderr: "" });
  });

  it("handles its flags as cmd/hcldec does", () => {
    expect(hcldec("--version")).toEqual({ code: 0, stdout: "0.0.1-dev\n", stderr: "" });
    expect(hcldec("in4.hcl")).toEqual({
      code: 1,
      stdout: "",
      stderr: "Error: the --spec=... argument is required\n\n",
    });
    expect(hcldec("--diags=xml", "--spec", "s4.hcldec")).toEqual({
      code: 2,
      stdout: "",
      stderr: 'Invalid diagnostics format "xml": only "json" is supported.\n',
    });
    const bogus = hcldec("--bogus");
    expect(bogus.code).toBe(2);
    expect(bogus.stderr.split("\n").slice(0, 2)).toEqual([
      "unknown flag: --bogus",
      "usage: hcldec --spec=<spec-file> [options] [hcl-file ...]",
    ]);
    expect(hcldec("--spec").stderr.split("\n")[0]).toBe("flag needs an argument: --spec");
  });
});
