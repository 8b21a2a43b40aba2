// The reference provider as built (the bundled script) under @tsvider/rpcplugin's own go-plugin
// client: it answers the handshake, serves its schema over tfplugin6 and exits when the client
// closes, served from the main thread and from a control thread (the bundle carries the
// control thread's code: see tsvider's bundle.ts). Here rather than in @tsvider/rpcplugin's
// tests, which run before this app is built.
import { fileURLToPath } from "node:url";
import { startPluginClient } from "@tsvider/rpcplugin";
import * as v5 from "@tsvider/rpcplugin/tfplugin5";
import { type GetProviderSchema_Response, ProviderClient } from "@tsvider/rpcplugin/tfplugin6";
import { describe, expect, it } from "vitest";

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

describe("served from a control thread (TSVIDER_CONTROL_THREAD=1)", () => {
  it.each([6, 5])(
    "serves its schema and Stop over tfplugin%i from the single file, and stops",
    async (version) => {
      const client = await startPluginClient({
        executable: process.execPath,
        args: [referenceProvider],
        protocolVersions: [version],
        env: { TSVIDER_CONTROL_THREAD: "1", TF_LOG_PROVIDER: "debug" },
      });
      try {
        expect(client.protocolVersion).toBe(version);
        const call = <T>(f: (cb: (err: Error | null, res: T) => void) => void) =>
          new Promise<T>((resolve, reject) => f((err, res) => (err ? reject(err) : resolve(res))));
        if (version === 6) {
          const provider = client.connect(ProviderClient);
          const schema = await call<GetProviderSchema_Response>((cb) => provider.getProviderSchema({}, cb));
          expect(Object.keys(schema.resourceSchemas)).toContain("tsvider_file_content");
          expect(await call((cb) => provider.stopProvider({}, cb))).toEqual({ Error: "" });
        } else {
          const provider = client.connect(v5.ProviderClient);
          const schema = await call<v5.GetProviderSchema_Response>((cb) => provider.getSchema({}, cb));
          expect(Object.keys(schema.resourceSchemas)).toContain("tsvider_file_content");
          expect(await call((cb) => provider.stop({}, cb))).toEqual({ Error: "" });
        }
        expect(client.stderrLines.join("\n")).toContain("plugin server listening in its control thread");
      } finally {
        await client.close();
      }
      expect(exited(client.pid)).toBe(true);
    },
  );
});
