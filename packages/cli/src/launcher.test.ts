import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
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
