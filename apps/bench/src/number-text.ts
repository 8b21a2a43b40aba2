// Long number texts in @tsvider/cty: decoding (msgpack text, JSON, string → number), writing
// back, and arithmetic on numbers with exponents from 10^±1,000 to 10^±100,000. Each is
// timed per operation; the time should grow about linearly with the exponent (the text go-cty
// writes for 1e-100000 is itself 100,002 characters), where it once grew with its square
// (1e-100000 took 42 s to decode).
import * as cty from "@tsvider/cty";
import { convert } from "@tsvider/cty/convert";
import { callFunction } from "@tsvider/cty/function";
import { decodeJson } from "@tsvider/cty/json";
import { decodeMsgpack, encodeMsgpack } from "@tsvider/cty/msgpack";
import { add, divide, lessThan, multiply } from "@tsvider/cty/stdlib";

function msgpackText(text: string): Uint8Array {
  const body = Buffer.from(text);
  const out = Buffer.alloc(5 + body.length);
  out[0] = 0xdb;
  out.writeUInt32BE(body.length, 1);
  body.copy(out, 5);
  return out;
}

/** Milliseconds per call, over at least 0.5 s (or 3 calls) after one warm-up call. */
function msPer(run: () => unknown): number {
  run();
  let calls = 0;
  const start = process.hrtime.bigint();
  while (process.hrtime.bigint() - start < 500_000_000n || calls < 3) {
    run();
    calls++;
  }
  return Number(process.hrtime.bigint() - start) / 1e6 / calls;
}

const n = (value: cty.CtyNumber) => ({ type: cty.number, value });

console.log("cty number text, ms per operation");
console.log(
  "  text           msgpack-decode  json-decode  to-number  encode    add 1   multiply  divide  compare",
);
for (const exponent of [1_000, 10_000, 100_000]) {
  for (const text of [`1e-${exponent}`, `-7.25e${exponent}`]) {
    const bytes = msgpackText(text);
    const value = decodeMsgpack(bytes, cty.number) as cty.CtyNumber;
    const other = convert(`3e-${exponent}`, cty.string, cty.number) as cty.CtyNumber;
    const row = [
      msPer(() => decodeMsgpack(bytes, cty.number)),
      msPer(() => decodeJson(text, cty.number)),
      msPer(() => convert(text, cty.string, cty.number)),
      msPer(() => encodeMsgpack(value, cty.number)),
      msPer(() => callFunction(add, [n(value), n(1)])),
      msPer(() => callFunction(multiply, [n(value), n(other)])),
      msPer(() => callFunction(divide, [n(value), n(other)])),
      msPer(() => callFunction(lessThan, [n(value), n(other)])),
    ];
    console.log(`  ${text.padEnd(14)} ${row.map((ms) => ms.toFixed(2).padStart(9)).join(" ")}`);
  }
}
