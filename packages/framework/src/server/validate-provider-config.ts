import { Diagnostics } from "../diagnostics.js";
import { componentLog } from "../internal/log.js";
import { completeObject } from "../values/complete.js";
import { checkConfig } from "../values/config-checks.js";
import { handlerSite } from "../values/handler.js";
import type { ObjectValue } from "../values/object-value.js";
import type { ProviderServer } from "./provider-server.js";
import { validateConfiguration } from "./validate-config.js";

export async function validateProviderConfig(
  server: ProviderServer,
  config: ObjectValue | null,
): Promise<Diagnostics> {
  const diagnostics = new Diagnostics();
  const { provider } = server;
  const schema = provider.schema ?? {};
  // No provider block at all reads as one with nothing set.
  const values = config ?? completeObject(schema, {}, `provider ${provider.name}`, diagnostics) ?? {};
  await validateConfiguration({
    schema,
    config: values,
    diagnostics,
    who: `provider ${provider.name}`,
    site: handlerSite(provider, "provider", provider.name, "validateConfig"),
    check: () => checkConfig(schema, values, diagnostics),
    validateConfig:
      provider.validateConfig &&
      ((config) =>
        provider.validateConfig!({ config: config as never, diagnostics, log: componentLog(provider.name) })),
  });
  return diagnostics;
}
