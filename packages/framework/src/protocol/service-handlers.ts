// Every handler of the Provider service that protocols 5 and 6 share, under protocol 6's names:
// one module per component kind (the provider's own RPCs, resources, data sources, ephemeral
// resources, identity, moves, list resources, actions, state stores, functions), gathered here so
// that each protocol's adapter (../v5, ../v6) maps its RPC names onto one object. Each handler
// decodes its request, calls the engine (../server/) and answers the response's fields; the
// adapter wraps it with `unary` (unary.ts) or a stream (streams.ts).
import type { ProviderServer } from "../server/provider-server.js";
import { actionHandlers } from "./action-handlers.js";
import { dataSourceHandlers } from "./data-source-handlers.js";
import { ephemeralHandlers } from "./ephemeral-handlers.js";
import { functionHandlers } from "./function-handlers.js";
import { identityHandlers } from "./identity-handlers.js";
import { listHandlers } from "./list-handlers.js";
import { moveHandlers } from "./move-handlers.js";
import { providerHandlers } from "./provider-handlers.js";
import { resourceHandlers } from "./resource-handlers.js";
import { stateStoreHandlers } from "./state-store-handlers.js";
import type { SchemaTranslation } from "./wire.js";

/** The shared handlers of every component kind, for one provider and one protocol's schemas. */
export function serviceHandlers(server: ProviderServer, translation: SchemaTranslation) {
  return {
    ...providerHandlers(server, translation),
    ...resourceHandlers(server),
    ...dataSourceHandlers(server),
    ...ephemeralHandlers(server),
    ...identityHandlers(server),
    ...moveHandlers(server),
    ...listHandlers(server),
    ...actionHandlers(server),
    ...stateStoreHandlers(server),
    ...functionHandlers(server),
  };
}
