import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type PluginClient, startPluginClient } from "@tsvider/rpcplugin";
import * as pb from "@tsvider/rpcplugin/tfplugin6";
import { build } from "esbuild";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { bundleProvider } from "./bundle.js";
import { launcherSource } from "./launcher.js";

const work = mkdtempSync(join(tmpdir(), "tsvider-launcher-"));

function run(file: string, env: NodeJS.ProcessEnv, args: string[] = []) {
  const res = spawnSync(process.execPath, [file, ...args], {
    env: { ...process.env, ...env },
    encoding: "utf8",
  });
  return { code: res.status, stdout: res.stdout, stderr: res.stderr };
}

describe("the compile-cache launcher", () => {
  const file = join(work, "launcher.cjs");
  writeFileSync(
    file,
    launcherSource({
      source:
        '#!/usr/bin/env node\nmodule.exports = 1; process.stdout.write(require("node:path").basename(__filename) + " " + typeof module.exports + "\\n");',
    }),
  );

  it("runs the code as a CommonJS module, then reuses the compiled code on the next start", () => {
    const cache = mkdtempSync(join(work, "cache-"));
    const env = { XDG_CACHE_HOME: cache, TSVIDER_COMPILE_CACHE: "debug" };
    const first = run(file, env);
    expect(first.stdout).toBe("launcher.cjs number\n");
    expect(first.stderr).toBe("tsvider compile cache: miss\ntsvider compile cache: saved\n");
    const dir = join(cache, "tsvider", "compile-cache");
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const [entry] = readdirSync(dir);
    expect(entry).toMatch(new RegExp(`^[0-9a-f]{20}-${process.version}-${process.arch}\\.bin$`));
    expect(statSync(join(dir, entry!)).mode & 0o777).toBe(0o600);
    const second = run(file, env);
    expect(second.stdout).toBe("launcher.cjs number\n");
    expect(second.stderr).toBe("tsvider compile cache: hit\n");
  });

  it("keeps nothing of its own once the cache is saved, so that its file's text can be collected", () => {
    // The exit listener is the launcher's `save`, which holds the launcher's code, and with it
    // the whole file the launcher was compiled from.
    const saving = join(work, "launcher-saving.cjs");
    writeFileSync(
      saving,
      launcherSource({
        source: `const before = process.listenerCount("exit");
globalThis[Symbol.for("tsvider.compile-cache.save")]();
process.stdout.write(before + " " + process.listenerCount("exit") + " " + typeof globalThis[Symbol.for("tsvider.compile-cache.save")] + "\\n");`,
        readsOwnFile: true,
      }),
    );
    const cache = mkdtempSync(join(work, "cache-"));
    const first = run(saving, { XDG_CACHE_HOME: cache, TSVIDER_COMPILE_CACHE: "debug" });
    expect(first.stderr).toBe("tsvider compile cache: miss\ntsvider compile cache: saved\n");
    expect(first.stdout).toBe("1 0 undefined\n");
  });

  it("recovers from a damaged cache file by compiling afresh and replacing it", () => {
    const cache = mkdtempSync(join(work, "cache-"));
    const env = { XDG_CACHE_HOME: cache, TSVIDER_COMPILE_CACHE: "debug" };
    run(file, env);
    const dir = join(cache, "tsvider", "compile-cache");
    writeFileSync(join(dir, readdirSync(dir)[0]!), "not V8's code cache");
    const damaged = run(file, env);
    expect(damaged.stdout).toBe("launcher.cjs number\n");
    expect(damaged.stderr).toBe("tsvider compile cache: rejected\ntsvider compile cache: saved\n");
    expect(run(file, env).stderr).toBe("tsvider compile cache: hit\n");
  });

  it("never hands V8 a cache file with a changed byte, nor one in the old format without a checksum", () => {
    const cache = mkdtempSync(join(work, "cache-"));
    const env = { XDG_CACHE_HOME: cache, TSVIDER_COMPILE_CACHE: "debug" };
    run(file, env);
    const dir = join(cache, "tsvider", "compile-cache");
    const path = join(dir, readdirSync(dir)[0]!);
    const good = readFileSync(path);
    // One byte of V8's data, past its header: V8 itself would not notice.
    const flipped = Buffer.from(good);
    flipped[flipped.length - 10]! ^= 0xff;
    writeFileSync(path, flipped);
    const damaged = run(file, env);
    expect(damaged.stdout).toBe("launcher.cjs number\n");
    expect(damaged.stderr).toBe("tsvider compile cache: rejected\ntsvider compile cache: saved\n");
    expect(run(file, env).stderr).toBe("tsvider compile cache: hit\n");
    // V8's data alone, as an earlier launcher wrote it.
    writeFileSync(path, good.subarray(32));
    expect(run(file, env).stderr).toBe("tsvider compile cache: rejected\ntsvider compile cache: saved\n");
    expect(run(file, env).stderr).toBe("tsvider compile cache: hit\n");
  });

  it("writes nothing with TSVIDER_COMPILE_CACHE=0", () => {
    const cache = mkdtempSync(join(work, "cache-"));
    expect(run(file, { XDG_CACHE_HOME: cache, TSVIDER_COMPILE_CACHE: "0" }).stdout).toBe(
      "launcher.cjs number\n",
    );
    expect(existsSync(join(cache, "tsvider"))).toBe(false);
  });

  it("reads its code back from the comment at its own end, every comment end of the code intact", () => {
    // The code holds `*/` in a string, a regular expression and a comment of its own, and a
    // line that looks like the launcher's marker: none of it may end the comment early.
    const code = [
      "/* a comment of the code */",
      'const ends = "*/ and */";',
      "const pattern = /a*\\/b/;",
      'const marker = "\\n/*tsvider: the provider\'s code\\n";',
      'process.stdout.write(JSON.stringify([ends, pattern.source, marker.length, require("node:path").basename(__filename)]) + "\\n");',
    ].join("\n");
    const own = join(work, "own-file.cjs");
    const text = launcherSource({ source: code, readsOwnFile: true });
    writeFileSync(own, text);
    expect(text).not.toContain('const source = "'); // the code is in the comment, not a string
    expect(text.endsWith("\n*/\n")).toBe(true);
    const cache = mkdtempSync(join(work, "cache-"));
    const env = { XDG_CACHE_HOME: cache, TSVIDER_COMPILE_CACHE: "debug" };
    const expected = `${JSON.stringify(["*/ and */", "a*\\/b", 32, "own-file.cjs"])}\n`;
    const first = run(own, env);
    expect(first.stderr).toBe("tsvider compile cache: miss\ntsvider compile cache: saved\n");
    expect(first.stdout).toBe(expected);
    // The same code as a string literal compiles to the same cache: it is keyed by the code.
    const literal = join(work, "literal.cjs");
    writeFileSync(literal, launcherSource({ source: code }));
    expect(run(literal, env)).toMatchObject({
      stdout: expected.replace("own-file.cjs", "literal.cjs"),
      stderr: "tsvider compile cache: hit\n",
    });
    expect(run(own, env)).toMatchObject({ stdout: expected, stderr: "tsvider compile cache: hit\n" });
  });

  it("names the file when the code at its end is missing, and keeps code outside ASCII as a string", () => {
    const own = join(work, "emptied.cjs");
    const text = launcherSource({ source: 'process.stdout.write("whole\\n");', readsOwnFile: true });
    // The comment with the code taken out, the file still ending as the launcher wrote it.
    writeFileSync(own, `${text.slice(0, text.indexOf("\n/*tsvider: the provider's code\n"))}\n/*\n*/\n`);
    const emptied = run(own, { TSVIDER_COMPILE_CACHE: "0" });
    expect(emptied.code).not.toBe(0);
    expect(emptied.stderr).toContain(
      `${own} is damaged: the provider's code at its end is missing or cut short; build or install the provider again`,
    );
    // Characters outside ASCII (which esbuild never writes, but other bundlers may) stay in a
    // string literal, where the file's UTF-8 keeps them; so does code holding \x01, and a
    // worker's code.
    const cases = [
      ['process.stdout.write("\u00e9\\n");', "\u00e9\n"],
      ['process.stdout.write("\x01".length + "\\n");', "1\n"],
    ];
    for (const [source, output] of cases) {
      const literal = launcherSource({ source: source!, readsOwnFile: true });
      expect(literal).toContain('const source = "');
      const file = join(work, "literal-kept.cjs");
      writeFileSync(file, literal);
      expect(run(file, { TSVIDER_COMPILE_CACHE: "0" }).stdout).toBe(output);
    }
    expect(launcherSource({ source: "1;", readsOwnFile: true, worker: true })).toContain('const source = "');
  });

  it("runs its preamble first, in the file's own scope", () => {
    const withPreamble = join(work, "preamble.cjs");
    writeFileSync(
      withPreamble,
      launcherSource({
        source: 'process.stdout.write(globalThis.early + "\\n");',
        preamble: "globalThis.early = typeof module;",
      }),
    );
    expect(run(withPreamble, { TSVIDER_COMPILE_CACHE: "0" }).stdout).toBe("object\n");
  });
});

describe("the compile-cache launcher in a worker thread", () => {
  // The worker asks for its cache to be saved (as the control thread does once it has
  // started), then stays: its process ends it, without an exit event in the worker.
  const source =
    'globalThis[Symbol.for("tsvider.compile-cache.save")]?.();\n' +
    'require("node:worker_threads").parentPort.postMessage(typeof module.exports);\n' +
    "setInterval(() => {}, 1000);";
  const host = join(work, "worker-host.cjs");
  writeFileSync(
    host,
    `const { Worker } = require("node:worker_threads");
const worker = new Worker(${JSON.stringify(launcherSource({ source, worker: true }))}, { eval: true, stderr: true });
let answer, reports = "";
const done = () => answer && /(saved|hit)\\n$/.test(reports) && (process.stdout.write(answer + "\\n" + reports), process.exit(0));
worker.on("message", (m) => { answer = m; done(); });
worker.stderr.on("data", (d) => { reports += d; done(); });
`,
  );

  it("runs the code, saves the cache when the code asks, uses it next time, and replaces a damaged one", () => {
    const cache = mkdtempSync(join(work, "cache-"));
    const env = { XDG_CACHE_HOME: cache, TSVIDER_COMPILE_CACHE: "debug" };
    expect(run(host, env).stdout).toBe(
      "object\ntsvider compile cache (worker): miss\ntsvider compile cache (worker): saved\n",
    );
    expect(run(host, env).stdout).toBe("object\ntsvider compile cache (worker): hit\n");
    const dir = join(cache, "tsvider", "compile-cache");
    writeFileSync(join(dir, readdirSync(dir)[0]!), "not V8's code cache");
    expect(run(host, env).stdout).toBe(
      "object\ntsvider compile cache (worker): rejected\ntsvider compile cache (worker): saved\n",
    );
    expect(run(host, env).stdout).toBe("object\ntsvider compile cache (worker): hit\n");
  });
});

describe("bundleProvider", () => {
  it("makes one executable file that runs without the workspace, proto-loader left out", async () => {
    const outfile = join(work, "terraform-provider-fixture_v1.2.3");
    const { bytes } = await bundleProvider({
      entry: fileURLToPath(new URL("../test/fixture-entry.ts", import.meta.url)),
      outfile,
    });
    expect(bytes).toBeGreaterThan(0);
    expect(statSync(outfile).mode & 0o111).not.toBe(0);
    // Run as the host runs it: the file itself (shebang), from a directory with no node_modules.
    const res = spawnSync(outfile, ["a"], {
      cwd: work,
      env: { ...process.env, XDG_CACHE_HOME: work },
      encoding: "utf8",
    });
    expect(res.status).toBe(0);
    expect(JSON.parse(res.stdout)).toEqual({
      sep: "/",
      stub: "a tsvider provider serves no channelz or ORCA service",
      argv: ["a"],
    });
  });
});

describe("bundleProvider and the protocol stubs", () => {
  it("keeps their service definitions and leaves out their gRPC clients, which say so when made", async () => {
    const outfile = join(work, "terraform-provider-stub-client_v1.0.0");
    await bundleProvider({
      entry: fileURLToPath(new URL("../test/stub-client-entry.ts", import.meta.url)),
      outfile,
    });
    const res = run(outfile, { XDG_CACHE_HOME: work });
    expect(res.code).toBe(0);
    expect(res.stdout.split("\n")).toEqual([
      "ProviderClient is left out of a provider bundled by tsvider (a provider serves this protocol, it does not call it); import it in code that runs from its modules, such as tests",
      "/tfplugin6.Provider/GetProviderSchema",
      "",
    ]);
    expect(readFileSync(outfile, "utf8")).not.toContain("makeGenericClientConstructor");
  });
});

describe("bundleProvider, for a plugin served from @tsvider/rpcplugin's control thread", () => {
  const HANG_GUARD_MS = 60_000;
  const outfile = join(work, "terraform-provider-threaded_v1.0.0");
  let plugin: PluginClient | undefined;

  const entry = fileURLToPath(new URL("../test/control-thread-entry.ts", import.meta.url));
  beforeAll(async () => {
    const { warnings } = await bundleProvider({ entry, outfile });
    // rpcplugin's look for the thread's file beside its modules is no concern of the author's.
    expect(warnings).toEqual([]);
  });
  afterEach(async () => {
    await plugin?.close();
    plugin = undefined;
  });

  /**
   * Starts the bundled plugin (with `nodeArgs` for Node before it), reads its schema over
   * tfplugin6, and returns its stderr once `until` is in it, after stopping it.
   */
  async function serve(env: NodeJS.ProcessEnv, until: RegExp, nodeArgs: string[] = []): Promise<string> {
    plugin = await startPluginClient({
      executable: process.execPath,
      args: [...nodeArgs, outfile],
      protocolVersions: [6],
      env: { TF_LOG_PROVIDER: "debug", TSVIDER_COMPILE_CACHE: "debug", ...env },
    });
    const provider = plugin.connect(pb.ProviderClient);
    const schema = await new Promise<pb.GetProviderSchema_Response>((resolve, reject) =>
      provider.getProviderSchema({}, (err, res) => (err ? reject(err) : resolve(res))),
    );
    expect(schema.provider?.version).toBe(7n);
    // A guard against a hang, not a timing: the thread saves its cache after the handshake.
    await vi.waitUntil(() => until.test(plugin!.stderrLines.join("\n")), { timeout: HANG_GUARD_MS });
    const stderr = plugin.stderrLines.join("\n");
    await plugin.close();
    plugin = undefined;
    return stderr;
  }

  it("starts the thread at the top of the file by default, and compiles the thread's code with a code cache of its own", async () => {
    const cache = mkdtempSync(join(work, "cache-"));
    const env = { TSVIDER_CONTROL_THREAD: "", XDG_CACHE_HOME: cache };
    const first = await serve(env, /compile cache \(worker\): saved/);
    expect(first).toContain("serving through the control thread the provider's file started");
    expect(first).toContain("plugin server listening in its control thread");
    expect(first).toContain("tsvider compile cache (worker): miss");
    expect(await serve(env, /compile cache \(worker\): hit/)).toContain(
      "serving through the control thread the provider's file started",
    );
  });

  it("serves all the same from a damaged cache, and replaces it", async () => {
    const cache = mkdtempSync(join(work, "cache-"));
    const env = { TSVIDER_CONTROL_THREAD: "1", XDG_CACHE_HOME: cache };
    await serve(env, /compile cache \(worker\): saved/);
    const dir = join(cache, "tsvider", "compile-cache");
    for (const name of readdirSync(dir)) {
      const damaged = readFileSync(join(dir, name));
      damaged[damaged.length - 10]! ^= 0xff;
      writeFileSync(join(dir, name), damaged);
    }
    expect(await serve(env, /compile cache \(worker\): saved/)).toContain(
      "tsvider compile cache (worker): rejected",
    );
    await serve(env, /compile cache \(worker\): hit/);
  });

  it("ends the thread it started when the plugin serves from the main thread after all", async () => {
    const cache = mkdtempSync(join(work, "cache-"));
    const stderr = await serve(
      { TSVIDER_CONTROL_THREAD: "1", FIXTURE_MAIN_THREAD: "1", XDG_CACHE_HOME: cache },
      /plugin server listening/,
    );
    expect(stderr).not.toContain("in its control thread");
    expect(stderr).not.toContain("the provider's file started");
  });

  it("loads neither grpc-js nor Node's http2, tls, zlib or dns on the main thread, for which the control thread serves", async () => {
    // What the main thread loaded, written as it exits (after Shutdown) by a preloaded script.
    const report = join(work, "main-thread-modules.json");
    const hook = join(work, "report-main-thread-modules.cjs");
    writeFileSync(
      hook,
      `if (require("node:worker_threads").isMainThread) process.on("exit", () => require("node:fs").writeFileSync(${JSON.stringify(report)}, JSON.stringify(process.moduleLoadList)));`,
    );
    await serve(
      { TSVIDER_CONTROL_THREAD: "1", XDG_CACHE_HOME: mkdtempSync(join(work, "cache-")) },
      /plugin server listening in its control thread/,
      ["--require", hook],
    );
    const loaded = JSON.parse(readFileSync(report, "utf8")) as string[];
    // The report is the main thread's: it started the worker.
    expect(loaded).toContain("NativeModule worker_threads");
    expect(
      loaded.filter((name) => /^NativeModule (http2|tls|_tls_wrap|zlib|dns|https?)$/.test(name)),
    ).toEqual([]);
  });

  it("serves from the main thread when TSVIDER_CONTROL_THREAD=0", async () => {
    const stderr = await serve(
      { TSVIDER_CONTROL_THREAD: "0", XDG_CACHE_HOME: mkdtempSync(join(work, "cache-")) },
      /plugin server listening/,
    );
    expect(stderr).not.toContain("in its control thread");
  });

  describe("bundled by other means than tsvider build, without the thread's code", () => {
    const plainBundle = join(work, "plain-bundle.cjs");
    beforeAll(async () => {
      await build({
        entryPoints: [entry],
        bundle: true,
        platform: "node",
        format: "cjs",
        outfile: plainBundle,
        logLevel: "silent",
      });
    });

    it("serves from the main thread by default, and says why in its log", async () => {
      plugin = await startPluginClient({
        executable: process.execPath,
        args: [plainBundle],
        protocolVersions: [6],
        env: { TF_LOG_PROVIDER: "debug" },
      });
      const schema = await new Promise<pb.GetProviderSchema_Response>((resolve, reject) =>
        plugin!
          .connect(pb.ProviderClient)
          .getProviderSchema({}, (err, res) => (err ? reject(err) : resolve(res))),
      );
      expect(schema.provider?.version).toBe(7n);
      const stderr = plugin.stderrLines.join("\n");
      expect(stderr).toContain("serving from the main thread: its code is neither in this bundle");
      expect(stderr).not.toContain("in its control thread");
    });

    it("refuses to start when a control thread was asked for, saying why and what to do", () => {
      const res = run(plainBundle, {
        TSVIDER_CONTROL_THREAD: "1",
        TF_PLUGIN_MAGIC_COOKIE: "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2",
        PLUGIN_PROTOCOL_VERSIONS: "6",
      });
      expect(res.code).toBe(1);
      expect(res.stdout).toBe("");
      expect(res.stderr).toContain(
        "control-thread-fixture: serving from a control thread was asked for (TSVIDER_CONTROL_THREAD), but its code is neither in this bundle",
      );
      expect(res.stderr).toContain(
        "Serve from the main thread (controlThread: false or TSVIDER_CONTROL_THREAD=0)",
      );
    });

    it("refuses a TSVIDER_CONTROL_THREAD it cannot read", () => {
      const res = run(plainBundle, {
        TSVIDER_CONTROL_THREAD: "sometimes",
        TF_PLUGIN_MAGIC_COOKIE: "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2",
        PLUGIN_PROTOCOL_VERSIONS: "6",
      });
      expect(res.code).toBe(1);
      expect(res.stderr).toContain(
        'TSVIDER_CONTROL_THREAD="sometimes" is neither on (1, true, on, yes) nor off (0, false, off, no)',
      );
    });
  });
});
