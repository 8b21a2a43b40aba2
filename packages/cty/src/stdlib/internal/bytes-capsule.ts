// go-cty's Bytes capsule type, for raw buffers beside UTF-8 strings. A capsule value here is
// the JS object it carries: a Bytes value is a Uint8Array. As in go-cty, a buffer once wrapped
// is treated as immutable (slices share its memory).
import { type CapsuleType, type CtyType, capsule } from "../../types.js";
import type { CtyValue } from "../../values.js";

/** stdlib.Bytes: the capsule type of byte buffers. Capsule types are equal only to themselves. */
export const bytes: CapsuleType = capsule("bytes");

/** stdlib.BytesVal: the Bytes value carrying this buffer. */
export function bytesVal(buffer: Uint8Array): CtyValue {
  if (!(buffer instanceof Uint8Array)) throw new TypeError("a Bytes value needs a Uint8Array");
  return buffer as unknown as CtyValue;
}

/** The buffer a known, non-null Bytes value carries. */
export function bytesOf(value: CtyValue): Uint8Array {
  if (!((value as unknown) instanceof Uint8Array)) throw new TypeError("a Bytes value must be a Uint8Array");
  return value as unknown as Uint8Array;
}

/** Whether a value is a Bytes buffer (rather than null, unknown or another capsule's data). */
export function isBytesValue(value: CtyValue, type: CtyType): boolean {
  return type === bytes && (value as unknown) instanceof Uint8Array;
}
