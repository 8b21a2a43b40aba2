// stopProvider, called directly: it fires the signal every handler holds and returns at once,
// and stopping twice is harmless.
import { describe, expect, it } from "vitest";
import { serverWith } from "./core-fixture.test-support.js";
import { stopProvider } from "./stop-provider.js";

describe("stopProvider", () => {
  it("aborts the server's signal with a reason naming Terraform's request", () => {
    const server = serverWith();
    const signal = server.signal;
    expect(signal.aborted).toBe(false);
    stopProvider(server);
    expect(signal.aborted).toBe(true);
    expect(String(signal.reason)).toContain("Terraform asked the provider to stop");
    expect(() => stopProvider(server)).not.toThrow();
  });
});
