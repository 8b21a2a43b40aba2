// Shared by the core's own tests (the *.test.ts files beside each RPC module): a provider
// server built straight from definitions, no gRPC, and short views of what a call reported.
import type { DataSource } from "../data-source.js";
import type { Diagnostics } from "../diagnostics.js";
import { defineProvider, type ProviderDefinition } from "../provider.js";
import type { Resource } from "../resource.js";
import { ProviderServer } from "./provider-server.js";

/** A 32-byte secret, so resources with private state can seal it. */
export const testSecret = "0123456789abcdef0123456789abcdef";

export function serverWith(
  parts: {
    // biome-ignore lint/suspicious/noExplicitAny: any resource's definition fits the fixture.
    readonly resources?: readonly Resource<any>[];
    // biome-ignore lint/suspicious/noExplicitAny: as resources'.
    readonly dataSources?: readonly DataSource<any>[];
  } & Partial<Omit<ProviderDefinition, "resources" | "dataSources">> = {},
): ProviderServer {
  const provider = defineProvider({
    name: "test",
    version: "1.0.0",
    privateStateSecret: testSecret,
    ...parts,
  });
  return new ProviderServer(provider, { env: {} });
}

/** The summaries of the errors, which is what most assertions read. */
export function errors(diagnostics: Diagnostics): string[] {
  return diagnostics.items.filter((d) => d.severity === "error").map((d) => d.summary);
}

export function warnings(diagnostics: Diagnostics): string[] {
  return diagnostics.items.filter((d) => d.severity === "warning").map((d) => d.summary);
}
