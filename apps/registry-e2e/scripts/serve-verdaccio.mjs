// Runs Verdaccio (installed by install-verdaccio.mjs) with the config file given as the first
// argument, on 127.0.0.1 and a port the system picks, and prints one JSON line with that port on
// stdout once it listens. Verdaccio's own CLI refuses Node < 22 (6.9 and newer say so in
// `engines`); its server API runs on Node 20, which is the floor this repository supports.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const configFile = process.argv[2];
if (configFile === undefined) {
  process.stderr.write("usage: serve-verdaccio.mjs <config.yaml>\n");
  process.exit(2);
}
const require = createRequire(
  join(dirname(fileURLToPath(import.meta.url)), "..", "verdaccio", "package.json"),
);
let entry;
try {
  entry = require.resolve("verdaccio");
} catch {
  process.stderr.write(
    "verdaccio is not installed: run `node apps/registry-e2e/scripts/install-verdaccio.mjs`\n",
  );
  process.exit(1);
}
const { runServer } = await import(pathToFileURL(entry.replace(/index\.js$/, "index.mjs")).href);
const app = await runServer(configFile);
const server = app.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`);
});
const stop = () => server.close(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
// The test run holds our stdin open: when it ends, however it ends, so does the registry.
process.stdin.on("end", stop);
process.stdin.on("close", stop);
process.stdin.resume();
