import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as grpc from "@grpc/grpc-js";
import { afterEach, describe, expect, it } from "vitest";
import { HealthCheckResponse_ServingStatus, HealthClient } from "./gen/grpc/health/v1/health.js";
import { terraformMagicCookie } from "./handshake.js";
import { groupId, portRange } from "./listener.js";
import { type RunningPlugin, type ServePluginOptions, servePlugin } from "./server.js";

const running: RunningPlugin[] = [];
afterEach(async () => {
  for (const p of running.splice(0)) await p.stop();
});

async function start(env: NodeJS.ProcessEnv, options: Partial<ServePluginOptions> = {}) {
  const plugin = await servePlugin({
    programName: "p",
    versions: { 6: [] },
    env: { [terraformMagicCookie.key]: terraformMagicCookie.value, PLUGIN_PROTOCOL_VERSIONS: "6", ...env },
    writeHandshake: () => {},
    exit: () => {},
    ...options,
  });
  running.push(plugin);
  return plugin;
}

async function ping(target: string): Promise<unknown> {
  const health = new HealthClient(target, grpc.credentials.createInsecure());
  try {
    return await new Promise((resolve, reject) =>
      health.check({ service: "plugin" }, (err, res) => (err ? reject(err) : resolve(res))),
    );
  } finally {
    health.close();
  }
}

describe("unix sockets", () => {
  it("puts the socket in PLUGIN_UNIX_SOCKET_DIR", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sockets-"));
    const plugin = await start({ PLUGIN_UNIX_SOCKET_DIR: dir });
    expect(plugin.address.startsWith(`${dir}/plugin`)).toBe(true);
    expect(await ping(`unix://${plugin.address}`)).toEqual({
      status: HealthCheckResponse_ServingStatus.SERVING,
    });
  });

  it("gives the socket to PLUGIN_UNIX_SOCKET_GROUP, by number or by name, with mode 0660", async () => {
    const gid = process.getgid!();
    const byNumber = await start({ PLUGIN_UNIX_SOCKET_GROUP: String(gid) });
    expect(statSync(byNumber.address).gid).toBe(gid);
    expect(statSync(byNumber.address).mode & 0o777).toBe(0o660);
    const name = groupName(gid);
    if (name) {
      const byName = await start({ PLUGIN_UNIX_SOCKET_GROUP: name });
      expect(statSync(byName.address).gid).toBe(gid);
    }
  });

  it("names a group the system does not have", async () => {
    await expect(start({ PLUGIN_UNIX_SOCKET_GROUP: "no-such-group-xyz" })).rejects.toThrowError(
      /PLUGIN_UNIX_SOCKET_GROUP: there is no group named "no-such-group-xyz"/,
    );
    expect(() => groupId("no-such-group-xyz")).toThrowError(/give an existing group's name or number/);
  });

  it("says which variable named a directory it cannot use", async () => {
    await expect(start({ PLUGIN_UNIX_SOCKET_DIR: "/nonexistent/dir" })).rejects.toThrowError(
      /cannot listen on unix socket \/nonexistent\/dir\/plugin\w+: .*PLUGIN_UNIX_SOCKET_DIR/,
    );
  });
});

describe("TCP", () => {
  it("listens on 127.0.0.1 at a port the OS picks when the range is 0..0", async () => {
    const plugin = await start({}, { transport: "tcp" });
    expect(plugin.network).toBe("tcp");
    expect(plugin.address).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(await ping(plugin.address)).toEqual({ status: HealthCheckResponse_ServingStatus.SERVING });
  });

  it("skips a taken port in PLUGIN_MIN_PORT..PLUGIN_MAX_PORT", async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const taken = (blocker.address() as { port: number }).port;
    try {
      const plugin = await start(
        { PLUGIN_MIN_PORT: String(taken), PLUGIN_MAX_PORT: String(taken + 20) },
        { transport: "tcp" },
      );
      const port = Number(plugin.address.split(":")[1]);
      expect(port).toBeGreaterThan(taken);
      expect(port).toBeLessThanOrEqual(taken + 20);
    } finally {
      blocker.close();
    }
  });

  it("refuses an empty or unreadable range, naming the variables", () => {
    expect(() => portRange({ PLUGIN_MIN_PORT: "20", PLUGIN_MAX_PORT: "10" })).toThrowError(
      "PLUGIN_MIN_PORT (20) is greater than PLUGIN_MAX_PORT (10); the range is empty",
    );
    expect(() => portRange({ PLUGIN_MIN_PORT: "x" })).toThrowError(
      /PLUGIN_MIN_PORT is "x", which is not a port/,
    );
    expect(portRange({})).toEqual({ min: 0, max: 0 });
  });
});

describe("debug mode", () => {
  it("needs no cookie, serves the newest version without TLS, and gives the reattach JSON", async () => {
    let printed = "";
    const plugin = await servePlugin({
      programName: "terraform-provider-x",
      reattachAddresses: ["registry.terraform.io/acme/x"],
      versions: { 5: [], 6: [] },
      debug: true,
      env: { PLUGIN_CLIENT_CERT: "ignored in debug mode" },
      writeHandshake: (text) => {
        printed = text;
      },
      exit: () => {},
    });
    running.push(plugin);
    expect(plugin.protocolVersion).toBe(6);
    const config = JSON.parse(plugin.reattach!)["registry.terraform.io/acme/x"];
    expect(config).toEqual({
      Protocol: "grpc",
      ProtocolVersion: 6,
      Pid: process.pid,
      Test: true,
      Addr: { Network: "unix", String: plugin.address },
    });
    expect(printed).toContain(`export TF_REATTACH_PROVIDERS='${plugin.reattach}'`);
    expect(await ping(`unix://${plugin.address}`)).toEqual({
      status: HealthCheckResponse_ServingStatus.SERVING,
    });
  });
});

function groupName(gid: number): string | undefined {
  try {
    const text = readFileSync("/etc/group", "utf8");
    return text
      .split("\n")
      .map((l) => l.split(":"))
      .find((f) => f[2] === String(gid))?.[0];
  } catch {
    return undefined;
  }
}
