// The API provider settings through the test kit: the attributes' validation as
// ValidateProviderConfig runs it, the defaults configure applies, and the provider_config_reader
// data source showing the settings back.
import { attr, Diagnostics, defineProvider } from "@tsvider/framework";
import { testProvider } from "@tsvider/framework/testing";
import { describe, expect, it } from "vitest";
import {
  apiProviderSchema,
  apiSettings,
  apiSettingsOf,
  checkLensSettings,
  checkTestModeSetting,
  lensProviderSchema,
  lensSettings,
  lensSettingsOf,
  testModeProviderSchema,
} from "./provider-config.js";
import { providerConfigReaderDataSource } from "./provider-config-reader.js";

const READER = "tsvider_provider_config_reader";
const kit = () =>
  testProvider(
    defineProvider({
      name: "tsvider",
      version: "0.0.0",
      schema: { label: attr.string({ optional: true }), ...apiProviderSchema },
      configure: ({ config }) => apiSettings(config),
      dataSources: [providerConfigReaderDataSource()],
    }),
  );

describe("apiProviderSchema and apiSettings", () => {
  it("applies the defaults for what the provider block leaves out", async () => {
    const k = kit();
    expect((await k.configure({})).diagnostics).toEqual([]);
    const { state, diagnostics } = await k.readDataSource(READER, {});
    expect(diagnostics).toEqual([]);
    expect(state).toEqual({
      api_endpoint: null,
      api_token: null,
      api_timeout: 30,
      api_retries: 3,
      api_insecure_skip_verify: false,
      api_headers: {},
    });
  });

  it("shows what the provider block set, endpoint without its trailing slash", async () => {
    const k = kit();
    const configured = await k.configure({
      api_endpoint: "https://api.example.com/v1/",
      api_token: "s3cret-token",
      api_timeout: 2.5,
      api_retries: 0,
      api_insecure_skip_verify: true,
      api_headers: { "X-Team": "infra" },
    });
    expect(configured.diagnostics).toEqual([]);
    const { state } = await k.readDataSource(READER, {});
    expect(state).toEqual({
      api_endpoint: "https://api.example.com/v1",
      api_token: "s3cret-token",
      api_timeout: 2.5,
      api_retries: 0,
      api_insecure_skip_verify: true,
      api_headers: { "X-Team": "infra" },
    });
  });

  it.each([
    [{ api_endpoint: "not a url" }, "api_endpoint", /is not a URL/],
    [{ api_endpoint: "ftp://files.example.com" }, "api_endpoint", /uses ftp: only http/],
    [{ api_endpoint: "https://user:pw@api.example.com" }, "api_endpoint", /put credentials in api_token/],
    [{ api_endpoint: "https://api.example.com/?x=1" }, "api_endpoint", /query or fragment/],
    [{ api_timeout: 0 }, "api_timeout", /more than 0 seconds/],
    [{ api_timeout: -3 }, "api_timeout", /more than 0 seconds/],
    [{ api_retries: -1 }, "api_retries", /at least 0/i],
    [{ api_headers: { "Bad Name": "x" } }, "api_headers", /"Bad Name" is not a valid header name/],
    [{ api_headers: { "X-A": "a\r\nX-Injected: 1" } }, "api_headers", /line break/],
  ])("refuses %j at %s", async (config, attribute, message) => {
    const { diagnostics } = await kit().configure(config);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ severity: "error", path: [{ attribute }] });
    expect(`${diagnostics[0]?.summary} ${diagnostics[0]?.detail}`).toMatch(message);
  });

  it("the reader says so when the provider data holds no settings", async () => {
    const k = testProvider(
      defineProvider({
        name: "tsvider",
        version: "0.0.0",
        configure: () => ({ somethingElse: true }),
        dataSources: [providerConfigReaderDataSource()],
      }),
    );
    await k.configure({});
    const { state, diagnostics } = await k.readDataSource(READER, {});
    expect(state).toBeNull();
    expect(diagnostics[0]?.summary).toBe("The provider holds no API settings");
  });

  it("apiSettingsOf finds only settings apiSettings made", () => {
    const made = apiSettings({
      api_endpoint: null,
      api_token: null,
      api_timeout: null,
      api_retries: null,
      api_insecure_skip_verify: null,
      api_headers: null,
    });
    expect(apiSettingsOf(made)).toBe(made);
    expect(apiSettingsOf({ endpoint: "x", token: null })).toBeNull();
    expect(apiSettingsOf(undefined)).toBeNull();
  });

  it("the reader takes a settings option and another prefix", async () => {
    const settings = apiSettings({
      api_endpoint: "http://127.0.0.1:1",
      api_token: null,
      api_timeout: null,
      api_retries: 1n,
      api_insecure_skip_verify: null,
      api_headers: null,
    });
    const k = testProvider(
      defineProvider({
        name: "mycloud",
        version: "0.0.0",
        configure: () => ({ api: settings }),
        dataSources: [
          providerConfigReaderDataSource({
            typeName: "mycloud_config",
            settings: (data) => (data as { api: typeof settings }).api,
          }),
        ],
      }),
    );
    await k.configure({});
    const { state } = await k.readDataSource("mycloud_config", {});
    expect(state?.api_endpoint).toBe("http://127.0.0.1:1");
    expect(state?.api_retries).toBe(1);
  });
});

describe("the settings of a provider block written for pyvider", () => {
  // A provider with every setting, its validateConfig checking the test mode against `env`.
  const fullKit = (env: NodeJS.ProcessEnv) =>
    testProvider(
      defineProvider({
        name: "tsvider",
        version: "0.0.0",
        schema: { ...apiProviderSchema, ...testModeProviderSchema, ...lensProviderSchema },
        validateConfig({ config, diagnostics }) {
          checkTestModeSetting(config.tsvider_testmode, diagnostics, env);
          checkLensSettings(config, diagnostics);
        },
        configure: ({ config }) => ({ ...apiSettings(config), ...lensSettings(config) }),
        dataSources: [providerConfigReaderDataSource()],
      }),
    );

  it("accepts pyvider's settings, quietly when they agree with the environment", async () => {
    const k = fullKit({ TSVIDER_TESTMODE: "true" });
    const configured = await k.configure({
      api_endpoint: "https://api.example.com",
      tsvider_testmode: true,
      lens_enabled: true,
    });
    expect(configured.diagnostics).toEqual([]);
    // The API settings are still found in the combined provider data.
    expect((await k.readDataSource(READER, {})).state?.api_endpoint).toBe("https://api.example.com");
    expect((await fullKit({}).configure({ tsvider_testmode: false })).diagnostics).toEqual([]);
    expect((await fullKit({}).configure({})).diagnostics).toEqual([]);
  });

  it("warns at tsvider_testmode = true when the process is not in test mode, saying how to turn it on", async () => {
    const { diagnostics } = await fullKit({}).configure({ tsvider_testmode: true });
    expect(diagnostics).toEqual([
      {
        severity: "warning",
        summary: "tsvider_testmode is true, but the provider is not in test mode",
        detail: expect.stringContaining(
          "Set TSVIDER_TESTMODE=true in the environment terraform or tofu runs in",
        ),
        path: [{ attribute: "tsvider_testmode" }],
      },
    ]);
  });

  it("warns at tsvider_testmode = false when the environment turns test mode on anyway", async () => {
    const { diagnostics } = await fullKit({ TSVIDER_TESTMODE: "1" }).configure({ tsvider_testmode: false });
    expect(diagnostics).toEqual([
      {
        severity: "warning",
        summary: "tsvider_testmode is false, but the provider is in test mode",
        detail: expect.stringContaining("Unset TSVIDER_TESTMODE to leave them out"),
        path: [{ attribute: "tsvider_testmode" }],
      },
    ]);
  });

  it("says nothing of a test mode setting not known yet", () => {
    const diagnostics = new Diagnostics();
    checkTestModeSetting(undefined, diagnostics, {});
    checkTestModeSetting(null, diagnostics, { TSVIDER_TESTMODE: "true" });
    expect(diagnostics.items).toEqual([]);
  });

  it("accepts lens_jq_path with a warning that it is not used", async () => {
    const { diagnostics } = await fullKit({}).configure({ lens_jq_path: "/usr/bin/jq" });
    expect(diagnostics).toEqual([
      {
        severity: "warning",
        summary: "lens_jq_path is not used",
        detail: expect.stringContaining("runs jq 1.8 inside itself"),
        path: [{ attribute: "lens_jq_path" }],
      },
    ]);
  });

  it("lensSettings defaults lens_enabled to true, and lensSettingsOf finds them beside the API settings", () => {
    expect(lensSettings({ lens_enabled: null, lens_jq_path: null }).lensEnabled).toBe(true);
    const off = lensSettings({ lens_enabled: false, lens_jq_path: "/bin/jq" });
    expect(off.lensEnabled).toBe(false);
    const api = apiSettings({
      api_endpoint: null,
      api_token: null,
      api_timeout: null,
      api_retries: null,
      api_insecure_skip_verify: null,
      api_headers: null,
    });
    const both = { ...api, ...off };
    expect(lensSettingsOf(both)?.lensEnabled).toBe(false);
    expect(apiSettingsOf(both)?.retries).toBe(3);
    expect(lensSettingsOf(api)).toBeNull();
    expect(lensSettingsOf({ lensEnabled: false })).toBeNull();
  });
});
