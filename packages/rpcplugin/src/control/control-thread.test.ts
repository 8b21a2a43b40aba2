// Serving from a control thread: a plugin whose handler computes for ever without yielding
// (test/busy-plugin.mjs, run from the package's build) still answers its host's controls, ends
// the busy call as cancelled after a stop, shuts down when asked, and does not outlive a
// killed host. Each wait below is a guard against a hang on a loaded machine, not a timing:
// the times themselves are measured in apps/bench (control-thread.ts).
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import * as grpc from "@grpc/grpc-js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type PluginClient, startPluginClient } from "../client.js";
import {
  type HealthCheckResponse,
  HealthCheckResponse_ServingStatus,
  HealthClient,
} from "../gen/grpc/health/v1/health.js";
import * as pb from "../gen/tfplugin6/tfplugin6.js";

const fixture = fileURLToPath(new URL("../../test/busy-plugin.mjs", import.meta.url));
const { processEnded, startFakeHost } = createRequire(import.meta.url)(
  "../../test/fake-host.cjs",
) as typeof import("../../test/fake-host.cjs");
const HANG_GUARD_MS = 60_000;

/** Polls `done` until it holds; the time-out is a guard against a hang, not a timing. */
const until = (done: () => boolean) => vi.waitUntil(done, { timeout: HANG_GUARD_MS, interval: 25 });

/** One unary call, as a promise. */
function unary<Res>(f: (cb: (err: grpc.ServiceError | null, res: Res) => void) => unknown): Promise<Res> {
  return new Promise((resolve, reject) => f((err, res) => (err ? reject(err) : resolve(res))));
}

let plugin: PluginClient | undefined;
afterEach(async () => {
  await plugin?.close();
  plugin = undefined;
});

describe("a plugin served from a control thread", () => {
  it("answers health, the schema and StopProvider while a handler never yields, then ends that call as cancelled", async () => {
    plugin = await startPluginClient({
      executable: process.execPath,
      args: [fixture],
      protocolVersions: [6],
      env: { BUSY_STOP_GRACE_MS: "1000" },
    });
    const provider = plugin.connect(pb.ProviderClient);
    const health = plugin.connect(HealthClient);
    const schema = await unary<pb.GetProviderSchema_Response>((cb) =>
      provider.getProviderSchema(pb.GetProviderSchema_Request.fromPartial({}), cb),
    );
    expect(schema.provider?.version).toBe(7n);

    const applying = unary<pb.ApplyResourceChange_Response>((cb) =>
      provider.applyResourceChange(
        pb.ApplyResourceChange_Request.fromPartial({ typeName: "busy_thing" }),
        cb,
      ),
    );
    await until(() => plugin!.stderrLines.some((l) => l.includes("busy: ApplyResourceChange")));

    // The main thread is in the loop now; everything below is answered by the control thread.
    expect(
      (
        await unary<pb.GetProviderSchema_Response>((cb) =>
          provider.getProviderSchema(pb.GetProviderSchema_Request.fromPartial({}), cb),
        )
      ).provider?.version,
    ).toBe(7n);
    expect((await unary<HealthCheckResponse>((cb) => health.check({ service: "plugin" }, cb))).status).toBe(
      HealthCheckResponse_ServingStatus.SERVING,
    );
    expect(await unary((cb) => provider.stopProvider(pb.StopProvider_Request.fromPartial({}), cb))).toEqual({
      Error: "",
    });

    const answer = await applying;
    expect(answer.diagnostics).toHaveLength(1);
    expect(answer.diagnostics[0]).toMatchObject({
      severity: pb.Diagnostic_Severity.ERROR,
      summary: "ApplyResourceChange of busy_thing was cancelled",
    });
    expect(answer.diagnostics[0]!.detail).toContain("still running 1 s later");

    // Shutdown: the main thread cannot exit by itself, so the control thread ends the process.
    const pid = plugin.pid;
    await plugin.close();
    plugin = undefined;
    await until(() => processEnded(pid));
  });

  it("answers requests that cannot be decoded with an error, and keeps serving", async () => {
    plugin = await startPluginClient({
      executable: process.execPath,
      args: [fixture],
      protocolVersions: [6],
    });
    // A client that sends raw bytes as they are, to the fixture's ValidateResourceConfig.
    const raw = (path: string): grpc.MethodDefinition<Buffer, Buffer> => ({
      path,
      requestStream: false,
      responseStream: false,
      requestSerialize: (b: Buffer) => b,
      requestDeserialize: (b: Buffer) => b,
      responseSerialize: (b: Buffer) => b,
      responseDeserialize: (b: Buffer) => b,
    });
    const Raw = grpc.makeGenericClientConstructor(
      { validate: raw("/tfplugin6.Provider/ValidateResourceConfig") },
      "raw",
    );
    const client = new Raw(plugin.target, plugin.credentials, plugin.channelOptions);
    const send = (bytes: Buffer) =>
      new Promise<grpc.ServiceError | null>((resolve) =>
        client.makeUnaryRequest(
          "/tfplugin6.Provider/ValidateResourceConfig",
          (b: Buffer) => b,
          (b: Buffer) => b,
          bytes,
          (err: grpc.ServiceError | null) => resolve(err),
        ),
      );
    // A field 1 whose length runs past the end, and a varint that never ends.
    for (const bytes of [Buffer.from([0x0a, 0x7f, 0x61]), Buffer.from([0x08, 0xff, 0xff, 0xff])]) {
      const err = await send(bytes);
      expect(err?.code).toBe(grpc.status.INTERNAL);
      expect(err?.details).toContain("ValidateResourceConfig");
    }
    client.close();
    const provider = plugin.connect(pb.ProviderClient);
    const schema = await unary<pb.GetProviderSchema_Response>((cb) =>
      provider.getProviderSchema(pb.GetProviderSchema_Request.fromPartial({}), cb),
    );
    expect(schema.provider?.version).toBe(7n);
  });

  it("exits when its host is killed while the main thread never yields", async () => {
    const { host, pluginPid } = await startFakeHost(process.execPath, [fixture, "--busy-at-start"]);
    expect(processEnded(pluginPid)).toBe(false);
    host.kill("SIGKILL");
    await until(() => processEnded(pluginPid));
  });
});
