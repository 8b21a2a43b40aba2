// go-plugin's own services, which every plugin serves beside its app protocol, over
// wire-server.ts (in the control thread or the main thread): health, the controller
// (Shutdown), stdio forwarding and the broker. The few messages are written as bytes, since the
// control thread loads no generated codecs (plugin-services.test.ts checks the paths and bytes
// against them). Hosts open the stdio and broker streams for the life of a connection; they are
// held so that a stop can end them.
import { requestTypeName } from "./cancelled-response.js";
import { GrpcStatus } from "./grpc-status.js";
import type { WireCall, WireMethod } from "./wire-server.js";

/** The paths of go-plugin's services, from their published protos. */
export const PLUGIN_SERVICE_PATHS = {
  healthCheck: "/grpc.health.v1.Health/Check",
  healthWatch: "/grpc.health.v1.Health/Watch",
  streamStdio: "/plugin.GRPCStdio/StreamStdio",
  startStream: "/plugin.GRPCBroker/StartStream",
  shutdown: "/plugin.GRPCController/Shutdown",
} as const;

/** HealthCheckResponse with `status` (field 1) SERVING (1), and SERVICE_UNKNOWN (3). */
export const SERVING = Uint8Array.of(0x08, 0x01);
export const SERVICE_UNKNOWN = Uint8Array.of(0x08, 0x03);

/** Streams the host keeps open for the life of its connection, ended when the plugin stops. */
export class HeldCalls {
  readonly #calls = new Set<WireCall>();

  hold(call: WireCall): void {
    this.#calls.add(call);
    call.onCancelled(() => this.#calls.delete(call));
  }

  endAll(): void {
    for (const call of this.#calls) call.end();
    this.#calls.clear();
  }
}

/** go-plugin registers its health status under "plugin"; "" asks about the whole server. */
const serving = (request: Uint8Array | undefined) => {
  // HealthCheckRequest's only field, `service`, is field 1; absent means "".
  const service = request && request.length > 0 ? (requestTypeName(request) ?? "") : "";
  return { service, known: service === "" || service === "plugin" };
};

export function pluginServiceMethods(held: HeldCalls, onShutdown: () => void): WireMethod[] {
  const unary = { requestStream: false, responseStream: false };
  const serverStream = { requestStream: false, responseStream: true };
  return [
    {
      path: PLUGIN_SERVICE_PATHS.healthCheck,
      ...unary,
      handle(call) {
        const { service, known } = serving(call.request);
        if (known) call.reply(SERVING);
        else call.fail(GrpcStatus.NOT_FOUND, `unknown service ${service}`);
      },
    },
    {
      path: PLUGIN_SERVICE_PATHS.healthWatch,
      ...serverStream,
      handle(call) {
        call.write(serving(call.request).known ? SERVING : SERVICE_UNKNOWN);
        held.hold(call);
      },
    },
    {
      // Hosts log anything received here as unexpected output: send nothing, keep it open.
      path: PLUGIN_SERVICE_PATHS.streamStdio,
      ...serverStream,
      handle(call) {
        held.hold(call);
      },
    },
    {
      // Providers never broker extra connections: take what the host sends, answer nothing.
      path: PLUGIN_SERVICE_PATHS.startStream,
      requestStream: true,
      responseStream: true,
      handle(call) {
        call.onMessage(() => {});
        call.onEnd(() => call.end());
        held.hold(call);
      },
    },
    {
      path: PLUGIN_SERVICE_PATHS.shutdown,
      ...unary,
      handle(call) {
        call.reply(new Uint8Array(0));
        // Let the answer leave before the server closes.
        setImmediate(onShutdown);
      },
    },
  ];
}
