import { Diagnostics } from "../diagnostics.js";
import { runHandler } from "./handler.js";
import type { ObjectValue, ProviderServer } from "./provider-server.js";
import { checkRequired } from "./values.js";

export async function validateProviderConfig(
  server: ProviderServer,
  config: ObjectValue | null,
): Promise<Diagnostics> {
  const diagnostics = new Diagnostics();
  const { provider } = server;
  const values = config ?? {};
  checkRequired(provider.schema ?? {}, values, diagnostics);
  if (provider.validateConfig && !diagnostics.hasErrors) {
    await runHandler(diagnostics, `provider ${provider.name} validateConfig`, () =>
      provider.validateConfig!({ config: values as never, diagnostics }),
    );
  }
  return diagnostics;
}
