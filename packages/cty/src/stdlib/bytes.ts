// go-cty stdlib: bytes.go — the Bytes capsule type and the functions on it. A Bytes value is
// the Uint8Array it carries (see internal/bytes-capsule.ts).
import { defineFunction } from "../function.js";
import { number } from "../types.js";
import type { CtyNumber } from "../values.js";
import { bytes, bytesOf, bytesVal } from "./internal/bytes-capsule.js";
import { goIntExact } from "./internal/go-int.js";
import { goPanic } from "./internal/go-panic.js";

export { bytes, bytesOf, bytesVal };

/**
 * The cty function `bytesLen`, a FunctionSpec to call with `callFunction`. How long a Bytes buffer
 * is, counted in bytes (not characters).
 */
export const bytesLen = defineFunction({
  description: "How long a Bytes buffer is, counted in bytes (not characters).",
  params: [{ name: "buf", type: bytes, allowDynamicType: true }],
  returnType: number,
  refineResult: { notNull: true },
  impl: ([buf]) => bytesOf(buf!.value).length,
});

/** Go's int64 addition, which wraps around. */
const addInt64 = (a: bigint, b: bigint) => BigInt.asIntN(64, a + b);

/**
 * The cty function `bytesSlice`, a FunctionSpec to call with `callFunction`. A piece of buf as a
 * Bytes value: length bytes from byte offset on.
 */
export const bytesSlice = defineFunction({
  description:
    "A piece of buf as a Bytes value: length bytes from byte offset on. Both numbers must be non-negative whole numbers, and the piece must end within the buffer.",
  params: [
    { name: "buf", type: bytes, allowDynamicType: true },
    { name: "offset", type: number, allowDynamicType: true },
    { name: "length", type: number, allowDynamicType: true },
  ],
  returnType: bytes,
  refineResult: { notNull: true },
  impl: ([buf, offsetArg, lengthArg]) => {
    const buffer = bytesOf(buf!.value);
    const offset = goIntExact(offsetArg!.value as CtyNumber);
    const length = goIntExact(lengthArg!.value as CtyNumber);
    const total = BigInt(buffer.length);
    if (offset < 0n || length < 0n) throw new Error("offset and length must be non-negative");
    if (offset > total) throw new Error(`offset ${offset} is greater than total buffer length ${total}`);
    const end = addInt64(offset, length);
    if (end > total) {
      throw new Error(`offset ${offset} + length ${length} is greater than total buffer length ${total}`);
    }
    if (end < offset) {
      // go-cty slices with an end that wrapped around; Go panics, and go-cty reports the panic
      // (followed by a Go stack trace, which we have none of).
      throw goPanic(`runtime error: slice bounds out of range [:${end}]`);
    }
    return bytesVal(buffer.subarray(Number(offset), Number(end)));
  },
});
