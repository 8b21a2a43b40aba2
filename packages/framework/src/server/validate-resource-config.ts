import { Diagnostics } from "../diagnostics.js";
import type { Resource } from "../resource.js";
import { runHandler } from "./handler.js";
import type { ObjectValue, ProviderServer } from "./provider-server.js";
import { checkRequired } from "./values.js";

export async function validateResourceConfig(
  server: ProviderServer,
  resource: Resource,
  config: ObjectValue | null,
): Promise<Diagnostics> {
  const diagnostics = new Diagnostics();
  if (config === null) return diagnostics;
  checkRequired(resource.schema, config, diagnostics);
  if (resource.validateConfig && !diagnostics.hasErrors) {
    await runHandler(diagnostics, `${resource.typeName} validateConfig`, () =>
      resource.validateConfig!({
        config: config as never,
        diagnostics,
        providerData: server.providerData,
        signal: server.signal,
      }),
    );
  }
  return diagnostics;
}
