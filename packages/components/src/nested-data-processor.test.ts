// nested_data_processor, called as Terraform calls it: pyvider's result text (Python's
// json.dumps layout), the "analyze" summary, the optional mode, and errors that name the
// argument and the place in the JSON text.
import { Unknown } from "@tsvider/framework";
import { callProviderFunction } from "@tsvider/framework/testing";
import { describe, expect, it } from "vitest";
import {
  createNestedDataProcessorFunction,
  nestedDataProcessorFunction,
  parseJson,
  processNestedData,
} from "./nested-data-processor.js";

const call = (...args: (string | null)[]) => callProviderFunction(nestedDataProcessorFunction, args);

describe("nested_data_processor", () => {
  it("returns the data and a summary counting its keys, laid out as Python's json.dumps", async () => {
    expect(await call('{"region":"us-west-2","replicas":3}', "analyze")).toBe(
      '{"original_data": {"region": "us-west-2", "replicas": 3}, "summary": {"mode": "analyze", "total_keys": 2}}',
    );
  });

  it('takes "analyze" when processing_mode is left out or null', async () => {
    const analyzed =
      '{"original_data": {"a": [1, 2, {"b": null}]}, "summary": {"mode": "analyze", "total_keys": 1}}';
    expect(await call('{"a": [1, 2, {"b": null}]}')).toBe(analyzed);
    expect(await call('{"a": [1, 2, {"b": null}]}', null)).toBe(analyzed);
  });

  it("records another mode as given, without total_keys", async () => {
    expect(await call('{"a":true,"b":false}', "passthrough")).toBe(
      '{"original_data": {"a": true, "b": false}, "summary": {"mode": "passthrough"}}',
    );
  });

  it("counts an array's elements and a string's characters; empty text is an empty object", async () => {
    expect(await call("[1, [], {}]")).toBe(
      '{"original_data": [1, [], {}], "summary": {"mode": "analyze", "total_keys": 3}}',
    );
    // Three characters, one of them beyond U+FFFF (two UTF-16 units, a surrogate pair escaped).
    expect(await call('"a\u00e9\u{1F600}"')).toBe(
      '{"original_data": "a\\u00e9\\ud83d\\ude00", "summary": {"mode": "analyze", "total_keys": 3}}',
    );
    expect(await call("")).toBe('{"original_data": {}, "summary": {"mode": "analyze", "total_keys": 0}}');
  });

  it("keeps each number's digits and the input's key order; a repeated key keeps its first place and last value", async () => {
    expect(
      await call(
        '{"z": 12345678901234567890123, "y": 0.1000000000000000055511151231257827, "x": 1.5e3, "z": -0}',
      ),
    ).toBe(
      '{"original_data": {"z": -0, "y": 0.1000000000000000055511151231257827, "x": 1.5e3}, "summary": {"mode": "analyze", "total_keys": 3}}',
    );
  });

  it("escapes what Python escapes: controls, quotes, backslashes, DEL and non-ASCII", () => {
    expect(processNestedData('["\\"\\\\\\/\\b\\f\\n\\r\\t\\u0001\\u007f~ "]', "x")).toBe(
      '{"original_data": ["\\"\\\\/\\b\\f\\n\\r\\t\\u0001\\u007f~ "], "summary": {"mode": "x"}}',
    );
  });

  it("refuses JSON that does not parse, naming input_json and the line and column", async () => {
    await expect(call('{\n  "a": 1,\n  "b": }')).rejects.toMatchObject({
      argument: 0,
      message:
        'input_json is not valid JSON: expected a value, found "}" at line 3, column 8. Give JSON text, such as the result of jsonencode(...)',
    });
    await expect(call("[1, 2")).rejects.toMatchObject({
      argument: 0,
      message: expect.stringContaining(
        'expected "," or "]" in an array, found the end of the text at line 1, column 6',
      ),
    });
    await expect(call('{"a": 1} x')).rejects.toMatchObject({
      message: expect.stringContaining('unexpected "x" after the value at line 1, column 10'),
    });
    await expect(call("{a: 1}")).rejects.toMatchObject({
      message: expect.stringContaining('expected a key in double quotes, found "a" at line 1, column 2'),
    });
    await expect(call('"tab\there"')).rejects.toMatchObject({
      message: expect.stringContaining("invalid character or escape in string at line 1, column 5"),
    });
    await expect(call("NaN")).rejects.toMatchObject({ argument: 0 });
    await expect(call("01")).rejects.toMatchObject({ argument: 0 });
  });

  it('refuses "analyze" of a value without keys, saying what it holds and what to do', async () => {
    await expect(call("42")).rejects.toMatchObject({
      argument: 0,
      message: expect.stringMatching(
        /^input_json holds a number, which has no keys to count: .* or another processing_mode$/,
      ),
    });
    await expect(call("null")).rejects.toMatchObject({
      message: expect.stringContaining("input_json holds null"),
    });
    // Another mode does not count, so any value is fine.
    expect(await call("true", "raw")).toBe('{"original_data": true, "summary": {"mode": "raw"}}');
  });

  it("takes at most one processing_mode, and a null input_json is refused before it runs", async () => {
    await expect(call("{}", "analyze", "again")).rejects.toMatchObject({
      argument: 2,
      message: expect.stringContaining("give at most one"),
    });
    await expect(call(null)).rejects.toMatchObject({ argument: 0 });
    expect(await callProviderFunction(nestedDataProcessorFunction, [Unknown])).toBe(Unknown);
  });

  it("can be served under another name", () => {
    expect(createNestedDataProcessorFunction({ name: "my_processor" }).name).toBe("my_processor");
    expect(nestedDataProcessorFunction.name).toBe("nested_data_processor");
  });

  it("parses deep nesting up to a limit, with a clear error beyond it", () => {
    expect(parseJson(`${"[".repeat(500)}${"]".repeat(500)}`)).toBeInstanceOf(Array);
    expect(() => parseJson(`${"[".repeat(600)}${"]".repeat(600)}`)).toThrow(/nesting deeper than 512 levels/);
  });
});
