// Validating an ephemeral resource's configuration: Terraform's validate walk, where values may
// still be unknown. The schema's own checks, then the attributes' validators, then the
// author's validateConfig.

import { Diagnostics } from "../diagnostics.js";
import type { EphemeralResource } from "../ephemeral-resource.js";
import { componentLog } from "../internal/log.js";
import { forAuthor } from "./author-values.js";
import { checkConfig } from "./config-checks.js";
import { runHandler } from "./handler.js";
import type { ObjectValue, ProviderServer } from "./provider-server.js";
import { runValidators } from "./run-validators.js";

export async function validateEphemeralResourceConfig(
  server: ProviderServer,
  resource: EphemeralResource,
  config: ObjectValue | null,
): Promise<Diagnostics> {
  const diagnostics = new Diagnostics();
  if (config === null) return diagnostics;
  const component = `ephemeral resource ${resource.typeName}`;
  checkConfig(resource.schema, config, diagnostics);
  if (!diagnostics.hasErrors)
    await runValidators(resource.schema, forAuthor(resource.schema, config), component, diagnostics);
  const validateConfig = resource.validateConfig;
  if (validateConfig && !diagnostics.hasErrors) {
    await runHandler(diagnostics, `${component} validateConfig`, () =>
      validateConfig({
        config: forAuthor(resource.schema, config) as never,
        diagnostics,
        providerData: server.providerData,
        log: componentLog(resource.typeName),
        signal: server.signal,
      }),
    );
  }
  return diagnostics;
}
