// The reference provider as built (the bundled script) under @tsvider/rpcplugin's own go-plugin
// client: it answers the handshake, serves its schema over tfplugin6 and exits when the client
// closes. Here rather than in @tsvider/rpcplugin's tests, which run before this app is built.
import { fileURLToPath } from "node:url";
import { startPluginClient } from "@tsvider/rpcplugin";
import { type GetProviderSchema_Response, ProviderClient } from "@tsvider/rpcplugin/tfplugin6";
import { expect, it } from "vitest";

const referenceProvider = fileURLToPath(new URL("../dist/terraform-provider-tsvider.cjs", import.meta.url));

function exited(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
}

it("reads the reference provider's schema over tfplugin6 through rpcplugin's client, and stops it", async () => {
  const client = await startPluginClient({
    executable: process.execPath,
    args: [referenceProvider],
    protocolVersions: [6, 5],
  });
  try {
    expect(client.protocolVersion).toBe(6);
    const provider = client.connect(ProviderClient);
    const schema = await new Promise<GetProviderSchema_Response>((resolve, reject) =>
      provider.getProviderSchema({}, (err, res) => (err ? reject(err) : resolve(res))),
    );
    expect(schema.provider?.block).toBeDefined();
    expect(Object.keys(schema.resourceSchemas)).toContain("tsvider_file_content");
  } finally {
    await client.close();
  }
  expect(exited(client.pid)).toBe(true);
});
