// go-plugin's own services, which every plugin serves beside its app protocol: health, the
// controller (Shutdown), stdio forwarding and the broker. Hosts open the stdio and broker
// streams for the life of a connection; they are tracked so a shutdown can end them.
import * as grpc from "@grpc/grpc-js";
import {
  HealthCheckResponse_ServingStatus,
  type HealthServer,
  HealthService,
} from "./gen/grpc/health/v1/health.js";
import { type GRPCBrokerServer, GRPCBrokerService } from "./gen/plugin/grpc_broker.js";
import { type GRPCControllerServer, GRPCControllerService } from "./gen/plugin/grpc_controller.js";
import { type GRPCStdioServer, GRPCStdioService } from "./gen/plugin/grpc_stdio.js";

/** Streams held open until the host goes away or the plugin stops. */
export class OpenStreams {
  readonly #streams = new Set<{ end(): void }>();

  hold(call: { end(): void; on(event: "cancelled" | "error", f: () => void): unknown }): void {
    this.#streams.add(call);
    const release = () => {
      this.#streams.delete(call);
      call.end();
    };
    call.on("cancelled", release);
    call.on("error", release);
  }

  endAll(): void {
    for (const stream of this.#streams) stream.end();
    this.#streams.clear();
  }
}

export function addPluginServices(server: grpc.Server, streams: OpenStreams, onShutdown: () => void): void {
  server.addService(HealthService, healthService(streams));
  server.addService(GRPCStdioService, stdioService(streams));
  server.addService(GRPCBrokerService, brokerService(streams));
  server.addService(GRPCControllerService, controllerService(onShutdown));
}

function healthService(streams: OpenStreams): HealthServer {
  // go-plugin registers its health status under "plugin"; "" asks about the whole server.
  const serving = (service: string) => service === "" || service === "plugin";
  return {
    check(call, callback) {
      if (!serving(call.request.service)) {
        callback({ code: grpc.status.NOT_FOUND, details: `unknown service ${call.request.service}` });
        return;
      }
      callback(null, { status: HealthCheckResponse_ServingStatus.SERVING });
    },
    watch(call) {
      call.write({
        status: serving(call.request.service)
          ? HealthCheckResponse_ServingStatus.SERVING
          : HealthCheckResponse_ServingStatus.SERVICE_UNKNOWN,
      });
      streams.hold(call);
    },
  };
}

function stdioService(streams: OpenStreams): GRPCStdioServer {
  return {
    // Hosts log anything received here as unexpected output, so we send nothing and keep
    // the stream open until the host goes away.
    streamStdio(call) {
      streams.hold(call);
    },
  };
}

function brokerService(streams: OpenStreams): GRPCBrokerServer {
  return {
    // Providers never broker extra connections: take what the host sends and answer nothing.
    startStream(call) {
      call.on("data", () => {});
      call.on("end", () => call.end());
      streams.hold(call);
    },
  };
}

function controllerService(onShutdown: () => void): GRPCControllerServer {
  return {
    shutdown(_call, callback) {
      callback(null, {});
      // Let the reply leave before the server closes.
      setImmediate(onShutdown);
    },
  };
}
