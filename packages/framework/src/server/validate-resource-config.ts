import { Diagnostics } from "../diagnostics.js";
import { componentLog } from "../internal/log.js";
import type { Resource } from "../resource.js";
import { checkConfiguredTimeouts } from "../timeouts.js";
import { checkConfig } from "../values/config-checks.js";
import { handlerSite } from "../values/handler.js";
import type { ObjectValue } from "../values/object-value.js";
import type { ProviderServer } from "./provider-server.js";
import { validateConfiguration } from "./validate-config.js";

export async function validateResourceConfig(
  server: ProviderServer,
  resource: Resource,
  config: ObjectValue | null,
  host: { readonly writeOnlyAllowed: boolean } = { writeOnlyAllowed: true },
): Promise<Diagnostics> {
  const diagnostics = new Diagnostics();
  if (config === null) return diagnostics;
  await validateConfiguration({
    schema: resource.schema,
    config,
    diagnostics,
    who: resource.typeName,
    site: handlerSite(server.provider, "resource", resource.typeName, "validateConfig"),
    check: () => {
      checkConfig(resource.schema, config, diagnostics, { ...host, typeName: resource.typeName });
      checkConfiguredTimeouts(resource.schema, config, diagnostics);
    },
    validateConfig:
      resource.validateConfig &&
      ((values) =>
        resource.validateConfig!({
          config: values as never,
          diagnostics,
          providerData: server.providerData,
          log: componentLog(resource.typeName),
          signal: server.signal,
        })),
  });
  return diagnostics;
}
