// provider_meta: a module may set `provider_meta "<provider>" { ... }` in its terraform block,
// and Terraform sends it with PlanResourceChange, ApplyResourceChange, ReadResource and
// ReadDataSource, so a provider can tell which module a resource belongs to (for usage
// reporting, say). The provider declares its schema as `metaSchema`; handlers of those RPCs
// receive the values as `providerMeta`.
//
// This file is the author's side. The wire decodes the block with decodeProviderMeta
// (protocol/requests.ts), and the engine hands it to handlers with providerMetaForAuthor
// (values/author-values.ts).
import type { Config } from "./schema/infer.js";
import type { Schema } from "./schema/schema.js";

/** The context field of handlers whose RPC carries provider_meta. */
export interface ProviderMetaAccess<M extends Schema = Schema> {
  /**
   * The module's `provider_meta` block, as the provider's `metaSchema` describes it; null when
   * the module sets none (or the provider declares no metaSchema).
   */
  readonly providerMeta: Config<M> | null;
}
