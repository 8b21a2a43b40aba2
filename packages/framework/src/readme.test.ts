import { fileURLToPath } from "node:url";
import * as grpc from "@grpc/grpc-js";
import { type GetProviderSchema_Response, ProviderClient } from "@tsvider/rpcplugin/tfplugin6";
import { expect, it } from "vitest";
import { startPlugin, writeReadmeExample } from "../../../tooling/test/readme-example.mjs";

it("the README example serves its resource over protocol 6", async () => {
  const file = await writeReadmeExample(fileURLToPath(new URL("..", import.meta.url)));
  const plugin = await startPlugin(file);
  expect(plugin.line).toMatch(/^1\|6\|unix\|/);
  const client = new ProviderClient(`unix://${plugin.address}`, grpc.credentials.createInsecure());
  const schema = await new Promise<GetProviderSchema_Response>((resolve, reject) =>
    client.getProviderSchema({}, (err, res) => (err ? reject(err) : resolve(res))),
  );
  expect(schema.resourceSchemas.mycloud_server?.block?.attributes.map((a) => a.name)).toEqual([
    "id",
    "name",
    "status",
  ]);
  client.close();
  plugin.child.kill("SIGTERM");
  expect(await plugin.exited).toBe(0);
});
