// A stand-in provider entry for the bundle tests: prints what the tests check.
import { sep } from "node:path";
// @ts-expect-error: not a dependency here; bundleProvider puts its stub in its place.
import { loadSync } from "@grpc/proto-loader";

let stub: string;
try {
  loadSync("channelz.proto");
  stub = "loaded";
} catch (err) {
  stub = (err as Error).message;
}
process.stdout.write(`${JSON.stringify({ sep, stub, argv: process.argv.slice(2) })}\n`);
