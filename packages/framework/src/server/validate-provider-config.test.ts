// validateProviderConfig, called directly: schema checks, attribute validators, the author's
// validateConfig, and a missing provider block read as an empty one.
import { Unknown } from "@tsvider/cty";
import { describe, expect, it } from "vitest";
import { ValidationError } from "../errors.js";
import { attr } from "../schema/attributes.js";
import { errors, serverWith } from "./core-fixture.test-support.js";
import { validateProviderConfig } from "./validate-provider-config.js";

const schema = {
  endpoint: attr.string({ optional: true }),
  retries: attr.int64({ optional: true }),
};

describe("validateProviderConfig", () => {
  it("accepts a good config and a missing provider block", async () => {
    const seen: unknown[] = [];
    const server = serverWith({
      schema,
      validateConfig: ({ config }) => {
        seen.push(config);
      },
    });
    expect(errors(await validateProviderConfig(server, { endpoint: "https://x", retries: 3 }))).toEqual([]);
    expect(errors(await validateProviderConfig(server, null))).toEqual([]);
    expect(seen).toEqual([
      { endpoint: "https://x", retries: 3 },
      { endpoint: null, retries: null },
    ]);
  });

  it("refuses a value the type does not allow before the author's code runs", async () => {
    let called = false;
    const server = serverWith({
      schema,
      validateConfig: () => {
        called = true;
      },
    });
    const diagnostics = await validateProviderConfig(server, { endpoint: null, retries: 1.5 });
    expect(diagnostics.hasErrors).toBe(true);
    expect(diagnostics.items[0]?.path).toEqual([{ attribute: "retries" }]);
    expect(called).toBe(false);
  });

  it("passes unknown values to validateConfig as they are", async () => {
    let got: unknown;
    const server = serverWith({
      schema,
      validateConfig: ({ config }) => {
        got = config.endpoint;
      },
    });
    expect(errors(await validateProviderConfig(server, { endpoint: Unknown, retries: null }))).toEqual([]);
    expect(got).toBe(Unknown);
  });

  it("turns a thrown ValidationError into its diagnostic, and any other throw into an error", async () => {
    const refusing = serverWith({
      schema,
      validateConfig: () => {
        throw new ValidationError("Endpoint is wrong", { path: [{ attribute: "endpoint" }] });
      },
    });
    const refused = await validateProviderConfig(refusing, { endpoint: "x", retries: null });
    expect(refused.items).toMatchObject([
      { summary: "Endpoint is wrong", path: [{ attribute: "endpoint" }] },
    ]);

    const crashing = serverWith({
      schema,
      validateConfig: () => {
        throw new TypeError("oops");
      },
    });
    expect(errors(await validateProviderConfig(crashing, { endpoint: "x", retries: null }))).toEqual([
      "Unexpected error in provider test validateConfig",
    ]);
  });
});
