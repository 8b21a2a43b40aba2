// The single file a bundled provider ships as, and the main script inside a single
// executable: a small launcher with the provider's bundled code inside it as a string, which
// it compiles with V8's code cache. Node has no compile cache of its own before version 22
// (and none for a single executable's main script), and compiling the bundle (grpc-js, the
// protocol stubs, cty) is most of what a provider does between its start and its handshake
// line; Terraform starts a provider several times per command, so every start but the first
// one reuses the compiled code. The cache is made on the user's machine rather than at build
// time because V8 never writes it the same way twice, and a build must give the same bytes
// every time. It lives in the user's own cache directory (XDG_CACHE_HOME, else ~/.cache),
// never a shared one, since it holds code this process will run; its file name holds a hash
// of the code and the Node version and CPU, and a file V8 rejects (damaged, or from another
// build of V8) is compiled over and replaced, never trusted.
//
// The same launcher, without its #! line, is the code of a provider's control thread (see
// bundle.ts): a worker evaluates a string too, and would otherwise compile it at every start.
//
// Where the code sits in the file: as a string literal, V8 scans and copies all of it before the
// launcher's first line runs, which for a 3 MB provider is about 17 ms of every start
// (apps/bench's start-up breakdown). A file run as a script of its own therefore keeps the code
// in a comment at its end, which V8 only skips, and the launcher reads it back from its own
// file (about 9 ms in all). A comment ends at the first `*/`, so each `*/` of the code is
// written with a \x01 between its two characters and restored on reading; code that already
// holds \x01, or any character outside ASCII (esbuild writes ASCII), stays a string literal, as
// does a worker's code and a single executable's main script, whose file is the executable.
import { createHash } from "node:crypto";

export interface LauncherOptions {
  /** The bundled provider: CommonJS, as esbuild writes it with format "cjs". */
  readonly source: string;
  /**
   * Plain code the launcher runs first, before it compiles `source`: what should start as soon
   * as the process does (bundle.ts starts the control thread there).
   */
  readonly preamble?: string;
  /**
   * The text is for a worker thread to evaluate (`new Worker(text, { eval: true })`), not a
   * file: no #! line, and the cache reports name the worker.
   */
  readonly worker?: boolean;
  /**
   * The launcher runs as a file of its own (a provider's script), so it may read its code back
   * from the end of that file rather than hold it as a string literal (see the top of this
   * file). Not for a single executable, whose main script's file is the executable.
   */
  readonly readsOwnFile?: boolean;
}

/** Where the code starts in a launcher that reads it from its own file, and where it ends. */
const CODE_START = "\n/*tsvider: the provider's code\n";
const CODE_END = "\n*/\n";
/** What each comment end (star, slash) of the code is written as inside the comment. */
const ESCAPED_END = "*\x01/";

/**
 * The launcher's text: a node script (with its shebang) that runs `source` as a CommonJS
 * module. TSVIDER_COMPILE_CACHE=0 turns the cache off; TSVIDER_COMPILE_CACHE=debug reports on
 * stderr whether it was used. A cache missing or rejected is saved two seconds after the start,
 * or at exit if that comes first, or when the code calls
 * `globalThis[Symbol.for("tsvider.compile-cache.save")]()`: a worker ends with its process
 * without an exit event of its own, so its code says when it has started. Once written, the
 * launcher removes that function and calls `globalThis[Symbol.for("tsvider.compile-cache.saved")]`
 * if the code has put one there. @tsvider/rpcplugin's compile-cache.ts names the same two slots.
 */
export function launcherSource({
  source,
  preamble,
  worker = false,
  readsOwnFile = false,
}: LauncherOptions): string {
  const body = source.replace(/^#!.*\n/, "");
  const key = createHash("sha256").update(body).digest("hex").slice(0, 20);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the escape the comment layout uses
  if (readsOwnFile && !worker && /^[\n\t\x20-\x7e]*$/.test(body) && !/\x01/.test(body)) {
    return `#!/usr/bin/env node
"use strict";
// Built by tsvider: the provider's code is the comment at the end of this file, read back and
// compiled with V8's code cache kept in ~/.cache/tsvider/compile-cache (TSVIDER_COMPILE_CACHE=0
// turns it off).
${preamble === undefined ? "" : `${preamble}\n`}(() => {
const text = require("node:fs").readFileSync(__filename, "latin1");
const start = text.indexOf(${JSON.stringify(CODE_START)});
if (start < 0 || !text.endsWith(${JSON.stringify(CODE_END)})) throw new Error(__filename + " is damaged: the provider's code at its end is missing or cut short; build or install the provider again");
const code = text.slice(start + ${CODE_START.length}, text.length - ${CODE_END.length});
const source = code.includes(${JSON.stringify(ESCAPED_END)}) ? code.replaceAll(${JSON.stringify(ESCAPED_END)}, "*/") : code;
${runtime(key, "tsvider compile cache: ")}
})();${CODE_START}${body.replaceAll("*/", ESCAPED_END)}${CODE_END}`;
  }
  return `${worker ? "" : "#!/usr/bin/env node\n"}"use strict";
// Built by tsvider: the ${worker ? "worker's" : "provider's"} code is the string below, compiled with V8's code cache
// kept in ~/.cache/tsvider/compile-cache (TSVIDER_COMPILE_CACHE=0 turns it off).
${preamble === undefined ? "" : `${preamble}\n`}(() => {
const source = ${JSON.stringify(body)};
${runtime(key, worker ? "tsvider compile cache (worker): " : "tsvider compile cache: ")}
})();
`;
}

/** The launcher's own code, written out as it runs (plain JS for Node 20 and newer). */
function runtime(key: string, reportPrefix: string): string {
  return `const crypto = require("node:crypto");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const vm = require("node:vm");
const Module = require("node:module");
const setting = process.env.TSVIDER_COMPILE_CACHE;
const report = setting === "debug" ? (m) => process.stderr.write(${JSON.stringify(reportPrefix)} + m + "\\n") : () => {};
let cacheFile;
let cachedData;
let found = false;
if (setting !== "0") {
  const home = os.homedir();
  const base = process.env.XDG_CACHE_HOME || (home ? path.join(home, ".cache") : "");
  if (base) {
    cacheFile = path.join(base, "tsvider", "compile-cache", ${JSON.stringify(key)} + "-" + process.version + "-" + process.arch + ".bin");
    try {
      // The file is the SHA-256 of V8's data, then the data: V8 checks its version and the
      // source's length but not every byte, so a damaged file must never reach it.
      const file = fs.readFileSync(cacheFile);
      found = true;
      if (file.length > 32 && crypto.createHash("sha256").update(file.subarray(32)).digest().equals(file.subarray(0, 32))) {
        cachedData = file.subarray(32);
      }
    } catch {}
  }
}
const script = new vm.Script(Module.wrap(source), { filename: __filename, cachedData });
const rejected = cachedData === undefined ? found : script.cachedDataRejected === true;
report(rejected ? "rejected" : cachedData === undefined ? "miss" : "hit");
if (cacheFile && (cachedData === undefined || rejected)) {
  let saved = false;
  const save = () => {
    if (saved) return;
    saved = true;
    // Nothing may hold this function once it has run: it keeps the launcher's own code alive,
    // and with it, in a provider's script, the text of the whole file (a second copy of the
    // bundle).
    process.removeListener("exit", save);
    const temporary = cacheFile + "." + process.pid;
    try {
      const dir = path.dirname(cacheFile);
      fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
      const data = script.createCachedData();
      const digest = crypto.createHash("sha256").update(data).digest();
      fs.writeFileSync(temporary, Buffer.concat([digest, data]), { mode: 0o600 });
      fs.renameSync(temporary, cacheFile);
      report("saved");
      const month = Date.now() - 30 * 24 * 3600 * 1000;
      for (const name of fs.readdirSync(dir)) {
        const file = path.join(dir, name);
        if (file !== cacheFile && fs.statSync(file).mtimeMs < month) fs.rmSync(file, { force: true });
      }
    } catch {
      // No cache this time (a read-only or odd cache directory): the provider runs all the same.
      try {
        fs.rmSync(temporary, { force: true });
      } catch {}
    }
    // What waited for the cache to be written may go ahead: a V8 flag changed before it would
    // change the hash V8 stamps into it (@tsvider/rpcplugin's heap.ts waits here).
    delete globalThis[Symbol.for("tsvider.compile-cache.save")];
    const written = globalThis[Symbol.for("tsvider.compile-cache.saved")];
    if (typeof written === "function") written();
  };
  // Later is better (more of the code has been compiled by then), but a provider may exit
  // first: then on exit; or when the code says its start is done.
  setTimeout(save, 2000).unref();
  process.once("exit", save);
  globalThis[Symbol.for("tsvider.compile-cache.save")] = save;
}
script.runInThisContext().call(module.exports, module.exports, require, module, __filename, __dirname);`;
}
