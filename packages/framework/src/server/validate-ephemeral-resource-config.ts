// Validating an ephemeral resource's configuration: Terraform's validate walk, where values may
// still be unknown (see validate-config.ts).
import type { Diagnostics } from "../diagnostics.js";
import type { EphemeralResource } from "../ephemeral-resource.js";
import type { ObjectValue } from "../values/object-value.js";
import type { ProviderServer } from "./provider-server.js";
import { validateComponentConfig } from "./validate-config.js";

export function validateEphemeralResourceConfig(
  server: ProviderServer,
  resource: EphemeralResource,
  config: ObjectValue | null,
): Promise<Diagnostics> {
  return validateComponentConfig(server, resource, "ephemeral resource", config);
}
