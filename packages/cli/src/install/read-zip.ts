// Reads the files of a provider package zip, to compute the h1: hash of a package that is
// already in a mirror (its lock-file identity) and to check what a package holds. Only what
// provider zips use: stored or deflated entries, no zip64, no encryption.
import { inflateRawSync } from "node:zlib";

export interface ZipFile {
  readonly name: string;
  readonly data: Buffer;
  /** Unix permission bits when the zip records them (made on Unix), else undefined. */
  readonly mode: number | undefined;
}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_ENTRY = 0x02014b50;
const LOCAL_ENTRY = 0x04034b50;

export function readZip(zip: Buffer): ZipFile[] {
  // The end record is 22 bytes plus a comment of up to 64 KiB: search backwards for it.
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === END_OF_CENTRAL_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error("not a zip archive (no end of central directory)");
  const count = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  const files: ZipFile[] = [];
  for (let n = 0; n < count; n++) {
    if (zip.readUInt32LE(offset) !== CENTRAL_ENTRY) throw new Error("damaged zip central directory");
    const method = zip.readUInt16LE(offset + 10);
    const compressedSize = zip.readUInt32LE(offset + 20);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const madeOnUnix = zip.readUInt8(offset + 5) === 3;
    const external = zip.readUInt32LE(offset + 38);
    const localOffset = zip.readUInt32LE(offset + 42);
    const name = zip.toString("utf8", offset + 46, offset + 46 + nameLength);
    offset += 46 + nameLength + extraLength + commentLength;

    if (zip.readUInt32LE(localOffset) !== LOCAL_ENTRY) throw new Error(`damaged zip entry ${name}`);
    const dataStart =
      localOffset + 30 + zip.readUInt16LE(localOffset + 26) + zip.readUInt16LE(localOffset + 28);
    const raw = zip.subarray(dataStart, dataStart + compressedSize);
    let data: Buffer;
    if (method === 0) data = Buffer.from(raw);
    else if (method === 8) data = inflateRawSync(raw);
    else
      throw new Error(`zip entry ${name} uses compression method ${method}, which provider packages do not`);
    files.push({ name, data, mode: madeOnUnix ? (external >>> 16) & 0o7777 : undefined });
  }
  return files;
}
