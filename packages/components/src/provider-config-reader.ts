/**
 * The `tsvider_provider_config_reader` data source: the provider's API settings, defaults
 * applied, as configuration can read them.
 *
 * @packageDocumentation
 */
// Shows the provider's API settings to configuration, defaults applied, so a module can check
// how its provider was configured; the token stays sensitive.
import { attr, DataSourceError, defineDataSource, t } from "@tsvider/framework";
import { type ApiSettings, apiSettingsOf } from "./provider-config.js";

const schema = {
  api_endpoint: attr.string({
    computed: true,
    description: "The provider's `api_endpoint` without trailing slashes, or null.",
  }),
  api_token: attr.string({
    computed: true,
    sensitive: true,
    description:
      "The provider's `api_token`, or null. Terraform shows it as `(sensitive value)`; an output of it must set `sensitive = true`.",
  }),
  api_timeout: attr.number({ computed: true, description: "Seconds per API request; 30 when not set." }),
  api_retries: attr.int64({
    computed: true,
    description: "Retries of a failed API request; 3 when not set.",
  }),
  api_insecure_skip_verify: attr.bool({
    computed: true,
    description: "Whether TLS certificates go unchecked; false when not set.",
  }),
  api_headers: attr.map(t.string, {
    computed: true,
    description: "The provider's `api_headers`; an empty map when not set.",
  }),
};

/**
 * Options of `providerConfigReaderDataSource`: the type name, and where the API settings are in
 * the provider's data.
 */
export interface ProviderConfigReaderOptions {
  /** Defaults to `tsvider_provider_config_reader`; use your provider's prefix to reuse it elsewhere. */
  readonly typeName?: string;
  /** Where the API settings are in the provider's data; see HttpApiOptions.settings. */
  readonly settings?: (providerData: unknown) => ApiSettings | null;
}

/**
 * A data source giving the provider's API settings (`api_endpoint`, `api_token` as a sensitive
 * value, `api_timeout`, `api_retries`, `api_insecure_skip_verify`, `api_headers`) with defaults
 * applied, so a module can check how its provider was configured
 * (`tsvider_provider_config_reader` unless `options.typeName` says otherwise). Its read fails
 * when the provider's `configure` returned no settings made by `apiSettings` (provider-config.ts)
 * and `options.settings` finds none.
 */
export function providerConfigReaderDataSource(options: ProviderConfigReaderOptions = {}) {
  const settingsOf = options.settings ?? apiSettingsOf;
  return defineDataSource({
    typeName: options.typeName ?? "tsvider_provider_config_reader",
    description: "The provider's API settings (api_endpoint, api_token, ...), with defaults applied.",
    schema,
    async read({ providerData }) {
      const settings = settingsOf(providerData);
      if (settings === null) {
        throw new DataSourceError("The provider holds no API settings", {
          detail:
            "This provider's configure does not return settings made by apiSettings(), so there is nothing to read. Provider authors: return apiSettings(config) from configure, or pass a settings option.",
        });
      }
      return {
        api_endpoint: settings.endpoint,
        api_token: settings.token,
        api_timeout: settings.timeoutSeconds,
        api_retries: settings.retries,
        api_insecure_skip_verify: settings.insecureSkipVerify,
        api_headers: { ...settings.headers },
      };
    },
  });
}
