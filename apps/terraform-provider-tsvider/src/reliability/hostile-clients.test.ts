// Hostile clients: the reference provider started as a host starts it, by hand here so the
// test holds the host's side (the trusted client certificate it sent, the server certificate
// and socket the handshake line announced). Everyone else who reaches the socket must be
// refused before any RPC runs: a client without TLS, one with TLS but no client certificate,
// one with a client certificate the provider never saw, random bytes and an HTTP/1.1 request.
// Then the host's own client must still be served, by the same process, which must not have
// crashed on the way.
import { type ChildProcess, spawn } from "node:child_process";
import { X509Certificate } from "node:crypto";
import { connect } from "node:net";
import { fileURLToPath } from "node:url";
import * as grpc from "@grpc/grpc-js";
import { createServerCertificate, parseHandshakeLine, type ServerCertificate } from "@tsvider/rpcplugin";
import {
  GetProviderSchema_Request,
  type GetProviderSchema_Response,
  ProviderClient,
  ProviderService,
} from "@tsvider/rpcplugin/tfplugin6";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { record } from "./counts.test-support.js";
import { isAlive, seededRandom } from "./processes.test-support.js";

const referenceProvider = fileURLToPath(
  new URL("../../dist/terraform-provider-tsvider.cjs", import.meta.url),
);

// The values a host sends, written out rather than taken from @tsvider/rpcplugin's constants:
// they are Terraform's contract, and the provider must answer to them, not to our own copy.
const MAGIC_COOKIE_KEY = "TF_PLUGIN_MAGIC_COOKIE";
const MAGIC_COOKIE_VALUE = "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2";

/** A guard against a hang on a loaded machine, not a timing: every wait below ends far sooner. */
const HANG_GUARD_MS = 60_000;
const ATTEMPTS_PER_KIND = 5;

const GET_PROVIDER_SCHEMA = ProviderService.getProviderSchema.path;
const SHUTDOWN = "/plugin.GRPCController/Shutdown";
const asBytes = (b: Buffer) => b;
const getProviderSchemaRequest = Buffer.from(GetProviderSchema_Request.encode({}).finish());

interface StartedProvider {
  readonly child: ChildProcess;
  readonly pid: number;
  readonly network: "unix" | "tcp";
  readonly address: string;
  readonly target: string;
  readonly serverCertificatePem: string;
  readonly stderr: string[];
  readonly exited: Promise<number | null>;
}

/** Starts the provider as go-plugin's client does and reads its handshake line. */
async function startAsHost(trusted: ServerCertificate): Promise<StartedProvider> {
  // A provider started with TSVIDER_DEBUG would wait for a debugger instead of handshaking.
  const { TSVIDER_DEBUG: _debug, ...inherited } = process.env;
  const child = spawn(process.execPath, [referenceProvider], {
    env: {
      ...inherited,
      [MAGIC_COOKIE_KEY]: MAGIC_COOKIE_VALUE,
      PLUGIN_PROTOCOL_VERSIONS: "6",
      PLUGIN_MIN_PORT: "10000",
      PLUGIN_MAX_PORT: "25000",
      PLUGIN_CLIENT_CERT: trusted.certificatePem,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const stderr: string[] = [];
  child.stderr!.setEncoding("utf8");
  child.stderr!.on("data", (text: string) => stderr.push(text));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const line = await new Promise<string>((resolve, reject) => {
    let buffered = "";
    let sawLine = false;
    const guard = setTimeout(() => reject(new Error("no handshake line (hang guard)")), HANG_GUARD_MS);
    child.stdout!.setEncoding("utf8");
    // Read on after the first line too, so that output after the handshake cannot fill the pipe.
    child.stdout!.on("data", (text: string) => {
      if (sawLine) return;
      buffered += text;
      const end = buffered.indexOf("\n");
      if (end >= 0) {
        sawLine = true;
        clearTimeout(guard);
        resolve(buffered.slice(0, end));
      }
    });
    void exited.then((code) => {
      clearTimeout(guard);
      reject(new Error(`the provider exited (${code}) before its handshake line:\n${stderr.join("")}`));
    });
  });
  const handshake = parseHandshakeLine(line, [6], true);
  expect(handshake.protocolVersion).toBe(6);
  expect(handshake.certificateDer).toBeDefined();
  return {
    child,
    pid: child.pid!,
    network: handshake.network,
    address: handshake.address,
    target: handshake.network === "unix" ? `unix://${handshake.address}` : handshake.address,
    serverCertificatePem: new X509Certificate(handshake.certificateDer!).toString(),
    stderr,
    exited,
  };
}

const channelOptions: Partial<grpc.ClientOptions> = {
  // The provider's certificate names localhost, whatever the socket is.
  "grpc.ssl_target_name_override": "localhost",
  "grpc.default_authority": "localhost",
  // Otherwise grpc-js shares one connection (and its back-off after a failure) between the
  // channels of equal credentials, and an attempt could fail without reaching the provider.
  "grpc.use_local_subchannel_pool": 1,
};

/** One raw unary call on a channel of its own, so each attempt makes a fresh connection. */
function unaryOnNewChannel(
  target: string,
  credentials: grpc.ChannelCredentials,
  path: string,
  request: Buffer,
): Promise<{ err: grpc.ServiceError | null; response: Buffer | undefined }> {
  const client = new grpc.Client(target, credentials, channelOptions);
  return new Promise((resolve) => {
    client.makeUnaryRequest(
      path,
      asBytes,
      asBytes,
      request,
      new grpc.Metadata(),
      // The deadline is the hang guard: a refusal comes at once.
      { deadline: Date.now() + HANG_GUARD_MS },
      (err: grpc.ServiceError | null, response?: Buffer) => {
        client.close();
        resolve({ err, response });
      },
    );
  });
}

interface RawExchange {
  /** The provider closed (or reset) the connection; we never end it ourselves. */
  readonly closedByProvider: boolean;
  readonly received: Buffer;
}

/** Writes bytes to the provider's socket and waits for the provider to hang up. */
function writeRaw(provider: StartedProvider, bytes: Buffer): Promise<RawExchange> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket =
      provider.network === "unix"
        ? connect({ path: provider.address })
        : connect({
            host: provider.address.slice(0, provider.address.lastIndexOf(":")),
            port: Number(provider.address.slice(provider.address.lastIndexOf(":") + 1)),
          });
    const guard = setTimeout(() => {
      socket.destroy();
      resolve({ closedByProvider: false, received: Buffer.concat(chunks) });
    }, HANG_GUARD_MS);
    socket.on("connect", () => socket.write(bytes));
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    // A reset is a hang-up too; "close" follows it.
    socket.on("error", () => {});
    socket.on("close", () => {
      clearTimeout(guard);
      resolve({ closedByProvider: true, received: Buffer.concat(chunks) });
    });
  });
}

/**
 * Whether bytes from the provider hold anything but TLS alerts: the provider speaks TLS, so
 * an answer to the request (HTTP/2, gRPC, or an HTTP/1.1 error page) would come as some other
 * record, or as plain text.
 */
function holdsMoreThanTlsAlerts(received: Buffer): boolean {
  const TLS_ALERT = 0x15;
  let at = 0;
  while (at < received.length) {
    if (received[at] !== TLS_ALERT || at + 5 > received.length) return true;
    at += 5 + received.readUInt16BE(at + 3);
  }
  return at !== received.length;
}

let provider: StartedProvider;
let trusted: ServerCertificate;
beforeAll(async () => {
  trusted = createServerCertificate();
  provider = await startAsHost(trusted);
});
afterAll(async () => {
  // Only when the test failed before its own shutdown.
  if (provider?.child.exitCode === null && provider.child.signalCode === null) {
    provider.child.kill("SIGKILL");
    await provider.exited;
  }
});

describe("clients the reference provider must refuse", () => {
  it("refuses plaintext, TLS without or with a foreign client certificate, random bytes and HTTP/1.1, and still serves its host", async () => {
    const serverCertificate = Buffer.from(provider.serverCertificatePem);
    const random = seededRandom(0x7e57);
    let attempts = 0;
    let refused = 0;

    // A gRPC client that must get no answer: the call fails as the connection is refused.
    const refusedCall = async (kind: string, credentials: () => grpc.ChannelCredentials) => {
      for (let i = 0; i < ATTEMPTS_PER_KIND; i++) {
        attempts++;
        const { err, response } = await unaryOnNewChannel(
          provider.target,
          credentials(),
          GET_PROVIDER_SCHEMA,
          getProviderSchemaRequest,
        );
        expect(response, `${kind} #${i + 1} got a schema`).toBeUndefined();
        // UNAVAILABLE: the connection failed. DEADLINE_EXCEEDED (the hang guard) would not do.
        expect(err?.code, `${kind} #${i + 1}: ${err?.details}`).toBe(grpc.status.UNAVAILABLE);
        refused++;
      }
    };
    await refusedCall("a plaintext client", () => grpc.credentials.createInsecure());
    await refusedCall("a TLS client without a client certificate", () =>
      grpc.credentials.createSsl(serverCertificate),
    );
    await refusedCall("a TLS client with a client certificate the provider never saw", () => {
      // A certificate of the same profile as the trusted one, only not the one the host sent.
      const stranger = createServerCertificate();
      return grpc.credentials.createSsl(
        serverCertificate,
        Buffer.from(stranger.privateKeyPem),
        Buffer.from(stranger.certificatePem),
      );
    });

    // Bytes that are no client at all: the provider must hang up without answering.
    const refusedBytes = async (kind: string, bytes: () => Buffer) => {
      for (let i = 0; i < ATTEMPTS_PER_KIND; i++) {
        attempts++;
        const sent = bytes();
        const { closedByProvider, received } = await writeRaw(provider, sent);
        const replay = `${kind} #${i + 1} (${sent.toString("hex")})`;
        expect(closedByProvider, `${replay}: the provider kept the connection open`).toBe(true);
        expect(holdsMoreThanTlsAlerts(received), `${replay}: got ${received.toString("hex")}`).toBe(false);
        refused++;
      }
    };
    await refusedBytes("random bytes", () => {
      const length = 1 + (random() % 300);
      return Buffer.from(Array.from({ length }, () => random() & 0xff));
    });
    await refusedBytes("an HTTP/1.1 request", () => {
      // The gRPC call as an HTTP/1.1 body: the length-prefixed message, uncompressed.
      const frame = Buffer.alloc(5 + getProviderSchemaRequest.length);
      frame.writeUInt32BE(getProviderSchemaRequest.length, 1);
      getProviderSchemaRequest.copy(frame, 5);
      const head =
        `POST ${GET_PROVIDER_SCHEMA} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/grpc\r\n` +
        `TE: trailers\r\nContent-Length: ${frame.length}\r\n\r\n`;
      return Buffer.concat([Buffer.from(head), frame]);
    });

    // The host's own client, after all of that, from the same process.
    const trustedCredentials = grpc.credentials.createSsl(
      serverCertificate,
      Buffer.from(trusted.privateKeyPem),
      Buffer.from(trusted.certificatePem),
    );
    const host = new ProviderClient(provider.target, trustedCredentials, channelOptions);
    const schema = await new Promise<GetProviderSchema_Response>((resolve, reject) =>
      host.getProviderSchema({}, (err, res) => (err ? reject(err) : resolve(res))),
    );
    host.close();
    expect(Object.keys(schema.resourceSchemas)).toContain("tsvider_file_content");
    expect(isAlive(provider.pid)).toBe(true);
    expect(provider.stderr.join("")).not.toContain("panic:");

    record("hostile clients", { attempts, refused, "trusted client served": 1 });

    // Stopped as a host stops it: GRPCController.Shutdown, then the process ends by itself.
    const shutdown = await unaryOnNewChannel(provider.target, trustedCredentials, SHUTDOWN, Buffer.alloc(0));
    expect(shutdown.err).toBeNull();
    expect(await provider.exited).toBe(0);
  });
});
