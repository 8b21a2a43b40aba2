// hcl_decode called as Terraform calls it: attributes evaluated, blocks in hcl's JSON shape,
// numbers as go-cty sends them, and every kind of bad text reported with its line and column.
import { type CtyType, Dynamic, dynamic, object, tuple } from "@tsvider/cty";
import { encodeMsgpack } from "@tsvider/cty/msgpack";
import { FunctionError, Unknown } from "@tsvider/framework";
import { callProviderFunction } from "@tsvider/framework/testing";
import { describe, expect, it } from "vitest";
import { hclDecodeFunction } from "./hcl-decode.js";
import { jsonText, typedOf } from "./internal/dynamic.js";

async function decode(text: string): Promise<Dynamic> {
  const result = await callProviderFunction(hclDecodeFunction, [text]);
  if (!(result instanceof Dynamic)) throw new Error(`expected a value, got ${String(result)}`);
  return result;
}

/** The decoded value as compact JSON with every digit (keys sorted). */
const decodedJson = async (text: string): Promise<string> => jsonText(typedOf(await decode(text)));

/** The FunctionError's message for text that does not decode. */
async function failure(text: string): Promise<string> {
  const err = await callProviderFunction(hclDecodeFunction, [text]).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(FunctionError);
  expect(err).toMatchObject({ argument: 0 });
  return (err as FunctionError).message;
}

describe("hcl_decode: arguments", () => {
  it("evaluates literals, collections, templates and heredocs", async () => {
    const text = [
      'name    = "web"',
      "count   = 3",
      "enabled = true",
      "nothing = null",
      "ports   = [80, 443]",
      'tags    = { env = "prod", "team-name" = "ops" }',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: HCL template text, not a JS template
      'greet   = "hello ${upper("world")}"',
      "script  = <<-EOT",
      "    echo hi",
      "  EOT",
      "",
    ].join("\n");
    expect(await decodedJson(text)).toBe(
      '{"count":3,"enabled":true,"greet":"hello WORLD","name":"web","nothing":null,"ports":[80,443],"script":"echo hi\\n","tags":{"env":"prod","team-name":"ops"}}',
    );
  });

  it("keeps hcl's types: [...] is a tuple, { } an object", async () => {
    const result = await decode('l = [1, "a"]\no = { a = 1 }');
    expect(result.type).toEqual(
      object({
        l: tuple([{ kind: "number" } as CtyType, { kind: "string" } as CtyType]),
        o: object({ a: { kind: "number" } as CtyType }),
      }),
    );
  });

  it("evaluates operators, conditionals, for expressions and splats", async () => {
    const text = [
      "sum     = 1 + 2 * 3",
      'choice  = 2 > 1 ? "yes" : "no"',
      "doubled = [for n in [1, 2, 3] : n * 2 if n != 2]",
      'byname  = { for s in ["a", "b"] : s => upper(s) }',
      'names   = [{ n = "x" }, { n = "y" }][*].n',
    ].join("\n");
    expect(await decodedJson(text)).toBe(
      '{"byname":{"a":"A","b":"B"},"choice":"yes","doubled":[2,6],"names":["x","y"],"sum":7}',
    );
  });

  it("offers go-cty's standard functions under their lower-case names", async () => {
    const text = [
      "json   = jsonencode({ a = [1, 2] })",
      "merged = merge({ a = 1 }, { b = 2 })",
      'fmt    = format("%s-%03d", "id", 7)',
      'parts  = split(",", "a,b")',
      "max    = max(3, 9, 4)",
      'date   = formatdate("YYYY-MM-DD", "2024-02-29T10:00:00Z")',
    ].join("\n");
    expect(await decodedJson(text)).toBe(
      '{"date":"2024-02-29","fmt":"id-007","json":"{\\"a\\":[1,2]}","max":9,"merged":{"a":1,"b":2},"parts":["a","b"]}',
    );
  });

  it("computes at 512 bits, as hcl does", async () => {
    expect(await decodedJson("x = 11 % 5.1\ny = 0.1 + 0.2\nbig = 12345678901234567890123 * 10")).toBe(
      `{"big":123456789012345678901230,"x":0.8${"0".repeat(152)}24,"y":0.3}`,
    );
  });

  it("decodes empty text, comments and blank lines to an empty object", async () => {
    expect(await decodedJson("")).toBe("{}");
    expect(await decodedJson("# nothing\n// here\n/* at all */\n\n")).toBe("{}");
  });

  it("reads names in Unicode normal form C, refusing two spellings of one argument", async () => {
    // "e" and a combining acute accent, then the precomposed "é": one name to Terraform.
    expect(await decodedJson('b "e\u0301" {\n  v = 1\n}\nb "\u00e9" {\n  v = 2\n}')).toBe(
      '{"b":{"\u00e9":[{"v":1},{"v":2}]}}',
    );
    expect(await failure("e\u0301 = 1\n\u00e9 = 2")).toBe(
      'hcl_decode: <text>:2,1-2: Argument redefined; "\u00e9" is the argument at line 1 written with other Unicode characters (they are the same in normal form C, as Terraform compares names); the decoded object has one key for both, so give it one definition.',
    );
    expect(await failure("e\u0301 = 1\n\u00e9 {}")).toMatch(
      /^hcl_decode: <text>:2,1-2: Argument and block with the same name/,
    );
  });

  it("keeps names such as __proto__ as ordinary keys", async () => {
    expect(await decodedJson("__proto__ = 1\nconstructor = 2")).toBe('{"__proto__":1,"constructor":2}');
  });
});

describe("hcl_decode: blocks, in hcl's JSON shape", () => {
  it("puts a block without labels under its type", async () => {
    expect(await decodedJson("settings {\n  debug = true\n}")).toBe('{"settings":{"debug":true}}');
    expect(await decodedJson("empty {}")).toBe('{"empty":{}}');
  });

  it("nests one level of keys per label", async () => {
    const text =
      'resource "aws_instance" "web" {\n  ami = "ami-1"\n}\nresource "aws_instance" "db" {\n  ami = "ami-2"\n}\nresource "aws_s3_bucket" "logs" {}';
    expect(await decodedJson(text)).toBe(
      '{"resource":{"aws_instance":{"db":{"ami":"ami-2"},"web":{"ami":"ami-1"}},"aws_s3_bucket":{"logs":{}}}}',
    );
  });

  it("makes a tuple of the bodies of blocks with the same type and labels, in source order", async () => {
    expect(await decodedJson("rule {\n  port = 80\n}\nrule {\n  port = 443\n}")).toBe(
      '{"rule":[{"port":80},{"port":443}]}',
    );
    const labelled = await decode('svc "a" {\n  v = 1\n}\nsvc "a" {\n  v = "two"\n}\nsvc "b" {}');
    expect(jsonText(typedOf(labelled))).toBe('{"svc":{"a":[{"v":1},{"v":"two"}],"b":{}}}');
    const svc = labelled.type.kind === "object" ? labelled.type.attributes.svc : undefined;
    expect(svc?.kind === "object" && svc.attributes.a?.kind).toBe("tuple");
  });

  it("decodes nested blocks beside arguments", async () => {
    const text = [
      'service "web" {',
      "  port = 8080",
      "  health {",
      '    path = "/ok"',
      "  }",
      '  env "prod" {',
      "    replicas = 3",
      "  }",
      "}",
    ].join("\n");
    expect(await decodedJson(text)).toBe(
      '{"service":{"web":{"env":{"prod":{"replicas":3}},"health":{"path":"/ok"},"port":8080}}}',
    );
  });
});

describe("hcl_decode: numbers go to Terraform as go-cty sends them", () => {
  // go-cty v1.16.3's msgpack.Marshal of cty.ObjectVal({a: cty.MustParseNumberVal(text)}) as
  // cty.DynamicPseudoType (a small Go program): an int when exact in int64, a float64 when
  // exact in a double, else the shortest text at 512 bits.
  const header = "92c4195b226f626a656374222c7b2261223a226e756d626572227d5d81a161";
  const goCty: [string, string][] = [
    ["0.1", "a3302e31"],
    ["1e3", "cd03e8"],
    ["1.5", "cb3ff8000000000000"],
    ["12345678901234567890123", "b73132333435363738393031323334353637383930313233"],
    ["0.10", "a3302e31"],
    ["1e-7", "a9302e30303030303031"],
    ["9007199254740993", "cf0020000000000001"],
    [`0.3${"0".repeat(170)}1`, "a3302e33"],
  ];
  it.each(goCty)("a = %s", async (literal, bytes) => {
    const value = await decode(`a = ${literal}`);
    expect(Buffer.from(encodeMsgpack(value, dynamic)).toString("hex")).toBe(header + bytes);
  });
});

describe("hcl_decode: what it refuses", () => {
  it("reports a syntax error with its line and column", async () => {
    expect(await failure('name = "web"\nport = 80 extra = 1')).toBe(
      "hcl_decode: <text>:2,11-16: Missing newline after argument; An argument definition must end with a newline.",
    );
    expect(await failure('x = "unterminated')).toBe(
      "hcl_decode: <text>:1,18-18: Unterminated template string; No closing marker was found for the string.",
    );
    expect(await failure("block {")).toMatch(/^hcl_decode: <text>:1,7-8: Unclosed configuration block/);
  });

  it("names each reference to a variable, with where it is", async () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: HCL template text, not a JS template
    const text = 'region = var.region\nname = "${local.prefix}-web"\nok = 1';
    expect(await failure(text)).toBe(
      [
        "hcl_decode: 2 errors in the text:",
        '<text>:1,10-20: Variables not allowed; hcl_decode evaluates without variables, so "var.region" has no value: write the value itself in the text (build the text with format or a string template when the value comes from configuration).',
        '<text>:2,11-23: Variables not allowed; hcl_decode evaluates without variables, so "local.prefix" has no value: write the value itself in the text (build the text with format or a string template when the value comes from configuration).',
      ].join("\n"),
    );
  });

  it("lets a for expression's own names be", async () => {
    expect(await decodedJson("x = [for i, v in [5] : i + v]")).toBe('{"x":[5]}');
  });

  it("reports evaluation errors: unknown functions, wrong types, wrong arguments", async () => {
    expect(await failure("x = timestamp()")).toBe(
      'hcl_decode: <text>:1,5-14: Call to unknown function; There is no function named "timestamp".',
    );
    expect(await failure('x = 1 + "a"')).toMatch(
      /^hcl_decode: <text>:1,9-12: Invalid operand; Unsuitable value for right operand: a number is required/,
    );
    expect(await failure("x = upper(1, 2)")).toMatch(
      /^hcl_decode: <text>:1,14-15: Too many function arguments/,
    );
  });

  it("refuses an argument defined twice", async () => {
    expect(await failure("x = 1\nx = 2")).toBe(
      'hcl_decode: <text>:2,1-2: Attribute redefined; The argument "x" was already set at <text>:1,1-2. Each argument may be set only once.',
    );
  });

  it("refuses what the JSON shape cannot hold: an argument and a block of one name, labels of different counts", async () => {
    expect(await failure("x = 1\nx {}")).toBe(
      'hcl_decode: <text>:2,1-2: Argument and block with the same name; "x" is an argument at line 1 and the type of this block; the decoded object has one key for both, so rename one of them.',
    );
    expect(await failure('b {}\nb "l" {}\nb "m" "n" {}')).toBe(
      [
        "hcl_decode: 2 errors in the text:",
        '<text>:2,1-6: Inconsistent block labels; This "b" block has 1 label, and the one at line 1 has 0 labels; the labels become levels of object keys, so give every "b" block the same number of labels.',
        '<text>:3,1-10: Inconsistent block labels; This "b" block has 2 labels, and the one at line 1 has 0 labels; the labels become levels of object keys, so give every "b" block the same number of labels.',
      ].join("\n"),
    );
  });

  it("reports errors inside blocks at their own lines", async () => {
    expect(await failure('a {\n  b "x" {\n    c = var.d\n  }\n}')).toMatch(
      /^hcl_decode: <text>:3,9-14: Variables not allowed/,
    );
  });

  it("is unknown while its text is, and refuses null", async () => {
    expect(await callProviderFunction(hclDecodeFunction, [Unknown])).toBe(Unknown);
    await expect(callProviderFunction(hclDecodeFunction, [null])).rejects.toMatchObject({ argument: 0 });
  });
});
