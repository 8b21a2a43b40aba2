import { fileURLToPath } from "node:url";
import * as grpc from "@grpc/grpc-js";
import { expect, it } from "vitest";
import { startPlugin, writeReadmeExample } from "../../../tooling/test/readme-example.mjs";
import { HealthCheckResponse_ServingStatus, HealthClient } from "./gen/grpc/health/v1/health.js";
import { GRPCControllerClient } from "./gen/plugin/grpc_controller.js";

it("the README example serves a plugin that a host can reach and shut down", async () => {
  const file = await writeReadmeExample(fileURLToPath(new URL("..", import.meta.url)));
  const plugin = await startPlugin(file);
  expect(plugin.line).toMatch(/^1\|1\|unix\|\/.+\|grpc\|$/);
  const health = new HealthClient(`unix://${plugin.address}`, grpc.credentials.createInsecure());
  const reply = await new Promise((resolve, reject) =>
    health.check({ service: "plugin" }, (err, res) => (err ? reject(err) : resolve(res))),
  );
  expect(reply).toEqual({ status: HealthCheckResponse_ServingStatus.SERVING });
  const controller = new GRPCControllerClient(`unix://${plugin.address}`, grpc.credentials.createInsecure());
  await new Promise<void>((resolve, reject) =>
    controller.shutdown({}, (err) => (err ? reject(err) : resolve())),
  );
  expect(await plugin.exited).toBe(0);
  health.close();
  controller.close();
});
