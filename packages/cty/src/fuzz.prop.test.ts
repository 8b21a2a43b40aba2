// Bad input never crashes a decoder or hangs it: whatever bytes arrive, decoding returns a
// value or throws a CtyValueError naming where it broke: 100,000 random byte strings and 20,000
// random JSON texts (whose parser builds costlier errors), each far-reaching (new branches of the
// decoder still turned up after 50,000 random byte strings, such as binary data where the
// object belongs), and every single-byte change of a valid value, all of them (about 47,000:
// fewer than the 100,000 random ones this test used to draw from the same changes, and none
// missed). The generous per-test limits are there for slow machines; how long a run takes is
// measured in apps/bench, not here.
import fc from "fast-check";
import { describe, it } from "vitest";
import { decodeJson } from "./json.js";
import { decodeMsgpack, encodeMsgpack } from "./msgpack.js";
import { CtyValueError } from "./path.js";
import { bool, dynamic, list, map, number, object, set, string, tuple } from "./types.js";
import { Dynamic } from "./values.js";

const schema = object({
  name: string,
  size: number,
  on: bool,
  tags: map(string),
  ports: list(object({ n: number, p: string })),
  ids: set(string),
  pair: tuple([string, number]),
  any: dynamic,
});
const sample = encodeMsgpack(
  {
    name: "web",
    size: 4,
    on: true,
    tags: { a: "b" },
    ports: [{ n: 80, p: "tcp" }],
    ids: ["x", "y"],
    pair: ["a", 1],
    any: new Dynamic(list(string), ["q"]),
  },
  schema,
);

function mustFailCleanly(run: () => unknown): void {
  try {
    run();
  } catch (err) {
    // A plain check: expect() per case would cost more than the decoding.
    if (!(err instanceof CtyValueError)) throw err;
  }
}

describe("decoders under fuzz", () => {
  it("deep nesting is an error, not a stack overflow", () => {
    mustFailCleanly(() => decodeJson("[".repeat(100_000), schema));
    mustFailCleanly(() => decodeMsgpack(new Uint8Array(100_000).fill(0x91), schema));
  });

  it("msgpack: random bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 96 }), (bytes) =>
        mustFailCleanly(() => decodeMsgpack(bytes, schema)),
      ),
      { numRuns: 100_000 },
    );
  }, 60_000);

  it("msgpack: a valid value with any one byte replaced, cut off or inserted", () => {
    // Every change, one after another: n bytes make n × 256 replacements, n cuts and
    // (n + 1) × 256 insertions (47,196 for the 92 of the sample), few enough to try them all
    // rather than draw at random.
    const changed = (at: number, byte: number, how: "replace" | "cut" | "insert"): Uint8Array => {
      if (how === "cut") return sample.slice(0, at);
      const b = Array.from(sample);
      if (how === "replace") b[at] = byte;
      else b.splice(at, 0, byte);
      return new Uint8Array(b);
    };
    for (let at = 0; at <= sample.length; at++) {
      if (at < sample.length) {
        mustFailCleanly(() => decodeMsgpack(changed(at, 0, "cut"), schema));
      }
      for (let byte = 0; byte <= 255; byte++) {
        if (at < sample.length) {
          mustFailCleanly(() => decodeMsgpack(changed(at, byte, "replace"), schema));
        }
        mustFailCleanly(() => decodeMsgpack(changed(at, byte, "insert"), schema));
      }
    }
  }, 60_000);

  it("JSON: random text and mutated documents", () => {
    // The three fixed documents decode the same every time: each is tried once, rather than as
    // a third of the random draws (thousands of times, and the deeply nested one costs over a
    // hundred times any other). The two random kinds get 10,000 runs each, as they had.
    for (const fixed of [
      '{"name":"a","size":1e999999999}',
      '{"any":{"type":"nope","value":1}}',
      "[".repeat(5000),
    ])
      mustFailCleanly(() => decodeJson(fixed, schema));
    const text = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.json().map((j) => `{"name":${j},"size":1}`),
    );
    fc.assert(
      fc.property(text, (t) => mustFailCleanly(() => decodeJson(t, schema))),
      { numRuns: 20_000 },
    );
  }, 60_000);
});
