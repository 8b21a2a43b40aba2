import { spawnSync } from "node:child_process";
import { X509Certificate } from "node:crypto";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as grpc from "@grpc/grpc-js";
import { afterEach, describe, expect, it } from "vitest";
import { createServerCertificate, type ServerCertificate } from "./auto-mtls.js";
import { HealthCheckResponse_ServingStatus, HealthClient } from "./gen/grpc/health/v1/health.js";
import { ConnInfo, GRPCBrokerClient } from "./gen/plugin/grpc_broker.js";
import { GRPCControllerClient } from "./gen/plugin/grpc_controller.js";
import { GRPCStdioClient } from "./gen/plugin/grpc_stdio.js";
import { terraformMagicCookie } from "./handshake.js";
import { type RunningPlugin, servePlugin } from "./server.js";

const running: RunningPlugin[] = [];
/** A guard against a hang, below the test's own limit (120 s); refusals take milliseconds. */
const REFUSAL_DEADLINE_MS = 60_000;
afterEach(async () => {
  for (const p of running.splice(0)) await p.stop();
});

async function start(clientCert?: ServerCertificate) {
  let line = "";
  const exits: number[] = [];
  const plugin = await servePlugin({
    programName: "test-plugin",
    versions: { 6: [] },
    env: {
      [terraformMagicCookie.key]: terraformMagicCookie.value,
      PLUGIN_PROTOCOL_VERSIONS: "5,6",
      ...(clientCert ? { PLUGIN_CLIENT_CERT: clientCert.certificatePem } : {}),
    },
    writeHandshake: (l) => {
      line = l;
    },
    exit: (code) => exits.push(code),
  });
  running.push(plugin);
  return { plugin, line, exits };
}

function serverPemFromLine(line: string): string {
  const field = line.trimEnd().split("|")[5]!;
  return new X509Certificate(Buffer.from(field, "base64")).toString();
}

describe("servePlugin over AutoMTLS", () => {
  it("announces a unix socket and a certificate for localhost, then answers health checks", async () => {
    const client = createServerCertificate();
    const { plugin, line } = await start(client);
    const fields = line.trimEnd().split("|");
    expect(fields.slice(0, 3)).toEqual(["1", "6", "unix"]);
    expect(fields[3]).toBe(plugin.address);
    expect(existsSync(plugin.address)).toBe(true);
    expect(fields[4]).toBe("grpc");
    expect(fields[5]).not.toMatch(/=/);

    const serverCert = new X509Certificate(Buffer.from(fields[5]!, "base64"));
    expect(serverCert.subjectAltName).toBe("DNS:localhost");
    expect(serverCert.checkHost("localhost")).toBe("localhost");
    expect(serverCert.keyUsage).toContain("1.3.6.1.5.5.7.3.1"); // serverAuth
    expect(serverCert.verify(serverCert.publicKey)).toBe(true);
    expect(new Date(serverCert.validFrom).getTime()).toBeLessThan(Date.now());

    const creds = grpc.credentials.createSsl(
      Buffer.from(serverPemFromLine(line)),
      Buffer.from(client.privateKeyPem),
      Buffer.from(client.certificatePem),
    );
    const health = new HealthClient(`unix://${plugin.address}`, creds);
    const reply = await new Promise((resolve, reject) =>
      health.check({ service: "plugin" }, (err, res) => (err ? reject(err) : resolve(res))),
    );
    expect(reply).toEqual({ status: HealthCheckResponse_ServingStatus.SERVING });
    health.close();
  });

  it("refuses a client that does not hold the certificate from PLUGIN_CLIENT_CERT", async () => {
    const trusted = createServerCertificate();
    const stranger = createServerCertificate();
    const { plugin, line } = await start(trusted);
    const creds = grpc.credentials.createSsl(
      Buffer.from(serverPemFromLine(line)),
      Buffer.from(stranger.privateKeyPem),
      Buffer.from(stranger.certificatePem),
    );
    const health = new HealthClient(`unix://${plugin.address}`, creds);
    // The deadline only bounds a hang: a refusal arrives at once, and a loaded machine must not
    // turn it into DEADLINE_EXCEEDED, hence far more than the usual few milliseconds.
    const err = await new Promise<grpc.ServiceError | null>((resolve) =>
      health.check(
        { service: "plugin" },
        new grpc.Metadata(),
        { deadline: Date.now() + REFUSAL_DEADLINE_MS },
        (e) => resolve(e),
      ),
    );
    expect(err?.code).toBe(grpc.status.UNAVAILABLE);
    health.close();
  });

  it("keeps StreamStdio open and silent, and exits 0 after Shutdown", async () => {
    const client = createServerCertificate();
    const { plugin, line, exits } = await start(client);
    const creds = grpc.credentials.createSsl(
      Buffer.from(serverPemFromLine(line)),
      Buffer.from(client.privateKeyPem),
      Buffer.from(client.certificatePem),
    );
    const stdio = new GRPCStdioClient(`unix://${plugin.address}`, creds);
    const received: unknown[] = [];
    const stream = stdio.streamStdio({});
    stream.on("data", (d) => received.push(d));
    const ended = new Promise<void>((resolve) => {
      stream.on("error", () => resolve());
      stream.on("end", () => resolve());
    });

    const controller = new GRPCControllerClient(`unix://${plugin.address}`, creds);
    await new Promise<void>((resolve, reject) =>
      controller.shutdown({}, (err) => (err ? reject(err) : resolve())),
    );
    await ended;
    await vitestWaitFor(() => exits.length > 0);
    expect(exits).toEqual([0]);
    expect(received).toEqual([]);
    expect(existsSync(plugin.address)).toBe(false);
    stdio.close();
    controller.close();
  });

  it("refuses a plaintext client when the host asked for TLS", async () => {
    const { plugin } = await start(createServerCertificate());
    const health = new HealthClient(`unix://${plugin.address}`, grpc.credentials.createInsecure());
    // As above: a deadline against a hang only, far above the few milliseconds a refusal takes.
    const err = await new Promise<grpc.ServiceError | null>((resolve) =>
      health.check(
        { service: "plugin" },
        new grpc.Metadata(),
        { deadline: Date.now() + REFUSAL_DEADLINE_MS },
        (e) => resolve(e),
      ),
    );
    expect(err?.code).toBe(grpc.status.UNAVAILABLE);
    health.close();
  });

  it("accepts the host's broker stream and sends nothing on it", async () => {
    const { plugin } = await start();
    const broker = new GRPCBrokerClient(`unix://${plugin.address}`, grpc.credentials.createInsecure());
    const stream = broker.startStream();
    const received: unknown[] = [];
    stream.on("data", (d) => received.push(d));
    const ended = new Promise<grpc.ServiceError | undefined>((resolve) => {
      stream.on("error", (e: grpc.ServiceError) => resolve(e));
      stream.on("end", () => resolve(undefined));
    });
    stream.write(ConnInfo.fromPartial({ serviceId: 1, network: "unix", address: "/nowhere" }));
    stream.end();
    // The server ends its side when the host does, without an error (not UNIMPLEMENTED).
    expect(await ended).toBeUndefined();
    expect(received).toEqual([]);
    broker.close();
  });

  it("serves plaintext when the host sends no client certificate", async () => {
    const { plugin, line } = await start();
    expect(line.endsWith("|grpc|\n")).toBe(true);
    const health = new HealthClient(`unix://${plugin.address}`, grpc.credentials.createInsecure());
    const reply = await new Promise((resolve, reject) =>
      health.check({ service: "" }, (err, res) => (err ? reject(err) : resolve(res))),
    );
    expect(reply).toEqual({ status: HealthCheckResponse_ServingStatus.SERVING });
    health.close();
  });
});

describe("bad input from the environment", () => {
  it("refuses a PLUGIN_CLIENT_CERT that is not a certificate, saying which variable", async () => {
    await expect(
      servePlugin({
        programName: "p",
        versions: { 6: [] },
        env: {
          [terraformMagicCookie.key]: terraformMagicCookie.value,
          PLUGIN_CLIENT_CERT: "not a certificate",
        },
        writeHandshake: () => {},
        exit: () => {},
      }),
    ).rejects.toThrowError(/PLUGIN_CLIENT_CERT does not hold a PEM certificate/);
  });

  it("refuses a host that offers no protocol version the plugin serves", async () => {
    const exits: number[] = [];
    await expect(
      servePlugin({
        programName: "p",
        versions: { 6: [] },
        env: { [terraformMagicCookie.key]: terraformMagicCookie.value, PLUGIN_PROTOCOL_VERSIONS: "4" },
        writeHandshake: () => {},
        exit: (code) => exits.push(code),
      }),
    ).rejects.toThrowError(/offers plugin protocol versions 4, but this plugin serves 6/);
    expect(exits).toEqual([1]);
  });
});

describe("run by hand", () => {
  it("prints a sentence for humans and exits 1 without the magic cookie", () => {
    const dist = fileURLToPath(new URL("../dist/index.js", import.meta.url));
    const script = `import(${JSON.stringify(dist)}).then((m) => m.servePlugin({ programName: "terraform-provider-demo", versions: { 6: [] } }))`;
    const env = { ...process.env };
    delete env[terraformMagicCookie.key];
    const res = spawnSync(process.execPath, ["--input-type=module", "-e", script], { env, encoding: "utf8" });
    expect(res.status).toBe(1);
    expect(res.stdout).toBe("");
    expect(res.stderr).toContain(
      "terraform-provider-demo is a plugin for OpenTofu and Terraform, not a program to run directly",
    );
  });
});

async function vitestWaitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((r) => setImmediate(r));
}
