// The single file a bundled provider ships as: a small launcher with the provider's bundled
// code inside it as a string, which it compiles with V8's code cache. Node has no compile
// cache of its own before version 22, and compiling the bundle (grpc-js, the protocol stubs,
// cty) is most of what a provider does between its start and its handshake line; Terraform
// starts a provider several times per command, so every start but the first one reuses the
// compiled code. The cache lives in the user's own cache directory (XDG_CACHE_HOME, else
// ~/.cache), never a shared one, since it holds code this process will run.
import { createHash } from "node:crypto";

export interface LauncherOptions {
  /** The bundled provider: CommonJS, as esbuild writes it with format "cjs". */
  readonly source: string;
}

/**
 * The launcher's text: a node script (with its shebang) that runs `source` as a CommonJS
 * module. TSVIDER_COMPILE_CACHE=0 turns the cache off; TSVIDER_COMPILE_CACHE=debug reports on
 * stderr whether it was used.
 */
export function launcherSource({ source }: LauncherOptions): string {
  const body = source.replace(/^#!.*\n/, "");
  const key = createHash("sha256").update(body).digest("hex").slice(0, 20);
  return `#!/usr/bin/env node
"use strict";
// Built by tsvider: the provider's code is the string below, compiled with V8's code cache
// kept in ~/.cache/tsvider/compile-cache (TSVIDER_COMPILE_CACHE=0 turns it off).
(() => {
const source = ${JSON.stringify(body)};
${runtime(key)}
})();
`;
}

/** The launcher's own code, written out as it runs (plain JS for Node 20 and newer). */
function runtime(key: string): string {
  return `const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const vm = require("node:vm");
const Module = require("node:module");
const setting = process.env.TSVIDER_COMPILE_CACHE;
const report = setting === "debug" ? (m) => process.stderr.write("tsvider compile cache: " + m + "\\n") : () => {};
let cacheFile;
let cachedData;
if (setting !== "0") {
  const home = os.homedir();
  const base = process.env.XDG_CACHE_HOME || (home ? path.join(home, ".cache") : "");
  if (base) {
    cacheFile = path.join(base, "tsvider", "compile-cache", ${JSON.stringify(key)} + "-" + process.version + "-" + process.arch + ".bin");
    try {
      cachedData = fs.readFileSync(cacheFile);
    } catch {}
  }
}
const script = new vm.Script(Module.wrap(source), { filename: __filename, cachedData });
report(cachedData === undefined ? "miss" : script.cachedDataRejected ? "rejected" : "hit");
if (cacheFile && (cachedData === undefined || script.cachedDataRejected)) {
  let saved = false;
  const save = () => {
    if (saved) return;
    saved = true;
    try {
      const dir = path.dirname(cacheFile);
      fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
      const temporary = cacheFile + "." + process.pid;
      fs.writeFileSync(temporary, script.createCachedData(), { mode: 0o600 });
      fs.renameSync(temporary, cacheFile);
      report("saved");
      const month = Date.now() - 30 * 24 * 3600 * 1000;
      for (const name of fs.readdirSync(dir)) {
        const file = path.join(dir, name);
        if (file !== cacheFile && fs.statSync(file).mtimeMs < month) fs.rmSync(file, { force: true });
      }
    } catch {}
  };
  // Later is better (more of the code has been compiled by then), but a provider may exit
  // first: then on exit.
  setTimeout(save, 2000).unref();
  process.once("exit", save);
}
script.runInThisContext().call(module.exports, module.exports, require, module, __filename, __dirname);`;
}
