// gRPC over Node's own HTTP/2: a plugin's server, in the control thread (control-thread.ts) or,
// when the plugin serves from its main thread, there (main-thread-server.ts). It passes every
// message through as bytes, so of a gRPC library it needs only the wire: the framing of
// messages, status trailers, deadlines and cancellation, TLS with the host's client
// certificate. node:http2 has the rest (HTTP/2 itself, flow control, TLS). grpc-js would be
// five sixths of the control thread's code, and loading it is on the critical path of every
// start (docs/control-thread.md has the figures); the handlers, typed against grpc-js's call
// objects, get objects of that shape from handler-calls.ts.
//
// What a host's gRPC client sees is the same as from a grpc-go or grpc-js server: a call to a
// path the plugin does not serve ends with UNIMPLEMENTED, a malformed or oversized request
// with an error status, never a crash; a compressed message (which no host sends) is refused
// with UNIMPLEMENTED.
import { X509Certificate } from "node:crypto";
import * as http2 from "node:http2";
import type { TLSSocket } from "node:tls";
import type { ServerCertificate } from "../auto-mtls.js";
import type { BindTarget } from "../listener.js";
import type { Logger } from "../log.js";
import { GrpcStatus } from "./grpc-status.js";

/** One call as a handler sees it: messages are bytes both ways. */
export interface WireCall {
  /** Unary and server-streaming calls: the request message (the handler runs once it is whole). */
  readonly request: Uint8Array | undefined;
  /** Whether the host cancelled the call (or its connection or deadline ended it). */
  readonly cancelled: boolean;
  /** Called once when the host cancels the call before it was answered. */
  onCancelled(listener: () => void): void;
  /** Client streams: each request message as it arrives, then the end of the requests. */
  onMessage(listener: (message: Uint8Array) => void): void;
  onEnd(listener: () => void): void;
  /** One response message (the only one of a unary call). */
  write(message: Uint8Array): void;
  /** Ends the call with status OK. */
  end(): void;
  /** write, then end. */
  reply(message: Uint8Array): void;
  /** Ends the call with an error status. */
  fail(code: number, details: string): void;
}

/** One method the server answers. */
export interface WireMethod {
  /** The gRPC path, e.g. "/tfplugin6.Provider/GetProviderSchema". */
  readonly path: string;
  readonly requestStream: boolean;
  readonly responseStream: boolean;
  handle(call: WireCall): void;
}

export interface WireServerOptions {
  /** AutoMTLS: the server's certificate, and the one client certificate (PEM) it accepts. */
  readonly tls?: { readonly certificate: ServerCertificate; readonly clientCertPem: string };
  /** The largest message either way, in bytes. */
  readonly maxMessageBytes: number;
  readonly log: Logger;
}

export interface WireServer {
  add(method: WireMethod): void;
  /** Listens on `target`; resolves with the port (1 for a unix socket). Once per server. */
  bind(target: BindTarget): Promise<number>;
  /**
   * Stops taking connections, lets running calls finish (the answer to Shutdown among them) and
   * resolves once every connection is closed; forced after `graceMs`. The same promise each time.
   */
  stop(graceMs: number): Promise<void>;
  /** Closes every connection now. */
  forceStop(): void;
}

/** A message's prefix on the wire: a compression flag and a 4-byte big-endian length. */
const PREFIX_BYTES = 5;

export function createWireServer(options: WireServerOptions): WireServer {
  const methods = new Map<string, WireMethod>();
  const sessions = new Set<http2.ServerHttp2Session>();
  const log = options.log;
  // Node refuses new streams on a session past maxSessionMemory (10 MB by default), which a
  // large state crossing could reach; the limit that matters is maxMessageBytes.
  const common = {
    maxSessionMemory: Number.MAX_SAFE_INTEGER,
    maxSendHeaderBlockLength: Number.MAX_SAFE_INTEGER,
  };
  const refusalOf = options.tls && hostCertificateCheck(options.tls.clientCertPem);
  const server = options.tls
    ? http2.createSecureServer({
        ...common,
        cert: options.tls.certificate.certificatePem,
        key: options.tls.certificate.privateKeyPem,
        // The client must present a certificate, and prove it holds its key, in the handshake;
        // that it is the host's own is checked as its connection opens (hostCertificateCheck),
        // not by OpenSSL through `ca`: any `ca` makes Node first build its store of root
        // certificates, its own and NODE_EXTRA_CA_CERTS', only to trust none of them, which is
        // 3 to 20 ms of this thread's start (docs/control-thread.md).
        ca: [],
        requestCert: true,
        rejectUnauthorized: false,
        allowHTTP1: false,
      })
    : http2.createServer(common);
  server.setTimeout(0);
  server.on("session", (session: http2.ServerHttp2Session) => {
    // Emitted as the session is made, before any of its frames are read.
    if (refusalOf) {
      const refusal = refusalOf(session.socket as TLSSocket);
      if (refusal !== undefined) {
        log.debug("refused a connection", { reason: refusal });
        // Ends its socket too (the session's socket refuses to be ended by hand).
        session.destroy();
        return;
      }
    }
    sessions.add(session);
    session.on("close", () => sessions.delete(session));
    session.on("error", (err) => log.debug("a connection from the host failed", { error: err.message }));
  });
  server.on("secureConnection", (socket: import("node:tls").TLSSocket) => {
    // Errors on a TLS socket are the server's to handle (a peer that hangs up mid-handshake).
    socket.on("error", (err) => log.debug("a TLS connection failed", { error: err.message }));
  });
  // A TLS client that did not offer HTTP/2 (an HTTP/1.1 client): nothing to answer.
  server.on("unknownProtocol", (socket: import("node:tls").TLSSocket) => socket.destroy());
  server.on("stream", (stream: http2.ServerHttp2Stream, headers: http2.IncomingHttpHeaders) => {
    // Only on a session admitted above (and not yet closed).
    if (stream.session === undefined || !sessions.has(stream.session as http2.ServerHttp2Session)) {
      stream.destroy();
      return;
    }
    try {
      startCall(stream, headers, methods, options.maxMessageBytes);
    } catch (err) {
      log.debug("a call could not start", { error: (err as Error).message });
      stream.destroy();
    }
  });

  let stopping: Promise<void> | undefined;
  const forceStop = () => {
    for (const session of sessions) session.destroy();
    server.close();
  };
  return {
    add(method) {
      methods.set(method.path, method);
    },
    bind(target) {
      return new Promise<number>((resolve, reject) => {
        const failed = (err: Error) => {
          server.off("listening", listening);
          reject(err);
        };
        const listening = () => {
          server.off("error", failed);
          const address = server.address();
          resolve(typeof address === "object" && address !== null ? address.port : 1);
        };
        server.once("error", failed);
        server.once("listening", listening);
        if ("unix" in target) server.listen(target.unix);
        else server.listen(target.tcpPort, "127.0.0.1");
      });
    },
    stop(graceMs) {
      stopping ??= new Promise<void>((resolve) => {
        const fallback = setTimeout(() => {
          forceStop();
          resolve();
        }, graceMs);
        server.close(() => {
          clearTimeout(fallback);
          resolve();
        });
        // GOAWAY: no new calls, the running ones finish, then each connection closes.
        for (const session of sessions) session.close();
      });
      return stopping;
    },
    forceStop,
  };
}

/**
 * What go-plugin's own server requires of a client under AutoMTLS, checked on the connection:
 * the certificate the host put in PLUGIN_CLIENT_CERT, and current. TLS has already made the
 * client prove that it holds that certificate's private key. Returns why a connection is
 * refused, or undefined for the host.
 */
export function hostCertificateCheck(hostCertPem: string): (socket: TLSSocket) => string | undefined {
  const host = new X509Certificate(hostCertPem);
  const from = Date.parse(host.validFrom);
  const to = Date.parse(host.validTo);
  return (socket) => {
    const peer = socket.getPeerX509Certificate();
    if (peer === undefined) return "the client sent no certificate";
    if (!peer.raw.equals(host.raw)) return "the client's certificate is not the host's (PLUGIN_CLIENT_CERT)";
    const now = Date.now();
    if (!(now >= from && now <= to)) {
      return `the host's certificate is not current (valid from ${host.validFrom} to ${host.validTo})`;
    }
    return undefined;
  };
}

/** The deadline a client set (grpc-timeout: up to 8 digits and a unit), in milliseconds. */
export function deadlineMs(header: string | string[] | undefined): number | undefined {
  const match = typeof header === "string" ? /^(\d{1,8})([HMSmun])$/.exec(header) : null;
  if (!match) return undefined;
  const unitMs = { H: 3_600_000, M: 60_000, S: 1000, m: 1, u: 1e-3, n: 1e-6 }[match[2] as "H"];
  return Number(match[1]) * unitMs;
}

/** grpc-message is percent-encoded: every byte outside printable ASCII, and % itself. */
export function encodeGrpcMessage(text: string): string {
  let out = "";
  for (const byte of Buffer.from(text, "utf8")) {
    out +=
      byte >= 0x20 && byte <= 0x7e && byte !== 0x25
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

function startCall(
  stream: http2.ServerHttp2Stream,
  headers: http2.IncomingHttpHeaders,
  methods: ReadonlyMap<string, WireMethod>,
  maxMessageBytes: number,
): void {
  // A reset from the host arrives as an error; the "close" below is what counts.
  stream.on("error", () => {});
  if (headers[":method"] !== "POST") {
    stream.respond({ ":status": 405 }, { endStream: true });
    return;
  }
  const contentType = headers["content-type"];
  if (typeof contentType !== "string" || !contentType.startsWith("application/grpc")) {
    stream.respond({ ":status": 415 }, { endStream: true });
    return;
  }

  let responded = false;
  let finished = false;
  let cancelled = false;
  const cancelListeners: (() => void)[] = [];
  let messageListener: ((message: Uint8Array) => void) | undefined;
  let endListener: (() => void) | undefined;
  let deadline: NodeJS.Timeout | undefined;

  const finish = () => {
    finished = true;
    if (deadline) clearTimeout(deadline);
  };
  const respondOnce = () => {
    if (responded) return;
    responded = true;
    stream.respond(
      { ":status": 200, "content-type": "application/grpc+proto", "grpc-accept-encoding": "identity" },
      { waitForTrailers: true },
    );
  };
  const trailers = (code: number, details: string) => ({
    "grpc-status": String(code),
    ...(details ? { "grpc-message": encodeGrpcMessage(details) } : {}),
  });
  const fail = (code: number, details: string) => {
    if (finished || stream.destroyed || stream.closed) return finish();
    finish();
    if (!responded) {
      // Trailers-only: the status in the one HEADERS frame.
      responded = true;
      stream.respond(
        { ":status": 200, "content-type": "application/grpc+proto", ...trailers(code, details) },
        { endStream: true },
      );
      return;
    }
    stream.once("wantTrailers", () => stream.sendTrailers(trailers(code, details)));
    stream.end();
  };
  const tellCancelled = () => {
    if (cancelled) return;
    cancelled = true;
    for (const listener of cancelListeners) listener();
  };
  // Ended from the host's side (a deadline, a request the call cannot take): the status goes
  // back, and a handler already running hears it as a cancel.
  const abort = (code: number, details: string) => {
    if (finished) return;
    fail(code, details);
    tellCancelled();
  };
  stream.on("close", () => {
    if (finished) return;
    finish();
    tellCancelled();
  });

  const path = headers[":path"] ?? "";
  const method = methods.get(path);
  if (!method) {
    fail(GrpcStatus.UNIMPLEMENTED, `the plugin does not serve ${path}`);
    return;
  }
  const timeoutMs = deadlineMs(headers["grpc-timeout"]);
  if (timeoutMs !== undefined) {
    deadline = setTimeout(
      () => abort(GrpcStatus.DEADLINE_EXCEEDED, `the deadline of ${method.path} passed`),
      timeoutMs,
    );
    deadline.unref();
  }

  const call: WireCall = {
    get request() {
      return request;
    },
    get cancelled() {
      return cancelled;
    },
    onCancelled(listener) {
      cancelListeners.push(listener);
    },
    onMessage(listener) {
      messageListener = listener;
    },
    onEnd(listener) {
      endListener = listener;
    },
    write(message) {
      if (finished || stream.destroyed) return;
      if (message.byteLength > maxMessageBytes) {
        fail(
          GrpcStatus.RESOURCE_EXHAUSTED,
          `the answer to ${method.path} is ${message.byteLength} bytes, more than the limit of ${maxMessageBytes}`,
        );
        return;
      }
      respondOnce();
      const prefix = Buffer.alloc(PREFIX_BYTES);
      prefix.writeUInt32BE(message.byteLength, 1);
      stream.write(prefix);
      stream.write(message);
    },
    end() {
      if (finished || stream.destroyed) return;
      finish();
      respondOnce();
      stream.once("wantTrailers", () => stream.sendTrailers(trailers(GrpcStatus.OK, "")));
      stream.end();
    },
    reply(message) {
      call.write(message);
      call.end();
    },
    fail,
  };

  // The request messages: unary and server-streaming calls are handled once their one message
  // and the end of the requests arrived; streaming requests are handed on as they come.
  const streaming = method.requestStream;
  let request: Uint8Array | undefined;
  let received = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let refused = false;
  const refuse = (code: number, details: string) => {
    refused = true;
    pending = [];
    abort(code, details);
  };
  const take = (count: number): Buffer => {
    const joined = pending.length === 1 ? pending[0]! : Buffer.concat(pending, pendingBytes);
    const taken = joined.subarray(0, count);
    pending = joined.length > count ? [joined.subarray(count)] : [];
    pendingBytes -= count;
    return taken;
  };
  stream.on("data", (chunk: Buffer) => {
    if (refused || finished) return;
    pending.push(chunk);
    pendingBytes += chunk.length;
    while (pendingBytes >= PREFIX_BYTES) {
      const head = pending[0]!.length >= PREFIX_BYTES ? pending[0]! : Buffer.concat(pending, pendingBytes);
      const compressed = head[0]!;
      const length = head.readUInt32BE(1);
      if (compressed !== 0) {
        refuse(
          GrpcStatus.UNIMPLEMENTED,
          `a request message of ${method.path} is compressed (grpc-encoding ${String(headers["grpc-encoding"] ?? "unknown")}); the plugin accepts only uncompressed messages`,
        );
        return;
      }
      if (length > maxMessageBytes) {
        refuse(
          GrpcStatus.RESOURCE_EXHAUSTED,
          `a request message of ${method.path} is ${length} bytes, more than the limit of ${maxMessageBytes}`,
        );
        return;
      }
      if (pendingBytes < PREFIX_BYTES + length) return;
      take(PREFIX_BYTES);
      // A message of its own, not a view into a chunk the next read may reuse.
      const message = new Uint8Array(take(length));
      received++;
      if (streaming) {
        messageListener?.(message);
      } else if (received > 1) {
        refuse(GrpcStatus.INTERNAL, `${method.path} takes one request message, and got more`);
        return;
      } else {
        request = message;
      }
    }
  });
  stream.on("end", () => {
    // A reset ends the requests too, but the call is then cancelled, not complete.
    if (refused || finished || stream.aborted || stream.destroyed) return;
    if (pendingBytes > 0) {
      refuse(GrpcStatus.INTERNAL, `the requests of ${method.path} end in the middle of a message`);
      return;
    }
    if (streaming) {
      endListener?.();
    } else if (request === undefined) {
      refuse(GrpcStatus.INTERNAL, `${method.path} takes one request message, and got none`);
    } else {
      method.handle(call);
    }
  });
  if (streaming) method.handle(call);
}
