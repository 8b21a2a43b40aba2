// Validating a list block's config: Terraform's validate walk and, again with known values,
// just before it lists (see validate-config.ts).
import { Diagnostics } from "../diagnostics.js";
import type { ListResource } from "../list-resource.js";
import { completeObject } from "../values/complete.js";
import type { ObjectValue } from "../values/object-value.js";
import type { ProviderServer } from "./provider-server.js";
import { validateComponentConfig } from "./validate-config.js";

export function validateListResourceConfig(
  server: ProviderServer,
  definition: ListResource,
  config: ObjectValue | null,
): Promise<Diagnostics> {
  const who = `list resource ${definition.typeName}`;
  // Terraform sends an absent config block as every attribute null; null means the same (an
  // empty object always completes, so the throwaway diagnostics stay empty).
  const values = config ?? completeObject(definition.schema, {}, who, new Diagnostics())!;
  return validateComponentConfig(server, definition, "list resource", values);
}
