// The structure test data sources through the test kit: maps, dynamic values and nested
// objects go out and come back as Terraform would send and receive them.
import { Decimal, Dynamic, defineProvider, t } from "@tsvider/framework";
import { testProvider } from "@tsvider/framework/testing";
import { describe, expect, it } from "vitest";
import {
  canonicalHash,
  mixedMapTestDataSource,
  pythonJson,
  simpleMapTestDataSource,
  structuredObjectTestDataSource,
} from "./structure-test-data.js";

const kit = testProvider(
  defineProvider({
    name: "tsvider",
    version: "0.0.0",
    dataSources: [simpleMapTestDataSource(), mixedMapTestDataSource(), structuredObjectTestDataSource()],
  }),
);

describe("simple_map_test", () => {
  it("upper-cases the values and hashes the result", async () => {
    const { state, diagnostics } = await kit.readDataSource("tsvider_simple_map_test", {
      input_data: { b: "two", a: "one" },
    });
    expect(diagnostics).toEqual([]);
    expect(state).toEqual({
      input_data: { a: "one", b: "two" },
      processed_data: { a: "ONE", b: "TWO" },
      data_hash: canonicalHash({ a: "ONE", b: "TWO" }),
    });
  });

  it("no input gives an empty map; the hash does not depend on key order", async () => {
    const { state } = await kit.readDataSource("tsvider_simple_map_test", {});
    expect(state).toEqual({ input_data: null, processed_data: {}, data_hash: canonicalHash({}) });
    expect(canonicalHash({ a: "1", b: "2" })).toBe(canonicalHash({ b: "2", a: "1" }));
  });
});

// The expected texts and hashes are what Python's json.dumps(value, sort_keys=True,
// default=str) and hashlib.sha256 give over the values as pyvider holds them (numbers as
// Decimals), checked against pyvider 0.8.1's own data_hash for the same configuration.
describe("data_hash as pyvider computes it", () => {
  it("writes JSON as Python's json.dumps with sort_keys does", () => {
    expect(pythonJson({ team: "PLATFORM", env: "PROD" })).toBe('{"env": "PROD", "team": "PLATFORM"}');
    expect(
      pythonJson({ "stra\u00dfe": "STRASSE", z: "\u{1f600}", ab: 'x\ny\t"q"\\ \u007f', "\u00e9": "\u00c9" }),
    ).toBe(
      '{"ab": "x\\ny\\t\\"q\\"\\\\ \\u007f", "stra\\u00dfe": "STRASSE", "z": "\\ud83d\\ude00", "\\u00e9": "\\u00c9"}',
    );
    // Keys in code point order: U+FFFF before U+1F600, where UTF-16 order puts it after.
    expect(pythonJson({ "\u{1f600}": "b", "\uffff": "a" })).toBe('{"\\uffff": "a", "\\ud83d\\ude00": "b"}');
    expect(pythonJson(["x", null, true, [], {}])).toBe('["x", null, true, [], {}]');
    expect(pythonJson({})).toBe("{}");
  });

  it("writes numbers as pyvider's Decimals: strings of their exact value", () => {
    const numbers: [number | bigint | Decimal, string][] = [
      [3, '"3"'],
      [9007199254740994n, '"9007199254740994"'],
      [new Decimal("12345678901234567890123"), '"12345678901234567890123"'],
      [1.5, '"1.5"'],
      [-1.25, '"-1.25"'],
      [new Decimal("1.1"), '"1.1"'],
      // A double written out exactly, as Python's Decimal(float) does.
      [2 ** -30, '"9.31322574615478515625E-10"'],
      [new Decimal("0.000001"), '"0.000001"'],
      [new Decimal("0.0000001"), '"1E-7"'],
      [new Decimal("-0.00000012"), '"-1.2E-7"'],
    ];
    for (const [value, text] of numbers) expect(pythonJson(value), String(value)).toBe(text);
  });

  it("gives pyvider's data_hash for the same processed data", async () => {
    // pyvider 0.8.1 gave this hash for input_data = { team = "platform", city = "straße", emoji = "😀 é" }.
    const simple = await kit.readDataSource("tsvider_simple_map_test", {
      input_data: { team: "platform", city: "stra\u00dfe", emoji: "\u{1f600} \u00e9" },
    });
    expect(simple.state?.data_hash).toBe("416d38e7bfcea6f876245d50f24169a146e6d99b1af49f83f4a73e3701ee1b0d");
    const empty = await kit.readDataSource("tsvider_simple_map_test", {});
    expect(empty.state?.data_hash).toBe("44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a");
    // sha256 of {"a": "2", "b": "3"}
    const counts = await kit.readDataSource("tsvider_mixed_map_test", {
      input_data: new Dynamic(t.map(t.number).type, { a: 1, b: 2 }),
    });
    expect(counts.state?.data_hash).toBe("4383d811befdaa094bde21cf58f44df813110973bb6226fd3f7810fc35ff6f66");
  });
});

describe("mixed_map_test", () => {
  const objectOf = t.object({
    name: t.string,
    count: t.number,
    big: t.number,
    ratio: t.number,
    on: t.bool,
    tags: t.list(t.string),
  });

  it("upper-cases strings, adds one to numbers exactly, keeps the rest", async () => {
    const input = new Dynamic(objectOf.type, {
      name: "web",
      count: 2,
      big: 9007199254740993n,
      ratio: new Decimal("0.1"),
      on: true,
      tags: ["a"],
    });
    const { state, diagnostics } = await kit.readDataSource("tsvider_mixed_map_test", { input_data: input });
    expect(diagnostics).toEqual([]);
    expect(state?.processed_data).toEqual(
      new Dynamic(objectOf.type, {
        name: "WEB",
        count: 3,
        big: 9007199254740994n,
        ratio: new Decimal("1.1"),
        on: true,
        tags: ["a"],
      }),
    );
    // sha256 of {"big": "9007199254740994", "count": "3", "name": "WEB", "on": true, "ratio": "1.1", "tags": ["a"]}
    expect(state?.data_hash).toBe("ef9eda01aaf850987f0a8617425e66e770dba8abfacdcf5506c357d229d12d4d");
  });

  it("adds one to a fraction exactly, where a double would lose it", async () => {
    const type = t.object({ tiny: t.number, half: t.number }).type;
    const { state, diagnostics } = await kit.readDataSource("tsvider_mixed_map_test", {
      input_data: new Dynamic(type, { tiny: 2 ** -60, half: 0.5 }),
    });
    expect(diagnostics).toEqual([]);
    const processed = (state!.processed_data as Dynamic).value as Record<string, unknown>;
    expect(String(processed.tiny)).toBe("1.000000000000000000867361737988403547205962240695953369140625");
    expect(Number(String(processed.half))).toBe(1.5);
  });

  it("negative decimals cross zero correctly", async () => {
    const type = t.object({ n: t.number, m: t.number }).type;
    const { state } = await kit.readDataSource("tsvider_mixed_map_test", {
      input_data: new Dynamic(type, { n: new Decimal("-0.25"), m: new Decimal("-3.5") }),
    });
    expect(state?.processed_data).toEqual(new Dynamic(type, { n: 0.75, m: -2.5 }));
  });

  it("refuses input that is not an object or a map, at input_data, as pyvider does", async () => {
    const message =
      'must be an object or a map, such as { name = "a", count = 2 }; it is a string. Write a map literal, not jsonencode(...), which gives a string.';
    const refused = await kit.readDataSource("tsvider_mixed_map_test", {
      input_data: new Dynamic(t.string.type, "plain"),
    });
    expect(refused.state).toBeNull();
    expect(refused.diagnostics).toMatchObject([
      { severity: "error", detail: expect.stringContaining(message), path: [{ attribute: "input_data" }] },
    ]);
    const read = await kit.readDataSource("tsvider_mixed_map_test", {
      input_data: new Dynamic(t.list(t.number).type, [1]),
    });
    expect(read.state).toBeNull();
    expect(read.diagnostics).toMatchObject([{ severity: "error", path: [{ attribute: "input_data" }] }]);
  });
});

describe("structured_object_test", () => {
  it("builds nested objects from the name and metadata", async () => {
    const { state, diagnostics } = await kit.readDataSource("tsvider_structured_object_test", {
      config_name: "web",
      metadata: { env: "prod", team: "infra" },
    });
    expect(diagnostics).toEqual([]);
    expect(state).toEqual({
      config_name: "web",
      metadata: { env: "prod", team: "infra" },
      generated_config: {
        name: "web",
        version: "1.0.0",
        enabled: true,
        settings: { env: "processed_prod", team: "processed_infra" },
        numeric_settings: { num_env: 4, num_team: 5 },
      },
      summary: {
        total_keys: 2,
        has_metadata: true,
        // printf web | sha256sum
        config_hash: "4b5e57f6",
        nested_info: { created_at: "2025-06-24T20:30:00Z", level: 2 },
      },
    });
  });

  it("config_name is required", async () => {
    const { diagnostics } = await kit.validate("tsvider_structured_object_test", {});
    expect(diagnostics[0]).toMatchObject({ severity: "error", path: [{ attribute: "config_name" }] });
  });
});
