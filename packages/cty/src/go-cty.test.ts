// Byte compatibility with go-cty itself: the committed vectors (written by the Go oracle in
// tooling/oracles/cty, `pnpm gen` to refresh) and a differential run against the oracle on
// values fast-check makes up.
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOracle } from "../../../tooling/test/go-oracle.mjs";
import { typeAndValue, typeArb } from "./internal/arbitraries.test-support.js";
import { decodeJson, encodeJson } from "./json.js";
import { decodeMsgpack, encodeMsgpack } from "./msgpack.js";
import {
  friendlyName,
  friendlyNameForConstraint,
  parseTypeJSON,
  typeEquals,
  typeToJSON,
  typeToJSONText,
} from "./types.js";

interface Vector {
  name: string;
  type: string;
  msgpack: string;
  json?: string;
}

interface TypeVector {
  json: string;
  name: string;
  constraintName: string;
}

const corpus = JSON.parse(
  readFileSync(new URL("../testdata/go-cty-vectors.json", import.meta.url), "utf8"),
) as {
  types: TypeVector[];
  values: Vector[];
};
const vectors = corpus.values;
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");

describe("go-cty type vectors", () => {
  for (const t of corpus.types) {
    it(t.json, () => {
      const type = parseTypeJSON(t.json);
      expect(typeToJSONText(type)).toBe(t.json);
      expect(friendlyName(type)).toBe(t.name);
      expect(friendlyNameForConstraint(type)).toBe(t.constraintName);
      expect(typeEquals(parseTypeJSON(typeToJSONText(type)), type)).toBe(true);
    });
  }
});

describe("go-cty vectors", () => {
  it("has the corpus", () => {
    expect(vectors.length).toBeGreaterThan(50);
  });
  for (const v of vectors) {
    it(v.name, () => {
      const type = parseTypeJSON(v.type);
      expect(typeToJSONText(type)).toBe(v.type);
      const value = decodeMsgpack(Buffer.from(v.msgpack, "hex"), type);
      expect(hex(encodeMsgpack(value, type))).toBe(v.msgpack);
      if (v.json !== undefined) {
        expect(encodeJson(value, type)).toBe(v.json);
        expect(encodeJson(decodeJson(v.json, type), type)).toBe(v.json);
      }
    });
  }
});

describe("differential against go-cty", () => {
  let oracle: ReturnType<typeof startOracle>;
  beforeAll(() => {
    oracle = startOracle("cty");
  });
  afterAll(() => oracle.close());

  it("go-cty writes and names every type as we do", async () => {
    await fc.assert(
      fc.asyncProperty(typeArb, async (type) => {
        const reply = await oracle.request({ op: "type", type: typeToJSON(type) });
        expect(reply.error).toBeUndefined();
        expect(reply.json).toBe(typeToJSONText(type));
        expect(reply.name).toBe(friendlyName(type));
        expect(reply.constraintName).toBe(friendlyNameForConstraint(type));
      }),
      { numRuns: 300 },
    );
  });

  it("go-cty reads our msgpack and writes back the same bytes; likewise our JSON", async () => {
    await fc.assert(
      fc.asyncProperty(typeAndValue, async ({ type, value }) => {
        const ours = hex(encodeMsgpack(value, type));
        const typeJson = typeToJSON(type);
        const viaMsgpack = await oracle.request({ op: "msgpack", type: typeJson, hex: ours });
        expect(viaMsgpack.error).toBeUndefined();
        expect(viaMsgpack.hex).toBe(ours);
        let ourJson: string | undefined;
        try {
          // go-cty's JSON of what it read: msgpack writes a negative zero as the int 0.
          ourJson = encodeJson(decodeMsgpack(Buffer.from(ours, "hex"), type), type);
        } catch {
          // unknowns and infinities have no JSON form; go-cty says the same.
          expect(viaMsgpack.json).toBeUndefined();
        }
        if (ourJson !== undefined) {
          expect(viaMsgpack.json).toBe(ourJson);
          const viaJson = await oracle.request({ op: "json", type: typeJson, json: ourJson });
          expect(viaJson.error).toBeUndefined();
          expect(viaJson.json).toBe(ourJson);
          // JSON does not say whether a number was a float64, so compare JSON -> msgpack paths.
          expect(viaJson.hex).toBe(hex(encodeMsgpack(decodeJson(ourJson, type), type)));
        }
      }),
      { numRuns: 1000 },
    );
  });
});
