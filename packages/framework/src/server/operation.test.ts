// observeOperation, called directly: the result passes through unchanged, and the metrics
// count each operation once, as failed when it gave an error or threw.
import { describe, expect, it } from "vitest";
import { Diagnostics } from "../diagnostics.js";
import { type Metrics, noMetrics } from "../metrics.js";
import { defineProvider } from "../provider.js";
import { observeOperation } from "./operation.js";
import { ProviderServer } from "./provider-server.js";

function recording() {
  const seen: string[] = [];
  const metrics: Metrics = {
    ...noMetrics,
    resourceOperation: (type, operation, failed) => seen.push(`${type} ${operation} ${failed}`),
    dataSourceRead: (type, failed) => seen.push(`${type} read ${failed}`),
  };
  const server = new ProviderServer(defineProvider({ name: "test", version: "1" }), { metrics, env: {} });
  return { server, seen };
}

const op = (kind: "resource" | "data source") => ({
  kind,
  typeName: "test_x",
  operation: "read" as const,
  schema: {},
});

describe("observeOperation", () => {
  it("passes the result through and counts a success", async () => {
    const { server, seen } = recording();
    const result = { diagnostics: new Diagnostics(), state: { a: 1 } };
    expect(
      await observeOperation(
        server,
        op("resource"),
        async () => result,
        (r) => r.state,
      ),
    ).toBe(result);
    expect(seen).toEqual(["test_x read false"]);
  });

  it("counts an operation with an error diagnostic as failed, for data sources too", async () => {
    const { server, seen } = recording();
    const diagnostics = new Diagnostics();
    diagnostics.addError("nope");
    await observeOperation(server, op("data source"), async () => ({ diagnostics }));
    expect(seen).toEqual(["test_x read true"]);
  });

  it("counts a call that threw as failed, and lets the throw through to the adapter", async () => {
    const { server, seen } = recording();
    await expect(
      observeOperation(server, op("resource"), async () => {
        throw new Error("bug in the core");
      }),
    ).rejects.toThrow("bug in the core");
    expect(seen).toEqual(["test_x read true"]);
  });
});
