// The control thread's gRPC server (wire-server.ts), in-process: called by grpc-js's client as
// a real gRPC peer for what a host does, and by hand over node:http2 for what a hostile or
// broken client sends (bad framing, oversized or compressed messages, wrong methods and
// content types, deadlines, resets). Every bad request gets an error status, and the server
// keeps serving. Waits are guards against a hang, not timings.
import { X509Certificate } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import * as http2 from "node:http2";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as tls from "node:tls";
import * as grpc from "@grpc/grpc-js";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createServerCertificate, type ServerCertificate } from "../auto-mtls.js";
import { createLogger } from "../log.js";
import { GrpcStatus } from "./grpc-status.js";
import {
  createWireServer,
  deadlineMs,
  encodeGrpcMessage,
  hostCertificateCheck,
  type WireCall,
  type WireServer,
} from "./wire-server.js";

const HANG_GUARD_MS = 60_000;
const MAX = 1024;
const silent = createLogger({ module: "test", write: () => {} });

let dir: string;
let socket: string;
let server: WireServer;
/** Calls to /t.S/Hang, which never answers, and whether each heard that it was cancelled. */
const hanging: { call: WireCall; cancelled: boolean }[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "tsvider-wire-"));
  socket = join(dir, "plugin.sock");
  server = createWireServer({ maxMessageBytes: MAX, log: silent });
  const unary = { requestStream: false, responseStream: false };
  server.add({ path: "/t.S/Echo", ...unary, handle: (call) => call.reply(call.request!) });
  server.add({
    path: "/t.S/Fail",
    ...unary,
    handle: (call) => call.fail(GrpcStatus.NOT_FOUND, "no such thing: 100% missing, ünïcode"),
  });
  server.add({
    path: "/t.S/Hang",
    ...unary,
    handle(call) {
      const entry = { call, cancelled: false };
      hanging.push(entry);
      call.onCancelled(() => {
        entry.cancelled = true;
      });
    },
  });
  server.add({
    path: "/t.S/Count",
    requestStream: false,
    responseStream: true,
    handle(call) {
      for (let i = 1; i <= call.request![0]!; i++) call.write(Uint8Array.of(i));
      call.end();
    },
  });
  server.add({
    path: "/t.S/Sum",
    requestStream: true,
    responseStream: false,
    handle(call) {
      let sum = 0;
      call.onMessage((message) => {
        sum += message[0]!;
      });
      call.onEnd(() => call.reply(Uint8Array.of(sum)));
    },
  });
  await server.bind({ unix: socket });
});

afterAll(async () => {
  await server.stop(1000);
  rmSync(dir, { recursive: true, force: true });
});

const bytes = (b: Buffer) => b;
function grpcClient(): grpc.Client {
  return new grpc.Client(`unix://${socket}`, grpc.credentials.createInsecure());
}

function unary(
  path: string,
  request: Uint8Array,
  options: grpc.CallOptions = {},
  client: grpc.Client = grpcClient(),
): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    client.makeUnaryRequest(
      path,
      bytes,
      bytes,
      Buffer.from(request),
      new grpc.Metadata(),
      options,
      (err, res) => (err ? reject(err) : resolve(res!)),
    );
  }).finally(() => client.close());
}

/** What the server answered to a request sent by hand: HTTP status, gRPC status and messages. */
interface RawAnswer {
  readonly httpStatus: number;
  readonly grpcStatus: number | undefined;
  readonly grpcMessage: string | undefined;
  readonly body: Buffer;
}

function raw(headers: http2.OutgoingHttpHeaders, body: Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const session = http2.connect("http://localhost", { createConnection: () => connect(socket) });
    session.on("error", reject);
    const stream = session.request({ ":method": "POST", "content-type": "application/grpc", ...headers });
    let httpStatus = 0;
    let status: string | undefined;
    let message: string | undefined;
    const chunks: Buffer[] = [];
    stream.on("response", (h) => {
      httpStatus = Number(h[":status"]);
      status ??= h["grpc-status"] as string | undefined;
      message ??= h["grpc-message"] as string | undefined;
    });
    stream.on("trailers", (h) => {
      status = h["grpc-status"] as string | undefined;
      message = h["grpc-message"] as string | undefined;
    });
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("error", reject);
    stream.on("close", () => {
      session.close();
      resolve({
        httpStatus,
        grpcStatus: status === undefined ? undefined : Number(status),
        grpcMessage: message === undefined ? undefined : decodeURIComponent(message),
        body: Buffer.concat(chunks),
      });
    });
    // Node's client ends a GET's request as it sends the headers.
    if (headers[":method"] !== "GET") stream.end(body);
  });
}

/** A message as gRPC frames it. */
function frame(message: Uint8Array, compressed = 0): Buffer {
  const prefix = Buffer.alloc(5);
  prefix[0] = compressed;
  prefix.writeUInt32BE(message.length, 1);
  return Buffer.concat([prefix, message]);
}

async function stillServes(): Promise<void> {
  expect([...(await unary("/t.S/Echo", Uint8Array.of(7, 8)))]).toEqual([7, 8]);
}

describe("the control thread's gRPC server, to a gRPC client", () => {
  it("answers a unary call, a server stream and a client stream", async () => {
    expect([...(await unary("/t.S/Echo", Uint8Array.of(1, 2, 3)))]).toEqual([1, 2, 3]);
    expect([...(await unary("/t.S/Echo", new Uint8Array(0)))]).toEqual([]);

    const client = grpcClient();
    const streamed = await new Promise<number[]>((resolve, reject) => {
      const got: number[] = [];
      const call = client.makeServerStreamRequest("/t.S/Count", bytes, bytes, Buffer.of(3));
      call.on("data", (b: Buffer) => got.push(b[0]!));
      call.on("error", reject);
      call.on("end", () => resolve(got));
    });
    expect(streamed).toEqual([1, 2, 3]);
    const sum = await new Promise<Buffer>((resolve, reject) => {
      const call = client.makeClientStreamRequest("/t.S/Sum", bytes, bytes, (err, res) =>
        err ? reject(err) : resolve(res!),
      );
      for (const n of [4, 5, 6]) call.write(Buffer.of(n));
      call.end();
    });
    expect([...sum]).toEqual([15]);
    client.close();
  });

  it("answers a path it does not serve with UNIMPLEMENTED, and an error with its status and message", async () => {
    await expect(unary("/t.S/Nothing", new Uint8Array(0))).rejects.toMatchObject({
      code: grpc.status.UNIMPLEMENTED,
      details: "the plugin does not serve /t.S/Nothing",
    });
    await expect(unary("/t.S/Fail", new Uint8Array(0))).rejects.toMatchObject({
      code: grpc.status.NOT_FOUND,
      details: "no such thing: 100% missing, ünïcode",
    });
  });

  it("ends a call at its deadline with DEADLINE_EXCEEDED and tells the handler", async () => {
    const before = hanging.length;
    // Sent by hand, with the timeout a gRPC client puts in its headers: it counts from the
    // server's receipt of the call, which arrives with its message, so the call reaches its
    // handler however busy the machine is. (A grpc-js deadline is a moment on the client's
    // clock, which a slow start of the call could pass before the server ever saw it, leaving
    // the handler nothing to be told.)
    const answer = await raw({ ":path": "/t.S/Hang", "grpc-timeout": "3S" }, frame(Uint8Array.of(1)));
    expect(answer.grpcStatus, answer.grpcMessage).toBe(GrpcStatus.DEADLINE_EXCEEDED);
    await vi.waitUntil(() => hanging[before]?.cancelled === true, { timeout: HANG_GUARD_MS });
    await stillServes();
  });
});

describe("the control thread's gRPC server, to a broken or hostile client", () => {
  it("refuses a compressed message, one over the limit, a cut-off one, two or none for a unary call", async () => {
    const cases: [string, Buffer, number][] = [
      ["compressed", frame(Uint8Array.of(1), 1), GrpcStatus.UNIMPLEMENTED],
      ["over the limit", frame(new Uint8Array(MAX + 1)), GrpcStatus.RESOURCE_EXHAUSTED],
      ["cut off in the prefix", frame(Uint8Array.of(1, 2, 3)).subarray(0, 3), GrpcStatus.INTERNAL],
      ["cut off in the message", frame(Uint8Array.of(1, 2, 3)).subarray(0, 7), GrpcStatus.INTERNAL],
      [
        "two messages",
        Buffer.concat([frame(Uint8Array.of(1)), frame(Uint8Array.of(2))]),
        GrpcStatus.INTERNAL,
      ],
      ["no message", Buffer.alloc(0), GrpcStatus.INTERNAL],
    ];
    for (const [what, body, code] of cases) {
      const answer = await raw({ ":path": "/t.S/Echo" }, body);
      expect(answer.grpcStatus, `${what}: ${answer.grpcMessage}`).toBe(code);
      expect(answer.body.length, what).toBe(0);
    }
    // A length that says 4 GiB is refused from its prefix, before any of it is read.
    const huge = Buffer.from([0, 0xff, 0xff, 0xff, 0xff, 1, 2, 3]);
    const answer = await raw({ ":path": "/t.S/Echo" }, huge);
    expect(answer.grpcStatus).toBe(GrpcStatus.RESOURCE_EXHAUSTED);
    expect(answer.grpcMessage).toBe(
      `a request message of /t.S/Echo is 4294967295 bytes, more than the limit of ${MAX}`,
    );
    await stillServes();
  });

  it("answers another HTTP method with 405 and another content type with 415", async () => {
    expect((await raw({ ":method": "GET", ":path": "/t.S/Echo" }, Buffer.alloc(0))).httpStatus).toBe(405);
    expect(
      (await raw({ ":path": "/t.S/Echo", "content-type": "text/plain" }, frame(Uint8Array.of(1)))).httpStatus,
    ).toBe(415);
    await stillServes();
  });

  it("tells the handler when the client resets a call", async () => {
    const before = hanging.length;
    const session = http2.connect("http://localhost", { createConnection: () => connect(socket) });
    const stream = session.request({
      ":method": "POST",
      ":path": "/t.S/Hang",
      "content-type": "application/grpc",
    });
    stream.on("error", () => {});
    stream.end(frame(Uint8Array.of(1)));
    await vi.waitUntil(() => hanging.length === before + 1, { timeout: HANG_GUARD_MS });
    stream.close(http2.constants.NGHTTP2_CANCEL);
    await vi.waitUntil(() => hanging[before]!.cancelled, { timeout: HANG_GUARD_MS });
    session.close();
    await stillServes();
  });

  it("answers any bytes as a request with a status, and echoes those that frame one message", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 64 }), async (body) => {
        const answer = await raw({ ":path": "/t.S/Echo" }, Buffer.from(body));
        expect(answer.httpStatus).toBe(200);
        expect(answer.grpcStatus).toBeDefined();
        const oneMessage =
          body.length >= 5 && body[0] === 0 && Buffer.from(body).readUInt32BE(1) === body.length - 5;
        if (oneMessage) {
          expect(answer.grpcStatus).toBe(GrpcStatus.OK);
          expect([...answer.body]).toEqual([...frame(body.subarray(5))]);
        } else {
          expect(answer.grpcStatus).not.toBe(GrpcStatus.OK);
        }
      }),
      { numRuns: 150 },
    );
    await stillServes();
  });
});

describe("the control thread's gRPC server over AutoMTLS", () => {
  // The host's certificate (PLUGIN_CLIENT_CERT), the server's own, and a stranger's.
  const host = createServerCertificate();
  const ours = createServerCertificate();
  const stranger = createServerCertificate();
  const logLines: string[] = [];
  let tlsDir: string;
  let tlsSocket: string;
  let tlsServer: WireServer;
  let handled = 0;

  beforeAll(async () => {
    tlsDir = mkdtempSync(join(tmpdir(), "tsvider-wire-tls-"));
    tlsSocket = join(tlsDir, "plugin.sock");
    tlsServer = createWireServer({
      tls: { certificate: ours, clientCertPem: host.certificatePem },
      maxMessageBytes: MAX,
      log: createLogger({ module: "test", level: "debug", write: (line) => logLines.push(line) }),
    });
    tlsServer.add({
      path: "/t.S/Echo",
      requestStream: false,
      responseStream: false,
      handle: (call) => {
        handled++;
        call.reply(call.request!);
      },
    });
    await tlsServer.bind({ unix: tlsSocket });
  });
  afterAll(async () => {
    await tlsServer.stop(1000);
    rmSync(tlsDir, { recursive: true, force: true });
  });

  /** Echo over `credentials`, answered or refused; the deadline only guards against a hang. */
  function echoOver(credentials: grpc.ChannelCredentials): Promise<grpc.ServiceError | Buffer> {
    const client = new grpc.Client(`unix://${tlsSocket}`, credentials);
    return unary("/t.S/Echo", Uint8Array.of(1, 2, 3), { deadline: Date.now() + HANG_GUARD_MS }, client).catch(
      (err: grpc.ServiceError) => err,
    );
  }

  /** Echo over TLS as `client` (key and certificate), or with no client certificate at all. */
  function echoAs(client: ServerCertificate | undefined): Promise<grpc.ServiceError | Buffer> {
    return echoOver(
      grpc.credentials.createSsl(
        Buffer.from(ours.certificatePem),
        client ? Buffer.from(client.privateKeyPem) : null,
        client ? Buffer.from(client.certificatePem) : null,
      ),
    );
  }

  it("answers the host, which presents the certificate it put in PLUGIN_CLIENT_CERT", async () => {
    const before = handled;
    expect([...((await echoAs(host)) as Buffer)]).toEqual([1, 2, 3]);
    expect(handled).toBe(before + 1);
  });

  it("refuses a client with another certificate, or none, before any call reaches a handler, and logs why", async () => {
    const before = handled;
    for (const client of [stranger, undefined]) {
      const answer = await echoAs(client);
      expect(answer).toBeInstanceOf(Error);
      expect((answer as grpc.ServiceError).code).toBe(grpc.status.UNAVAILABLE);
    }
    expect(handled).toBe(before);
    const refusals = logLines.filter((line) => line.includes("refused a connection"));
    expect(refusals.some((line) => line.includes("is not the host's (PLUGIN_CLIENT_CERT)"))).toBe(true);
    expect(refusals.some((line) => line.includes("sent no certificate"))).toBe(true);
    // And the host is still served.
    expect([...((await echoAs(host)) as Buffer)]).toEqual([1, 2, 3]);
  });

  it("serves no request a stranger sends by hand with its handshake", async () => {
    const before = handled;
    const outcome = await new Promise<string>((resolve) => {
      const session = http2.connect("https://localhost", {
        createConnection: () =>
          tls.connect({
            path: tlsSocket,
            ca: ours.certificatePem,
            key: stranger.privateKeyPem,
            cert: stranger.certificatePem,
            servername: "localhost",
            ALPNProtocols: ["h2"],
          }),
      });
      session.on("error", () => resolve("connection ended"));
      const stream = session.request({
        ":method": "POST",
        ":path": "/t.S/Echo",
        "content-type": "application/grpc",
      });
      stream.on("response", (headers) => resolve(`answered ${headers[":status"]}`));
      stream.on("error", () => resolve("connection ended"));
      stream.on("close", () => {
        session.destroy();
        resolve("connection ended");
      });
      stream.end(frame(Uint8Array.of(9)));
    });
    expect(outcome).toBe("connection ended");
    expect(handled).toBe(before);
  });

  it("refuses a plaintext client", async () => {
    const answer = await echoOver(grpc.credentials.createInsecure());
    expect(answer).toBeInstanceOf(Error);
    expect((answer as grpc.ServiceError).code).toBe(grpc.status.UNAVAILABLE);
  });

  it("refuses the host's own certificate once it is no longer current", () => {
    // Made 31 years ago: valid for 30.
    const expired = createServerCertificate(new Date(Date.now() - 31 * 365 * 24 * 3600_000));
    const check = hostCertificateCheck(expired.certificatePem);
    const peer = { getPeerX509Certificate: () => new X509Certificate(expired.certificatePem) };
    expect(check(peer as unknown as tls.TLSSocket)).toMatch(
      /^the host's certificate is not current \(valid from /,
    );
    const current = hostCertificateCheck(host.certificatePem);
    const hostPeer = { getPeerX509Certificate: () => new X509Certificate(host.certificatePem) };
    expect(current(hostPeer as unknown as tls.TLSSocket)).toBeUndefined();
  });
});

describe("the wire's text fields", () => {
  it("reads grpc-timeout in each unit, and nothing else", () => {
    expect(deadlineMs("5S")).toBe(5000);
    expect(deadlineMs("2M")).toBe(120_000);
    expect(deadlineMs("1H")).toBe(3_600_000);
    expect(deadlineMs("250m")).toBe(250);
    expect(deadlineMs("3000u")).toBe(3);
    expect(deadlineMs("4000000n")).toBe(4);
    for (const bad of ["", "5", "S", "123456789S", "5s", "-5S", "5 S", undefined, ["5S"]]) {
      expect(deadlineMs(bad), String(bad)).toBeUndefined();
    }
  });

  it("percent-encodes grpc-message outside printable ASCII, and % itself", () => {
    expect(encodeGrpcMessage("plain text: ok")).toBe("plain text: ok");
    expect(encodeGrpcMessage("100%")).toBe("100%25");
    expect(encodeGrpcMessage("ü\n")).toBe("%C3%BC%0A");
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (text) => {
        expect(decodeURIComponent(encodeGrpcMessage(text))).toBe(text);
      }),
    );
  });
});
