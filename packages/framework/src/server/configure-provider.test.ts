// configureProvider, called directly: the configured data reaches handlers only when
// configure succeeded; a throw is a diagnostic and leaves the earlier data in place.
import { describe, expect, it } from "vitest";
import { attr } from "../schema/attributes.js";
import { configureProvider } from "./configure-provider.js";
import { errors, serverWith } from "./core-fixture.test-support.js";

const schema = { token: attr.string({ optional: true, sensitive: true }) };

describe("configureProvider", () => {
  it("keeps what configure returns as providerData, with the host's version", async () => {
    const server = serverWith({
      schema,
      configure: ({ config, terraformVersion }) => ({ token: config.token, terraformVersion }),
    });
    const diagnostics = await configureProvider(server, {
      config: { token: "t" },
      terraformVersion: "1.9.0",
    });
    expect(errors(diagnostics)).toEqual([]);
    expect(server.providerData).toEqual({ token: "t", terraformVersion: "1.9.0" });
  });

  it("reads a missing provider block as one with nothing set", async () => {
    const server = serverWith({ schema, configure: ({ config }) => ({ token: config.token }) });
    expect(errors(await configureProvider(server, { config: null, terraformVersion: "" }))).toEqual([]);
    expect(server.providerData).toEqual({ token: null });
  });

  it("reports a throw and keeps the data of the last successful configure", async () => {
    let fail = false;
    const server = serverWith({
      schema,
      configure: () => {
        if (fail) throw new Error("login failed");
        return "first";
      },
    });
    await configureProvider(server, { config: { token: null }, terraformVersion: "" });
    fail = true;
    const diagnostics = await configureProvider(server, { config: { token: null }, terraformVersion: "" });
    expect(errors(diagnostics)).toEqual(["Could not configure provider test"]);
    expect(server.providerData).toBe("first");
  });

  it("does not keep the data when configure adds an error diagnostic", async () => {
    const server = serverWith({
      schema,
      configure: ({ diagnostics }) => {
        diagnostics.addError("No credentials");
        return "half";
      },
    });
    expect(errors(await configureProvider(server, { config: null, terraformVersion: "" }))).toEqual([
      "No credentials",
    ]);
    expect(server.providerData).toBeUndefined();
  });

  it("with no configure handler, succeeds with no provider data", async () => {
    const server = serverWith({ schema });
    expect(errors(await configureProvider(server, { config: { token: "x" }, terraformVersion: "" }))).toEqual(
      [],
    );
    expect(server.providerData).toBeUndefined();
  });

  it("hands configure the server's stop signal", async () => {
    let signal: AbortSignal | undefined;
    const server = serverWith({
      configure: (ctx) => {
        signal = ctx.signal;
      },
    });
    await configureProvider(server, { config: null, terraformVersion: "" });
    server.stop();
    expect(signal?.aborted).toBe(true);
  });
});
