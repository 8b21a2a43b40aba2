// Just enough DER (ITU-T X.690) to write one self-signed certificate. Node can sign and can
// parse certificates but cannot build one; writing the few structures here keeps start-up
// free of a general ASN.1 library.

function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

export function tlv(tag: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), length(body.length), body]);
}

export const sequence = (...items: Buffer[]) => tlv(0x30, ...items);
export const set = (...items: Buffer[]) => tlv(0x31, ...items);
export const octetString = (content: Buffer) => tlv(0x04, content);
export const boolean = (v: boolean) => tlv(0x01, Buffer.from([v ? 0xff : 0x00]));
export const utf8String = (s: string) => tlv(0x0c, Buffer.from(s, "utf8"));
/** Context-specific constructed tag [n], as EXPLICIT tagging uses. */
export const explicit = (n: number, ...items: Buffer[]) => tlv(0xa0 | n, ...items);
/** Context-specific primitive tag [n], as IMPLICIT tagging of a string uses. */
export const implicitPrimitive = (n: number, content: Buffer) => tlv(0x80 | n, content);

/** A non-negative INTEGER from big-endian magnitude bytes. */
export function unsignedInteger(magnitude: Buffer): Buffer {
  let start = 0;
  while (start < magnitude.length - 1 && magnitude[start] === 0) start++;
  const trimmed = magnitude.subarray(start);
  // A leading 1 bit would read as negative: prefix a zero byte.
  return tlv(0x02, (trimmed[0]! & 0x80) !== 0 ? Buffer.concat([Buffer.from([0]), trimmed]) : trimmed);
}

export function bitString(content: Buffer, unusedBits = 0): Buffer {
  return tlv(0x03, Buffer.from([unusedBits]), content);
}

export function objectIdentifier(dotted: string): Buffer {
  const parts = dotted.split(".").map((p) => Number(p));
  const bytes: number[] = [parts[0]! * 40 + parts[1]!];
  for (const part of parts.slice(2)) {
    const chunk: number[] = [part & 0x7f];
    for (let v = Math.floor(part / 128); v > 0; v = Math.floor(v / 128)) chunk.unshift((v & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
}

/** RFC 5280 4.1.2.5: UTCTime through 2049, GeneralizedTime from 2050 on. */
export function time(date: Date): Buffer {
  const iso = date.toISOString(); // 2026-11-21T09:47:40.123Z
  const digits = iso.slice(0, 19).replace(/[-T:]/g, "");
  const year = date.getUTCFullYear();
  return year < 2050
    ? tlv(0x17, Buffer.from(`${digits.slice(2)}Z`, "ascii"))
    : tlv(0x18, Buffer.from(`${digits}Z`, "ascii"));
}
