import { Diagnostics } from "../diagnostics.js";
import { componentLog } from "../internal/log.js";
import type { Resource } from "../resource.js";
import { checkConfiguredTimeouts } from "../timeouts.js";
import { forAuthor } from "./author-values.js";
import { checkConfig } from "./config-checks.js";
import { runHandler } from "./handler.js";
import type { ObjectValue, ProviderServer } from "./provider-server.js";
import { runValidators } from "./run-validators.js";

export async function validateResourceConfig(
  server: ProviderServer,
  resource: Resource,
  config: ObjectValue | null,
  host: { readonly writeOnlyAllowed: boolean } = { writeOnlyAllowed: true },
): Promise<Diagnostics> {
  const diagnostics = new Diagnostics();
  if (config === null) return diagnostics;
  checkConfig(resource.schema, config, diagnostics, host);
  checkConfiguredTimeouts(resource.schema, config, diagnostics);
  if (!diagnostics.hasErrors) {
    await runValidators(resource.schema, forAuthor(resource.schema, config), resource.typeName, diagnostics);
  }
  if (resource.validateConfig && !diagnostics.hasErrors) {
    await runHandler(diagnostics, `${resource.typeName} validateConfig`, () =>
      resource.validateConfig!({
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
