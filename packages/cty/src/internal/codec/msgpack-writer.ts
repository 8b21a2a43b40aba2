// A msgpack writer with exactly the forms go-cty's encoder (vmihailenco/msgpack in compact-int
// mode) chooses: the smallest int format, float64 for floats, str8/16/32, and map entries in
// the order given. We write cty values straight into bytes rather than through
// @msgpack/msgpack's encoder, which cannot keep an integer-like key such as "10" in byte order
// and would need a whole intermediate object tree; decoding still goes through @msgpack/msgpack.
import { escapedUtf8Bytes } from "../text/escaped-utf8.js";

export class MsgpackWriter {
  #buffer = new Uint8Array(256);
  #view = new DataView(this.#buffer.buffer);
  #length = 0;

  bytes(): Uint8Array {
    return this.#buffer.slice(0, this.#length);
  }

  #reserve(n: number): number {
    const at = this.#length;
    if (at + n > this.#buffer.length) {
      let size = this.#buffer.length * 2;
      while (size < at + n) size *= 2;
      const next = new Uint8Array(size);
      next.set(this.#buffer.subarray(0, at));
      this.#buffer = next;
      this.#view = new DataView(next.buffer);
    }
    this.#length = at + n;
    return at;
  }

  // Every write reserves first and only then reads this.#buffer: reserving may replace it.
  #byte(b: number): void {
    const at = this.#reserve(1);
    this.#buffer[at] = b;
  }

  nil(): void {
    this.#byte(0xc0);
  }

  bool(v: boolean): void {
    this.#byte(v ? 0xc3 : 0xc2);
  }

  /** An integer in the int64 range, in the smallest format that holds it. */
  int(v: number | bigint): void {
    if (typeof v === "bigint" && v >= -0x80000000n && v < 0x100000000n) v = Number(v);
    if (typeof v === "number" && v >= -0x80000000 && v < 0x100000000) {
      if (v >= 0 && v < 0x80) this.#byte(v);
      else if (v >= 0 && v < 0x100) this.#header(0xcc, 1, v);
      else if (v >= 0 && v < 0x10000) this.#header(0xcd, 2, v);
      else if (v >= 0) this.#header(0xce, 4, v);
      else if (v >= -32) this.#byte(v & 0xff);
      else if (v >= -0x80) this.#header(0xd0, 1, v);
      else if (v >= -0x8000) this.#header(0xd1, 2, v);
      else this.#header(0xd2, 4, v);
      return;
    }
    const big = BigInt(v);
    const at = this.#reserve(9);
    if (big >= 0n) {
      this.#buffer[at] = 0xcf;
      this.#view.setBigUint64(at + 1, big);
    } else {
      this.#buffer[at] = 0xd3;
      this.#view.setBigInt64(at + 1, big);
    }
  }

  float64(v: number): void {
    const at = this.#reserve(9);
    this.#buffer[at] = 0xcb;
    this.#view.setFloat64(at + 1, v);
  }

  string(s: string): void {
    // Bytes go-cty was sent as a string that is not UTF-8 go back as they came.
    const encoded = escapedUtf8Bytes(s);
    const n = encoded.length;
    if (n < 32) this.#byte(0xa0 | n);
    else if (n < 0x100) this.#header(0xd9, 1, n);
    else if (n < 0x10000) this.#header(0xda, 2, n);
    else this.#header(0xdb, 4, n);
    const at = this.#reserve(n);
    this.#buffer.set(encoded, at);
  }

  /** Raw bytes in the bin format, as cty writes a dynamic value's type JSON. */
  bin(bytes: Uint8Array): void {
    const n = bytes.length;
    if (n < 0x100) this.#header(0xc4, 1, n);
    else if (n < 0x10000) this.#header(0xc5, 2, n);
    else this.#header(0xc6, 4, n);
    const at = this.#reserve(n);
    this.#buffer.set(bytes, at);
  }

  arrayHeader(n: number): void {
    if (n < 16) this.#byte(0x90 | n);
    else if (n < 0x10000) this.#header(0xdc, 2, n);
    else this.#header(0xdd, 4, n);
  }

  mapHeader(n: number): void {
    if (n < 16) this.#byte(0x80 | n);
    else if (n < 0x10000) this.#header(0xde, 2, n);
    else this.#header(0xdf, 4, n);
  }

  /** An extension with a one-byte payload (fixext 1), as cty writes a plain unknown. */
  fixext1(type: number, data: number): void {
    const at = this.#reserve(3);
    this.#buffer[at] = 0xd4;
    this.#buffer[at + 1] = type;
    this.#buffer[at + 2] = data;
  }

  /** An extension: fixext when the payload is 1, 2, 4, 8 or 16 bytes, else ext 8/16/32. */
  ext(type: number, payload: Uint8Array): void {
    const n = payload.length;
    const fixed = { 1: 0xd4, 2: 0xd5, 4: 0xd6, 8: 0xd7, 16: 0xd8 }[n];
    if (fixed !== undefined) this.#byte(fixed);
    else if (n < 0x100) this.#header(0xc7, 1, n);
    else if (n < 0x10000) this.#header(0xc8, 2, n);
    else this.#header(0xc9, 4, n);
    this.#byte(type);
    const at = this.#reserve(n);
    this.#buffer.set(payload, at);
  }

  #header(tag: number, size: 1 | 2 | 4, value: number): void {
    const at = this.#reserve(1 + size);
    this.#buffer[at] = tag;
    if (size === 1) this.#view.setUint8(at + 1, value & 0xff);
    else if (size === 2) this.#view.setUint16(at + 1, value & 0xffff);
    else this.#view.setUint32(at + 1, value >>> 0);
  }
}
