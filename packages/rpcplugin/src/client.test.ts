import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { type PluginClient, parseHandshakeLine, startPluginClient } from "./client.js";
import { HealthCheckResponse_ServingStatus, HealthClient } from "./gen/grpc/health/v1/health.js";

// The fixture runs the package's build (dist), as a real plugin process would.
const fixture = fileURLToPath(new URL("../test/fixture-plugin.mjs", import.meta.url));

const open: PluginClient[] = [];
afterEach(async () => {
  for (const client of open.splice(0)) await client.close();
});

async function start(env: NodeJS.ProcessEnv = {}, protocolVersions: readonly number[] = [6, 5]) {
  const client = await startPluginClient({
    executable: process.execPath,
    args: [fixture],
    env,
    protocolVersions,
  });
  open.push(client);
  return client;
}

function health(client: PluginClient): Promise<number> {
  const stub = client.connect(HealthClient);
  return new Promise((resolve, reject) =>
    stub.check({ service: "plugin" }, (err, res) => (err ? reject(err) : resolve(res.status))),
  );
}

function exitedPid(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
}

describe("startPluginClient", () => {
  it("starts a plugin over a unix socket with AutoMTLS, negotiates the highest version, and stops it", async () => {
    const client = await start({ TF_LOG: "INFO" });
    expect(client.protocolVersion).toBe(6);
    expect(client.network).toBe("unix");
    expect(existsSync(client.address)).toBe(true);
    expect(await health(client)).toBe(HealthCheckResponse_ServingStatus.SERVING);
    await client.close();
    expect(exitedPid(client.pid)).toBe(true);
    expect(existsSync(client.address)).toBe(false);
    // What the plugin logged, and what it printed on stdout after the handshake, is kept.
    expect(client.stderrLines.some((l) => l.includes("fixture ready"))).toBe(true);
    expect(client.stderrLines).toContain("stray output");
  });

  it("connects over TCP within go-plugin's port range and takes the version offered", async () => {
    const client = await start({ FIXTURE_TRANSPORT: "tcp" }, [5]);
    expect(client.protocolVersion).toBe(5);
    expect(client.network).toBe("tcp");
    const port = Number(client.address.split(":")[1]);
    expect(port).toBeGreaterThanOrEqual(10000);
    expect(port).toBeLessThanOrEqual(25000);
    expect(await health(client)).toBe(HealthCheckResponse_ServingStatus.SERVING);
  });

  it("explains an executable that is not a plugin", async () => {
    await expect(
      startPluginClient({
        executable: process.execPath,
        args: ["-e", 'console.log("hello from a script"); console.error("a note on stderr")'],
        protocolVersions: [6, 5],
      }),
    ).rejects.toThrow(
      /printed "hello from a script" instead of a go-plugin handshake line[\s\S]*a note on stderr/,
    );
  });

  it("names the exit status and the stderr tail when the plugin exits without a handshake", async () => {
    await expect(
      startPluginClient({
        executable: process.execPath,
        args: ["-e", 'console.error("cannot read config"); process.exit(3)'],
        protocolVersions: [6, 5],
      }),
    ).rejects.toThrow(
      /exited \(status 3\) before printing its go-plugin handshake line[\s\S]*cannot read config/,
    );
  });

  it("gives up on a plugin that never handshakes, and kills it", async () => {
    // A deadline that is the behaviour: startTimeoutMs (300 ms) is honoured, not the 60 s
    // default. The bound sits between the two, 100 times the 300 ms asked for, so a loaded
    // machine meets it while a client that ignored the option still fails.
    const started = Date.now();
    await expect(
      startPluginClient({
        executable: process.execPath,
        args: ["-e", "setInterval(() => {}, 1000)"],
        protocolVersions: [6, 5],
        startTimeoutMs: 300,
      }),
    ).rejects.toThrow(/did not print its go-plugin handshake line within 0 s/);
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it("reports the plugin's own refusal when no offered version is served", async () => {
    await expect(start({}, [4])).rejects.toThrow(
      /exited \(status 1\)[\s\S]*offers plugin protocol versions 4, but this plugin serves 6, 5/,
    );
  });

  it("refuses a handshake naming a version it did not offer, or another core protocol", () => {
    expect(() => parseHandshakeLine("1|9|unix|/tmp/p|grpc|", [6, 5], false)).toThrow(
      /chose plugin protocol version 9, which was not offered \(offered: 6, 5\)/,
    );
    expect(() => parseHandshakeLine("2|6|unix|/tmp/p|grpc|", [6, 5], false)).toThrow(/core protocol 2/);
    expect(() => parseHandshakeLine("1|6|unix|/tmp/p|grpc|", [6, 5], true)).toThrow(
      /without a TLS certificate/,
    );
    expect(() => parseHandshakeLine("1|6|unix|/tmp/p|netrpc", [6], false)).toThrow(/only grpc/);
  });

  it("explains a missing executable", async () => {
    await expect(
      startPluginClient({ executable: "/nonexistent/terraform-provider-x", protocolVersions: [6] }),
    ).rejects.toThrow(/could not be started: spawn \/nonexistent\/terraform-provider-x ENOENT/);
  });

  it("stops a starting plugin when the signal fires", async () => {
    const controller = new AbortController();
    const starting = startPluginClient({
      executable: process.execPath,
      args: ["-e", "setInterval(() => {}, 1000)"],
      protocolVersions: [6],
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(new Error("interrupted")), 100);
    await expect(starting).rejects.toThrow("interrupted");
  });
});
