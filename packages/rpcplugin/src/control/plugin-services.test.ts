// The control thread writes go-plugin's services by hand (plugin-services.ts); these are the
// same paths, stream kinds and bytes as the generated definitions of the published protos.
import { describe, expect, it } from "vitest";
import {
  HealthCheckRequest,
  HealthCheckResponse,
  HealthCheckResponse_ServingStatus,
  HealthService,
} from "../gen/grpc/health/v1/health.js";
import { GRPCBrokerService } from "../gen/plugin/grpc_broker.js";
import { GRPCControllerService } from "../gen/plugin/grpc_controller.js";
import { GRPCStdioService } from "../gen/plugin/grpc_stdio.js";
import { GrpcStatus } from "./grpc-status.js";
import {
  HeldCalls,
  PLUGIN_SERVICE_PATHS,
  pluginServiceMethods,
  SERVICE_UNKNOWN,
  SERVING,
} from "./plugin-services.js";
import type { WireCall } from "./wire-server.js";

/** A call that records what the method did with it. */
function recordingCall(request: Uint8Array | undefined) {
  const seen: { written: number[][]; ended: boolean; failed?: [number, string]; cancel?: () => void } = {
    written: [],
    ended: false,
  };
  const call: WireCall = {
    request,
    cancelled: false,
    onCancelled: (f) => {
      seen.cancel = f;
    },
    onMessage: () => {},
    onEnd: () => {},
    write: (m) => seen.written.push([...m]),
    end: () => {
      seen.ended = true;
    },
    reply: (m) => {
      seen.written.push([...m]);
      seen.ended = true;
    },
    fail: (code, details) => {
      seen.failed = [code, details];
    },
  };
  return { call, seen };
}

describe("go-plugin's services as the control thread serves them", () => {
  it("use the generated definitions' paths and stream kinds", () => {
    const methods = new Map(pluginServiceMethods(new HeldCalls(), () => {}).map((m) => [m.path, m]));
    const generated = [
      HealthService.check,
      HealthService.watch,
      GRPCStdioService.streamStdio,
      GRPCBrokerService.startStream,
      GRPCControllerService.shutdown,
    ];
    expect([...methods.keys()].sort()).toEqual(generated.map((g) => g.path).sort());
    expect(Object.values(PLUGIN_SERVICE_PATHS).sort()).toEqual(generated.map((g) => g.path).sort());
    for (const g of generated) {
      const method = methods.get(g.path)!;
      expect([method.requestStream, method.responseStream], g.path).toEqual([
        g.requestStream,
        g.responseStream,
      ]);
    }
  });

  it("write the health answers the generated codec writes", () => {
    const encode = (status: HealthCheckResponse_ServingStatus) => [
      ...HealthCheckResponse.encode({ status }).finish(),
    ];
    expect([...SERVING]).toEqual(encode(HealthCheckResponse_ServingStatus.SERVING));
    expect([...SERVICE_UNKNOWN]).toEqual(encode(HealthCheckResponse_ServingStatus.SERVICE_UNKNOWN));
  });

  it("answer health for the whole server and for plugin, and NOT_FOUND for another service", () => {
    const check = pluginServiceMethods(new HeldCalls(), () => {}).find(
      (m) => m.path === HealthService.check.path,
    )!;
    for (const service of ["", "plugin"]) {
      const { call, seen } = recordingCall(HealthCheckRequest.encode({ service }).finish());
      check.handle(call);
      expect(seen.written, service).toEqual([[...SERVING]]);
    }
    const { call, seen } = recordingCall(HealthCheckRequest.encode({ service: "other" }).finish());
    check.handle(call);
    expect(seen.failed).toEqual([GrpcStatus.NOT_FOUND, "unknown service other"]);
  });

  it("hold the host's streams open until the plugin stops, and answer Shutdown before acting on it", async () => {
    const held = new HeldCalls();
    let shutdowns = 0;
    const methods = new Map(
      pluginServiceMethods(held, () => {
        shutdowns++;
      }).map((m) => [m.path, m]),
    );
    const stdio = recordingCall(new Uint8Array(0));
    methods.get(PLUGIN_SERVICE_PATHS.streamStdio)!.handle(stdio.call);
    const watch = recordingCall(HealthCheckRequest.encode({ service: "nope" }).finish());
    methods.get(PLUGIN_SERVICE_PATHS.healthWatch)!.handle(watch.call);
    expect(watch.seen.written).toEqual([[...SERVICE_UNKNOWN]]);
    expect([stdio.seen.ended, watch.seen.ended]).toEqual([false, false]);

    const shutdown = recordingCall(new Uint8Array(0));
    methods.get(PLUGIN_SERVICE_PATHS.shutdown)!.handle(shutdown.call);
    expect(shutdown.seen).toMatchObject({ written: [[]], ended: true });
    expect(shutdowns).toBe(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(shutdowns).toBe(1);

    held.endAll();
    expect([stdio.seen.ended, watch.seen.ended]).toEqual([true, true]);
  });
});
