// Validating an ephemeral resource's configuration: Terraform's validate walk, where values may
// still be unknown. The schema's own checks, then the attributes' validators, then the
// author's validateConfig.

import { Diagnostics } from "../diagnostics.js";
import type { EphemeralResource } from "../ephemeral-resource.js";
import { componentLog } from "../internal/log.js";
import { checkConfig } from "./config-checks.js";
import type { ObjectValue, ProviderServer } from "./provider-server.js";
import { validateConfiguration } from "./validate-config.js";

export async function validateEphemeralResourceConfig(
  server: ProviderServer,
  resource: EphemeralResource,
  config: ObjectValue | null,
): Promise<Diagnostics> {
  const diagnostics = new Diagnostics();
  if (config === null) return diagnostics;
  const validateConfig = resource.validateConfig;
  await validateConfiguration({
    schema: resource.schema,
    config,
    diagnostics,
    who: `ephemeral resource ${resource.typeName}`,
    check: () => checkConfig(resource.schema, config, diagnostics),
    validateConfig:
      validateConfig &&
      ((values) =>
        validateConfig({
          config: values as never,
          diagnostics,
          providerData: server.providerData,
          log: componentLog(resource.typeName),
          signal: server.signal,
        })),
  });
  return diagnostics;
}
