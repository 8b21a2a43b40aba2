import { Diagnostics } from "../diagnostics.js";
import { componentLog } from "../internal/log.js";
import { forAuthor } from "../values/author-values.js";
import { completeObject } from "../values/complete.js";
import { handlerSite, runHandler } from "../values/handler.js";
import type { ObjectValue } from "../values/object-value.js";
import {
  type DeferralRequest,
  DeferralSlot,
  deferUnknownProviderConfig,
  providerDeferralAccess,
  setProviderDeferral,
  settleProviderDeferral,
} from "./deferral-slot.js";
import type { ProviderServer } from "./provider-server.js";

export async function configureProvider(
  server: ProviderServer,
  request: { readonly config: ObjectValue | null; readonly terraformVersion: string } & DeferralRequest,
): Promise<Diagnostics> {
  const diagnostics = new Diagnostics();
  const { provider } = server;
  // Each configuration starts undeferred (a reattached process is configured once per walk).
  setProviderDeferral(server, undefined);
  if (deferUnknownProviderConfig(server, request.config, request, diagnostics)) return diagnostics;
  if (!provider.configure) {
    server.setConfigured(undefined);
    return diagnostics;
  }
  const schema = provider.schema ?? {};
  // No provider block at all reads as one with nothing set.
  const config = request.config ?? completeObject(schema, {}, `provider ${provider.name}`, diagnostics) ?? {};
  const deferral = new DeferralSlot(request);
  const site = handlerSite(provider, "provider", provider.name, "configure");
  const data = await runHandler(diagnostics, site, () =>
    provider.configure!({
      ...providerDeferralAccess(deferral),
      config: forAuthor(schema, config) as never,
      terraformVersion: request.terraformVersion,
      diagnostics,
      signal: server.signal,
      log: componentLog(provider.name),
    }),
  );
  if (settleProviderDeferral(server, deferral, diagnostics)) return diagnostics;
  if (!diagnostics.hasErrors) server.setConfigured(data);
  return diagnostics;
}
