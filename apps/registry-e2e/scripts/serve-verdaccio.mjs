// Runs Verdaccio (installed by install-verdaccio.mjs) with the config file given as the first
// argument, on 127.0.0.1 and a port the system picks, and prints one JSON line with that port on
// stdout once it listens. Verdaccio's own CLI refuses Node < 22 (6.9 and newer say so in
// `engines`); its server API runs on Node 20, which is the floor this repository supports.
//
// The metadata of a package Verdaccio proxies from the public registry (esbuild, typescript, not
// ours) is sent with `Cache-Control: max-age`, as registry.npmjs.org sends it (for 300 s):
// npm then reuses what its cache holds instead of asking again. Without it (Verdaccio sends
// none) npm revalidates each dependency's metadata at every install, and for a package as large
// as typescript that costs the registry about half a second of CPU per request, even one
// answered 304. Our own packages get no header: the tests publish new versions of them while
// the run goes on.
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
const { runServer, Config, parseConfigFile } = await import(
  pathToFileURL(entry.replace(/index\.js$/, "index.mjs")).href
);
/** Longer than a test run, which needs no dependency's release of the last hour. */
const PROXIED_METADATA_MAX_AGE_S = 3600;
const config = new Config(parseConfigFile(configFile));
const server = await runServer(configFile);
server.prependListener("request", (req, res) => {
  const name = packumentName(req);
  if (name === undefined || (config.getMatchedPackagesSpec(name)?.proxy ?? []).length === 0) return;
  // Only on an answer (not on an error such as a 404, which npm should ask about again). Node
  // calls writeHead for every response, also when the handler only calls end().
  const writeHead = res.writeHead;
  res.writeHead = function (status, ...rest) {
    if (status === 200 || status === 304) {
      this.setHeader("Cache-Control", `public, max-age=${PROXIED_METADATA_MAX_AGE_S}`);
    }
    return writeHead.call(this, status, ...rest);
  };
});
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`);
});
const stop = () => server.close(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
// The test run holds our stdin open: when it ends, however it ends, so does the registry.
process.stdin.on("end", stop);
process.stdin.on("close", stop);
process.stdin.resume();

/** The package whose metadata (packument) a request asks for: GET /name or /@scope%2fname; else undefined. */
function packumentName(req) {
  if (req.method !== "GET" && req.method !== "HEAD") return undefined;
  let path;
  try {
    path = decodeURIComponent(new URL(req.url ?? "/", "http://registry").pathname).slice(1);
  } catch {
    return undefined;
  }
  // The registry's own API (/-/...), tarballs (name/-/file.tgz) and name/version documents.
  const parts = path.split("/");
  const scoped = parts[0]?.startsWith("@") === true;
  if (path.startsWith("-/") || parts.length !== (scoped ? 2 : 1) || parts.includes("")) return undefined;
  return path;
}
