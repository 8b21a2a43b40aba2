// Malformed messages: the trusted host's own connection, sending every RPC of the provider
// protocol bytes that are not the request they should be: an empty message, random bytes, a
// varint that never ends, a field longer than the message, and a plausible request with a
// second field of garbage. Every call must get an answer (a response or an error status), and
// the provider must neither crash nor stop serving: a host that sent one bad message (a
// different protocol version, a bug, a corrupted plan) must not take the provider down with
// everything else it was doing. Once per protocol, with the RPCs read from the service
// definition so that an RPC added to the protocol is covered without editing this file; and
// again served from a control thread (TSVIDER_CONTROL_THREAD=1), whose calls reach their
// handlers by another path.
import { fileURLToPath } from "node:url";
import * as grpc from "@grpc/grpc-js";
import { type PluginClient, startPluginClient } from "@tsvider/rpcplugin/client";
import * as v5 from "@tsvider/rpcplugin/tfplugin5";
import * as v6 from "@tsvider/rpcplugin/tfplugin6";
import { afterEach, describe, expect, it } from "vitest";
import { record } from "./counts.test-support.js";
import { isAlive, seededRandom } from "./processes.test-support.js";

const referenceProvider = fileURLToPath(
  new URL("../../dist/terraform-provider-tsvider.cjs", import.meta.url),
);

/** A guard against a hang on a loaded machine, not a timing: every answer comes far sooner. */
const HANG_GUARD_MS = 60_000;

/** What a call needs of a grpc-js method definition. */
interface Rpc {
  readonly path: string;
  readonly requestStream: boolean;
  readonly responseStream: boolean;
}

function varint(value: number): Buffer {
  const bytes: number[] = [];
  while (value > 0x7f) {
    bytes.push((value & 0x7f) | 0x80);
    value >>>= 7;
  }
  bytes.push(value);
  return Buffer.from(bytes);
}

/** A length-delimited protobuf field (wire type 2). */
const lengthDelimited = (field: number, value: Buffer) =>
  Buffer.concat([varint((field << 3) | 2), varint(value.length), value]);

interface MalformedInput {
  readonly name: string;
  readonly bytes: Buffer;
  /** No message of any type can be read from these bytes. */
  readonly undecodable: boolean;
}

/** The same inputs for every RPC, from a fixed seed. */
function malformedInputs(): MalformedInput[] {
  const random = seededRandom(0x6d616c66);
  const randomBytes = (length: number) => Buffer.from(Array.from({ length }, () => random() & 0xff));
  return [
    { name: "an empty message", bytes: Buffer.alloc(0), undecodable: false },
    ...[1, 2, 3, 4].map((n) => ({
      name: `random bytes #${n}`,
      bytes: randomBytes(1 + (random() % 300)),
      // Random bytes may happen to be a valid message with unknown fields.
      undecodable: false,
    })),
    // Field 1, length-delimited, whose length is a varint with no last byte.
    { name: "a varint that never ends", bytes: Buffer.from([0x0a, 0xff, 0xff, 0xff]), undecodable: true },
    // Field 1, length-delimited, 127 bytes long, of which one is there.
    { name: "a field longer than the message", bytes: Buffer.from([0x0a, 0x7f, 0x61]), undecodable: true },
    {
      // Field 1 is the type name in most requests; field 2 is then garbage where the provider
      // expects its config, state or plan.
      name: "a real type name with a field of random bytes",
      bytes: Buffer.concat([
        lengthDelimited(1, Buffer.from("tsvider_file_content")),
        lengthDelimited(2, randomBytes(64)),
      ]),
      undecodable: false,
    },
  ];
}

type Answer =
  | { readonly kind: "ok" }
  | { readonly kind: "error"; readonly code: number; readonly details: string }
  | { readonly kind: "no answer" };

const asBytes = (b: Buffer) => b;

/** One call of any shape with raw bytes, answered or given up on after the hang guard. */
function callRaw(client: grpc.Client, rpc: Rpc, input: Buffer): Promise<Answer> {
  if (rpc.requestStream && rpc.responseStream)
    throw new Error(`${rpc.path} streams both ways; this test does not know how to call it yet`);
  return new Promise<Answer>((resolve) => {
    let call: grpc.ClientUnaryCall | grpc.ClientReadableStream<Buffer> | grpc.ClientWritableStream<Buffer>;
    const guard = setTimeout(() => {
      call.cancel();
      settle({ kind: "no answer" });
    }, HANG_GUARD_MS);
    let settled = false;
    const settle = (answer: Answer) => {
      if (settled) return;
      settled = true;
      clearTimeout(guard);
      resolve(answer);
    };
    const unaryDone = (err: grpc.ServiceError | null) =>
      settle(err ? { kind: "error", code: err.code, details: err.details } : { kind: "ok" });
    if (!rpc.requestStream && !rpc.responseStream) {
      call = client.makeUnaryRequest(rpc.path, asBytes, asBytes, input, unaryDone);
    } else if (rpc.responseStream) {
      const stream = client.makeServerStreamRequest(rpc.path, asBytes, asBytes, input);
      // Read to the end: the status comes after the messages.
      stream.on("data", () => {});
      stream.on("error", (err: grpc.ServiceError) =>
        settle({ kind: "error", code: err.code, details: err.details }),
      );
      stream.on("end", () => settle({ kind: "ok" }));
      call = stream;
    } else {
      const stream = client.makeClientStreamRequest(rpc.path, asBytes, asBytes, unaryDone);
      // The input as the stream's only chunk, as a host streams its state in chunks.
      stream.write(input);
      stream.end();
      call = stream;
    }
  });
}

/** The provider's schema through the generated client, as a host asks for it. */
function readSchema(plugin: PluginClient, version: 5 | 6): Promise<{ resourceSchemas: object }> {
  return new Promise((resolve, reject) => {
    const done = (err: grpc.ServiceError | null, res: { resourceSchemas: object }) =>
      err ? reject(err) : resolve(res);
    if (version === 6) plugin.connect(v6.ProviderClient).getProviderSchema({}, done);
    else plugin.connect(v5.ProviderClient).getSchema({}, done);
  });
}

/** The RPC that asks the provider to stop what it is doing. */
const STOP = { 6: v6.ProviderService.stopProvider.path, 5: v5.ProviderService.stop.path };

/** Codes that mean the call or the connection was lost rather than answered. */
const LOST = new Set([grpc.status.UNAVAILABLE, grpc.status.CANCELLED, grpc.status.DEADLINE_EXCEEDED]);

let plugin: PluginClient | undefined;
afterEach(async () => {
  await plugin?.close();
  plugin = undefined;
});

describe.each([
  { version: 6 as const, controlThread: false },
  { version: 5 as const, controlThread: false },
  { version: 6 as const, controlThread: true },
  { version: 5 as const, controlThread: true },
])(
  "malformed requests to every tfplugin$version RPC (control thread: $controlThread)",
  ({ version, controlThread }) => {
    it("answers each one with a response or an error status, and keeps serving", async () => {
      plugin = await startPluginClient({
        executable: process.execPath,
        args: [referenceProvider],
        protocolVersions: [version],
        env: { TSVIDER_CONTROL_THREAD: controlThread ? "1" : "0" },
      });
      expect(plugin.protocolVersion).toBe(version);
      const service: Record<string, Rpc> = version === 6 ? v6.ProviderService : v5.ProviderService;
      const rpcs = Object.values(service);
      // Bidirectional streams would need a way of calling of their own: none exists yet.
      expect(rpcs.filter((rpc) => rpc.requestStream && rpc.responseStream).map((rpc) => rpc.path)).toEqual(
        [],
      );

      const client = new grpc.Client(plugin.target, plugin.credentials, plugin.channelOptions);
      const inputs = malformedInputs();
      let calls = 0;
      let okAnswers = 0;
      let errorStatuses = 0;
      try {
        for (const rpc of rpcs) {
          for (const input of inputs) {
            calls++;
            const answer = await callRaw(client, rpc, input.bytes);
            const what = `${rpc.path} with ${input.name} (${input.bytes.toString("hex")})`;
            if (answer.kind === "no answer")
              throw new Error(`${what}: no answer within the hang guard\n${plugin.stderrLines.join("\n")}`);
            if (answer.kind === "ok") {
              // The control thread answers a stop at once, before any decoding, by design
              // (see @tsvider/rpcplugin's control/control-thread.ts): its answer says only
              // that the request arrived, and the main thread may be too busy to read it.
              const answeredUnread = controlThread && rpc.path === STOP[version];
              if (!answeredUnread)
                expect(input.undecodable, `${what} was answered as if it could be read`).toBe(false);
              okAnswers++;
              continue;
            }
            expect(
              LOST.has(answer.code),
              `${what} lost: ${answer.code} ${answer.details}\n${plugin.stderrLines.join("\n")}`,
            ).toBe(false);
            if (input.undecodable)
              expect(answer.code, `${what}: ${answer.details}`).toBe(grpc.status.INTERNAL);
            errorStatuses++;
          }
        }
      } finally {
        client.close();
      }

      expect(isAlive(plugin.pid)).toBe(true);
      expect(plugin.stderrLines.join("\n")).not.toContain("panic:");
      expect(Object.keys((await readSchema(plugin, version)).resourceSchemas)).toContain(
        "tsvider_file_content",
      );
      record(`malformed messages (tfplugin${version}${controlThread ? ", control thread" : ""})`, {
        rpcs: rpcs.length,
        calls,
        answered: okAnswers + errorStatuses,
        "OK answers": okAnswers,
        "error statuses": errorStatuses,
        crashes: 0,
      });
    }, 600_000);
  },
);
