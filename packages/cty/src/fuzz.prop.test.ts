// Bad input never crashes a decoder or hangs it: whatever bytes arrive, decoding returns a
// value or throws a CtyValueError naming where it broke: 100,000 cases for each msgpack test,
// 30,000 for JSON (whose parser builds costlier errors). The generous per-test limits are
// there for slow machines; how long a run takes is measured in apps/bench, not here.
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

  it("msgpack: a valid value with bytes flipped, cut or inserted", () => {
    const mutated = fc
      .tuple(
        fc.nat(sample.length - 1),
        fc.integer({ min: 0, max: 255 }),
        fc.constantFrom("flip", "cut", "insert"),
      )
      .map(([at, byte, how]) => {
        const b = Array.from(sample);
        if (how === "flip") b[at] = byte;
        else if (how === "cut") b.length = at;
        else b.splice(at, 0, byte);
        return new Uint8Array(b);
      });
    fc.assert(
      fc.property(mutated, (bytes) => mustFailCleanly(() => decodeMsgpack(bytes, schema))),
      { numRuns: 100_000 },
    );
  }, 60_000);

  it("JSON: random text and mutated documents", () => {
    const text = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.json().map((j) => `{"name":${j},"size":1}`),
      fc.constantFrom(
        '{"name":"a","size":1e999999999}',
        '{"any":{"type":"nope","value":1}}',
        "[".repeat(5000),
      ),
    );
    fc.assert(
      fc.property(text, (t) => mustFailCleanly(() => decodeJson(t, schema))),
      { numRuns: 30_000 },
    );
  }, 60_000);
});
