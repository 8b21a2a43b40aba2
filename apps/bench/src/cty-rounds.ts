// One side of the peers bench's cty row, run as a process of its own as go-cty's and
// pyvider-cty's sides are: `node dist/cty-rounds.js <@tsvider/cty package directory> <file>`
// decodes and re-encodes the value in `file` (cty-large-value.ts writes it) with the @tsvider/cty
// built in that directory, this tree's or the previous commit's (peers.ts builds it in a
// worktree), and prints nanoseconds per round.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { timePerRound } from "./timing.js";

// The API of @tsvider/cty this needs; another commit's build is loaded by path, not by type.
interface CtyCodec {
  typeFromJSON(json: unknown): unknown;
  decodeMsgpack(bytes: Uint8Array, type: unknown): unknown;
  encodeMsgpack(value: unknown, type: unknown): Uint8Array;
}

const [packageDir, file] = process.argv.slice(2);
if (packageDir === undefined || file === undefined) {
  throw new Error("usage: node dist/cty-rounds.js <@tsvider/cty package directory> <value file>");
}
const load = (entry: string) => import(pathToFileURL(join(packageDir, "dist", entry)).href);
const { typeFromJSON } = (await load("index.js")) as CtyCodec;
const { decodeMsgpack, encodeMsgpack } = (await load("msgpack.js")) as CtyCodec;
const input = JSON.parse(readFileSync(file, "utf8")) as { type: unknown; hex: string };
const type = typeFromJSON(input.type);
const bytes = Buffer.from(input.hex, "hex");
if (Buffer.compare(Buffer.from(encodeMsgpack(decodeMsgpack(bytes, type), type)), bytes) !== 0) {
  throw new Error(`@tsvider/cty in ${packageDir} did not re-encode the value to the same bytes`);
}
console.log(
  timePerRound(() => {
    encodeMsgpack(decodeMsgpack(bytes, type), type);
  }).toFixed(0),
);
