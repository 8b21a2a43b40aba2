// tsvider_env_variables through the test kit, over a fixed environment given by the `env`
// option: each filter, empty values, case, transforms, sensitive keys, and bad input.
import { defineProvider } from "@tsvider/framework";
import { testProvider } from "@tsvider/framework/testing";
import { describe, expect, it } from "vitest";
import { type EnvVariablesOptions, envVariablesDataSource } from "./env-variables.js";

const TYPE = "tsvider_env_variables";
/** The data source, served by a provider of its own through the test kit. */
const kitFor = (options: EnvVariablesOptions) =>
  testProvider(
    defineProvider({ name: "tsvider", version: "0.0.0", dataSources: [envVariablesDataSource(options)] }),
  );
const env = {
  APP_NAME: "shop",
  APP_PORT: "8080",
  APP_EMPTY: "",
  app_lower: "x",
  API_URL: "https://api.example.com",
  API_TOKEN: "s3cret",
  HOME: "/home/me",
};
const kit = kitFor({ env: () => env });
const read = async (config: Record<string, unknown>) => {
  const { state, diagnostics } = await kit.readDataSource(TYPE, config);
  expect(diagnostics).toEqual([]);
  return state!;
};

describe("envVariablesDataSource", () => {
  it("without a filter gives every variable that is not empty, and the whole environment", async () => {
    const state = await read({});
    expect(Object.keys(state.values as object).sort()).toEqual(
      Object.keys(env)
        .filter((k) => k !== "APP_EMPTY")
        .sort(),
    );
    expect(state.all_environment).toEqual(env);
    expect(state.sensitive_values).toEqual({});
  });

  it("shows the defaults it applied for exclude_empty and case_sensitive, and what config set", async () => {
    expect(await read({ prefix: "APP_" })).toMatchObject({ exclude_empty: true, case_sensitive: true });
    expect(await read({ prefix: "APP_", exclude_empty: false, case_sensitive: false })).toMatchObject({
      exclude_empty: false,
      case_sensitive: false,
    });
  });

  it("keys picks the variables named, skipping unset ones", async () => {
    const state = await read({ keys: ["HOME", "NOT_SET", "APP_PORT"] });
    expect(state.values).toEqual({ HOME: "/home/me", APP_PORT: "8080" });
  });

  it("prefix matches case-sensitively unless told otherwise; empty values are left out by default", async () => {
    expect((await read({ prefix: "APP_" })).values).toEqual({ APP_NAME: "shop", APP_PORT: "8080" });
    expect((await read({ prefix: "APP_", exclude_empty: false })).values).toEqual({
      APP_NAME: "shop",
      APP_PORT: "8080",
      APP_EMPTY: "",
    });
    expect((await read({ prefix: "app_", case_sensitive: false })).values).toEqual({
      APP_NAME: "shop",
      APP_PORT: "8080",
      app_lower: "x",
    });
  });

  it("regex matches from the name's first character", async () => {
    expect((await read({ regex: "API_(URL|TOKEN)" })).values).toEqual({
      API_URL: "https://api.example.com",
      API_TOKEN: "s3cret",
    });
    expect((await read({ regex: "URL" })).values).toEqual({});
    expect((await read({ regex: ".*_URL$" })).values).toEqual({ API_URL: "https://api.example.com" });
    expect((await read({ regex: "app_", case_sensitive: false })).values).toHaveProperty("APP_NAME");
  });

  it("sensitive_keys moves variables to sensitive_values; all_values has both", async () => {
    const state = await read({ prefix: "API_", sensitive_keys: ["API_TOKEN"] });
    expect(state.values).toEqual({ API_URL: "https://api.example.com" });
    expect(state.sensitive_values).toEqual({ API_TOKEN: "s3cret" });
    expect(state.all_values).toEqual({ API_URL: "https://api.example.com", API_TOKEN: "s3cret" });
  });

  it("transforms names and values; sensitive_keys may name either form", async () => {
    const state = await read({
      prefix: "API_",
      transform_keys: "lower",
      transform_values: "upper",
      sensitive_keys: ["api_token"],
    });
    expect(state.values).toEqual({ api_url: "HTTPS://API.EXAMPLE.COM" });
    expect(state.sensitive_values).toEqual({ api_token: "S3CRET" });
  });

  it("the sensitive attributes are marked sensitive in the schema", () => {
    const ds = envVariablesDataSource();
    expect(ds.schema.sensitive_values.options).toMatchObject({ sensitive: true });
    expect(ds.schema.all_values.options).toMatchObject({ sensitive: true });
    expect(ds.schema.all_environment.options).toMatchObject({ sensitive: true });
  });

  it.each([
    [{ keys: ["A"], prefix: "B" }, "keys", /prefix/],
    [{ prefix: "A", regex: "B" }, "prefix", /regex/],
    [{ regex: "(" }, "regex", /is not a valid regular expression/],
    [{ transform_keys: "title" }, "transform_keys", /upper|lower/],
    [{ transform_values: "UP" }, "transform_values", /upper|lower/],
    [{ keys: ["OK", ""] }, "keys", /element 1/],
  ])("refuses %j at %s", async (config, attribute, message) => {
    const { diagnostics } = await kit.validate(TYPE, config);
    expect(diagnostics.length).toBeGreaterThanOrEqual(1);
    expect(diagnostics[0]).toMatchObject({ severity: "error", path: [{ attribute }] });
    expect(`${diagnostics[0]?.summary} ${diagnostics[0]?.detail}`).toMatch(message);
  });

  it("two names that transform_keys makes equal, with different values, are an error at transform_keys", async () => {
    const k = kitFor({ env: () => ({ A: "1", a: "2" }) });
    const { diagnostics } = await k.readDataSource(TYPE, { transform_keys: "upper" });
    expect(diagnostics[0]).toMatchObject({ path: [{ attribute: "transform_keys" }] });
    expect(diagnostics[0]?.summary).toContain('Two variables become "A"');
  });

  it("stops a regex that backtracks for ever with an error at regex, and keeps serving", async () => {
    // (A+)+$ against 60 A's and a "!" backtracks about 2^60 times: without the time limit,
    // this read would never end (Go's linear-time regexp answers at once).
    const k = kitFor({
      env: () => ({ [`${"A".repeat(60)}!`]: "x", B: "y" }),
      regexTimeLimitMs: 200,
    });
    const { diagnostics } = await k.readDataSource(TYPE, { regex: "(A+)+$" });
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ severity: "error", path: [{ attribute: "regex" }] });
    expect(diagnostics[0]?.summary).toBe("regex took longer than 0.2 s to match variable names");
    expect(diagnostics[0]?.detail).toContain("nested repetition such as (A+)+");
    // The same data source answers the next read as usual.
    const next = await k.readDataSource(TYPE, { regex: "B" });
    expect(next.diagnostics).toEqual([]);
    expect(next.state?.values).toEqual({ B: "y" });
  });

  it("never shows the provider's private state secret", async () => {
    const k = kitFor({
      env: () => ({ TSVIDER_PRIVATE_STATE_SECRET: "0123456789abcdef", A: "1" }),
    });
    const { state } = await k.readDataSource(TYPE, { keys: ["TSVIDER_PRIVATE_STATE_SECRET", "A"] });
    expect(state?.values).toEqual({ A: "1" });
    expect(state?.all_environment).toEqual({ A: "1" });
  });

  it("takes another provider's prefix and reads process.env by default", async () => {
    const k = testProvider(
      defineProvider({
        name: "mycloud",
        version: "0.0.0",
        dataSources: [envVariablesDataSource({ typeName: "mycloud_env" })],
      }),
    );
    process.env.TSVIDER_ENV_TEST_VALUE = "here";
    const { state } = await k.readDataSource("mycloud_env", { keys: ["TSVIDER_ENV_TEST_VALUE"] });
    expect(state?.values).toEqual({ TSVIDER_ENV_TEST_VALUE: "here" });
    delete process.env.TSVIDER_ENV_TEST_VALUE;
  });
});
