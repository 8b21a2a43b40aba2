// Types inferred from JSON and msgpack with no schema, against go-cty's ImpliedType.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOracle } from "../../../tooling/test/go-oracle.mjs";
import { typeAndValue } from "./internal/arbitraries.test-support.js";
import { impliedTypeFromJson } from "./json.js";
import { encodeMsgpack, impliedTypeFromMsgpack } from "./msgpack.js";
import { typeToJSONText } from "./types.js";

describe("implied types", () => {
  let oracle: ReturnType<typeof startOracle>;
  beforeAll(() => {
    oracle = startOracle("cty");
  });
  afterAll(() => oracle.close());

  it("spells out the common shapes", () => {
    expect(typeToJSONText(impliedTypeFromJson('{"a":[1,"x",null],"b":{},"c":true}'))).toBe(
      '["object",{"a":["tuple",["number","string","dynamic"]],"b":["object",{}],"c":"bool"}]',
    );
    expect(() => impliedTypeFromJson("{")).toThrowError(/malformed JSON/);
  });

  it("JSON: agrees with go-cty on any document", async () => {
    await fc.assert(
      fc.asyncProperty(fc.json({ depthSize: "small" }), async (text) => {
        const reply = await oracle.request({ op: "impliedJson", json: text });
        expect(reply.error).toBeUndefined();
        expect(typeToJSONText(impliedTypeFromJson(text))).toBe(reply.json);
      }),
      { numRuns: 500 },
    );
  });

  it("msgpack: agrees with go-cty on what we encode, refusals included", async () => {
    await fc.assert(
      fc.asyncProperty(typeAndValue, async ({ type, value }) => {
        const hex = Buffer.from(encodeMsgpack(value, type)).toString("hex");
        const reply = await oracle.request({ op: "impliedMsgpack", hex });
        const ours = () => typeToJSONText(impliedTypeFromMsgpack(Buffer.from(hex, "hex")));
        // Dynamic values carry their type as binary data, which neither side infers a type for.
        if (reply.error !== undefined) expect(ours).toThrowError(/binary data has no cty type/);
        else expect(ours()).toBe(reply.json);
      }),
      { numRuns: 500 },
    );
  });
});

describe('names like "__proto__"', () => {
  it("stay data everywhere: types, JSON, msgpack", async () => {
    const { decodeJson, encodeJson } = await import("./json.js");
    const { decodeMsgpack } = await import("./msgpack.js");
    const { map, object, parseTypeJSON, string } = await import("./types.js");
    const t = object(Object.fromEntries([["__proto__", string]]));
    expect(typeToJSONText(parseTypeJSON('["object",{"__proto__":"string"}]'))).toBe(
      '["object",{"__proto__":"string"}]',
    );
    expect(encodeJson(decodeJson('{"__proto__":"x"}', t), t)).toBe('{"__proto__":"x"}');
    const m = map(string);
    const bytes = encodeMsgpack(decodeJson('{"__proto__":"y","a":"z"}', m), m);
    // @msgpack/msgpack refuses the key; ours reads it back as the own key it was.
    expect(encodeJson(decodeMsgpack(bytes, m), m)).toBe('{"__proto__":"y","a":"z"}');
    const tBytes = encodeMsgpack(decodeJson('{"__proto__":"x"}', t), t);
    expect(encodeJson(decodeMsgpack(tBytes, t), t)).toBe('{"__proto__":"x"}');
  });
});
