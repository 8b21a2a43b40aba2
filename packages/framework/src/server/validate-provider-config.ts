import { Diagnostics } from "../diagnostics.js";
import { componentLog } from "../internal/log.js";
import { forAuthor } from "./author-values.js";
import { checkConfig } from "./config-checks.js";
import { runHandler } from "./handler.js";
import type { ObjectValue, ProviderServer } from "./provider-server.js";
import { runValidators } from "./run-validators.js";
import { completeObject } from "./values.js";

export async function validateProviderConfig(
  server: ProviderServer,
  config: ObjectValue | null,
): Promise<Diagnostics> {
  const diagnostics = new Diagnostics();
  const { provider } = server;
  const schema = provider.schema ?? {};
  // No provider block at all reads as one with nothing set.
  const values = config ?? completeObject(schema, {}, `provider ${provider.name}`, diagnostics) ?? {};
  checkConfig(schema, values, diagnostics);
  if (!diagnostics.hasErrors) {
    await runValidators(schema, forAuthor(schema, values), `provider ${provider.name}`, diagnostics);
  }
  if (provider.validateConfig && !diagnostics.hasErrors) {
    await runHandler(diagnostics, `provider ${provider.name} validateConfig`, () =>
      provider.validateConfig!({
        config: forAuthor(schema, values) as never,
        diagnostics,
        log: componentLog(provider.name),
      }),
    );
  }
  return diagnostics;
}
