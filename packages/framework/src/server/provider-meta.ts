// The provider_meta values a request carries, as handlers receive them (see ../provider-meta.ts).
import { forAuthor } from "../values/author-values.js";
import type { ObjectValue } from "../values/object-value.js";
import type { ProviderServer } from "./provider-server.js";

/** `providerMeta` for a handler: null when the module set none or the provider declares no schema. */
export function providerMetaFor(
  server: ProviderServer,
  meta: ObjectValue | null | undefined,
): ObjectValue | null {
  const schema = server.provider.metaSchema;
  if (meta === null || meta === undefined || schema === undefined) return null;
  return forAuthor(schema, meta);
}
