// A project that depends on @tsvider/rpcplugin alone (and @grpc/grpc-js, for its service's
// types and status codes), installed from the registry with npm: a go-plugin plugin serving a
// key-value gRPC service of its own behind its own magic cookie. hashicorp/go-plugin's client
// (the goplugin oracle) launches it with AutoMTLS and calls the service over the connection
// go-plugin hands over, with JSON messages, so neither side has generated code.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preparedOracle } from "../scripts/prepare.mjs";
import {
  fixtureFiles,
  newProject,
  npm,
  publishedVersions,
  registryUrl,
  removeProjects,
  run,
} from "./support.js";

const fixture = fileURLToPath(new URL("../fixtures/rpcplugin-only/", import.meta.url));

/** The fixture's cookie (src/plugin.ts): go-plugin's client must present it. */
const COOKIE = "KV_PLUGIN_MAGIC_COOKIE=a3f1c0de-kv-plugin-of-the-rpcplugin-only-project";

interface Call {
  method: string;
  request?: unknown;
  serverStream?: boolean;
}

interface CallResult {
  method: string;
  response?: unknown;
  responses?: unknown[];
  code?: string;
  message?: string;
}

interface Report {
  version: number;
  network?: string;
  ping: boolean;
  graceful: boolean;
  exited: boolean;
  error?: string;
  calls?: CallResult[];
  logs: Record<string, unknown>[];
}

let project: string;
let oracle: string;
beforeAll(async () => {
  oracle = preparedOracle();
  project = await newProject("rpcplugin-only", fixtureFiles(fixture));
});
afterAll(removeProjects);

/** go-plugin's client launching the built plugin, offering `versions`, and making `calls`. */
async function callPlugin(calls: Call[], flags: string[] = [], env: NodeJS.ProcessEnv = {}): Promise<Report> {
  const { stdout } = await run(
    oracle,
    [
      "call",
      "-cookie",
      COOKIE,
      ...flags,
      "-calls",
      JSON.stringify(calls),
      "--",
      process.execPath,
      "dist/plugin.js",
    ],
    { cwd: project, env },
  );
  return JSON.parse(stdout) as Report;
}

const kv = (method: string) => `/kv.v1.KeyValue/${method}`;

describe("a go-plugin plugin on @tsvider/rpcplugin alone", () => {
  // The build checks the published declarations in full (no skipLibCheck); only TypeScript's
  // own lib.*.d.ts are skipped (skipDefaultLibCheck in the fixture's tsconfig).
  it("installs from the registry with npm and builds with tsc against the published declarations", async () => {
    await npm(project, ["install"]);
    const lock = JSON.parse(readFileSync(join(project, "package-lock.json"), "utf8"));
    const installed = lock.packages["node_modules/@tsvider/rpcplugin"];
    expect(installed.version).toBe(publishedVersions()["@tsvider/rpcplugin"]);
    expect(installed.resolved.startsWith(registryUrl())).toBe(true);
    await npm(project, ["run", "build"]);
  });

  it("has no other @tsvider package installed, and one copy of @grpc/grpc-js (npm ls)", async () => {
    const { stdout } = await npm(project, ["ls", "--all", "--parseable", "--long"]);
    // One line per installed package: path:name@version[:...].
    const packages = stdout
      .split("\n")
      .map((line) => line.split(":")[1] ?? "")
      .filter((id) => id !== "");
    expect(packages.filter((id) => id.startsWith("@tsvider/") || id.startsWith("tsvider@"))).toEqual([
      `@tsvider/rpcplugin@${publishedVersions()["@tsvider/rpcplugin"]}`,
    ]);
    // The service's definitions and rpcplugin's server share one grpc-js.
    expect(readdirSync(join(project, "node_modules", "@tsvider"))).toEqual(["rpcplugin"]);
    expect(new Set(packages.filter((id) => id.startsWith("@grpc/grpc-js@"))).size).toBe(1);
  });

  it("is launched by go-plugin's client over AutoMTLS, answers its key-value calls, and stops on Shutdown", async () => {
    const r = await callPlugin(
      [
        { method: kv("Put"), request: { key: "a", value: "1" } },
        { method: kv("Put"), request: { key: "a", value: "2" } },
        { method: kv("Put"), request: { key: "b", value: "3" } },
        { method: kv("Get"), request: { key: "a" } },
        { method: kv("Get"), request: { key: "zz" } },
        { method: kv("List"), request: {}, serverStream: true },
        { method: kv("List"), request: { prefix: "b" }, serverStream: true },
        { method: kv("Delete"), request: { key: "a" } },
      ],
      ["-versions", "1"],
      // The plugin's log line (stderr, hclog JSON) reaches the host only at TF_LOG's level.
      { TF_LOG: "info" },
    );
    expect(r.error).toBeUndefined();
    expect(r).toMatchObject({ version: 1, network: "unix", ping: true, exited: true, graceful: true });
    expect(r.calls).toEqual([
      { method: kv("Put"), response: { previous: null } },
      { method: kv("Put"), response: { previous: "1" } },
      { method: kv("Put"), response: { previous: null } },
      { method: kv("Get"), response: { value: "2" } },
      { method: kv("Get"), code: "NotFound", message: 'no key "zz"' },
      {
        method: kv("List"),
        responses: [
          { key: "a", value: "2" },
          { key: "b", value: "3" },
        ],
      },
      { method: kv("List"), responses: [{ key: "b", value: "3" }] },
      {
        method: kv("Delete"),
        code: "Unimplemented",
        message: expect.stringContaining("/kv.v1.KeyValue/Delete"),
      },
    ]);
    // AutoMTLS both ways: the host sent its certificate, and our handshake line carried ours.
    const serving = r.logs.find((l) => l["@message"] === "kv plugin serving");
    expect(serving).toMatchObject({
      "@module": "kv",
      version: 1,
      hostCertificate: true,
      serverCertificate: true,
    });
  });

  it("is refused by a host that offers only app protocol versions it does not serve", async () => {
    const r = await callPlugin([{ method: kv("Get"), request: { key: "a" } }], ["-versions", "2"]);
    expect(r.ping).toBe(false);
    expect(r.calls).toBeUndefined();
    expect(r.error).toMatch(/Unrecognized remote plugin message/);
    // Our refusal reached the host through stderr: what it offered and what we serve.
    const messages = r.logs.map((l) => String(l["@message"]));
    expect(messages).toContainEqual(
      expect.stringContaining(
        "kv-plugin: the host offers plugin protocol versions 2, but this plugin serves 1",
      ),
    );
  });
});
