// Just enough of the tar format to take one file out of an npm package (a gzipped tar whose
// entries sit under `package/`): ustar headers with their name prefix, GNU long names (`L`)
// and pax extended headers (`x`) for paths longer than a header holds. No links, no writing.

const BLOCK = 512;

export interface TarFile {
  readonly path: string;
  readonly mode: number;
  readonly data: Buffer;
}

/** The first regular file whose path `wanted` accepts, or undefined when the archive has none. */
export function findTarFile(tar: Buffer, wanted: (path: string) => boolean): TarFile | undefined {
  let offset = 0;
  let longName: string | undefined;
  while (offset + BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) return undefined; // the end-of-archive blocks
    checkChecksum(header, offset);
    const size = readNumber(header.subarray(124, 136));
    const type = String.fromCharCode(header[156] ?? 0);
    const dataStart = offset + BLOCK;
    const data = tar.subarray(dataStart, dataStart + size);
    if (data.length < size) throw new Error(`the archive ends inside the entry at byte ${offset}`);
    offset = dataStart + Math.ceil(size / BLOCK) * BLOCK;
    if (type === "L") {
      longName = readString(data);
      continue;
    }
    if (type === "x") {
      longName = paxPath(data) ?? longName;
      continue;
    }
    if (type === "g") continue;
    const prefix = readString(header.subarray(345, 500));
    const name =
      longName ??
      (prefix === ""
        ? readString(header.subarray(0, 100))
        : `${prefix}/${readString(header.subarray(0, 100))}`);
    longName = undefined;
    // "0" and NUL are regular files; "7" (contiguous) is one too.
    if ((type === "0" || type === "\0" || type === "7") && wanted(name)) {
      return { path: name, mode: readNumber(header.subarray(100, 108)), data: Buffer.from(data) };
    }
  }
  return undefined;
}

function readString(field: Buffer): string {
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? field.length : end).toString("utf8");
}

/** Octal text, or GNU's base-256 (high bit set) for sizes past 8 GiB. */
function readNumber(field: Buffer): number {
  if (((field[0] ?? 0) & 0x80) !== 0) {
    let value = 0;
    for (let i = 1; i < field.length; i++) value = value * 256 + (field[i] ?? 0);
    return value;
  }
  const text = readString(field).trim();
  return text === "" ? 0 : Number.parseInt(text, 8);
}

function checkChecksum(header: Buffer, offset: number): void {
  const stored = readNumber(header.subarray(148, 156));
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : (header[i] ?? 0);
  if (sum !== stored)
    throw new Error(`the archive's header at byte ${offset} is damaged (checksum mismatch)`);
}

/** The `path` record of a pax extended header: lines of `LENGTH key=value\n`. */
function paxPath(data: Buffer): string | undefined {
  let offset = 0;
  while (offset < data.length) {
    const space = data.indexOf(0x20, offset);
    if (space === -1) return undefined;
    const length = Number.parseInt(data.subarray(offset, space).toString("ascii"), 10);
    if (!Number.isFinite(length) || length <= 0) return undefined;
    const record = data.subarray(space + 1, offset + length - 1).toString("utf8");
    if (record.startsWith("path=")) return record.slice("path=".length);
    offset += length;
  }
  return undefined;
}
