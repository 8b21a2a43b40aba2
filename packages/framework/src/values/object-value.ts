// The shape of every object the framework handles: a decoded config, plan or state, an
// identity, an object inside a nested attribute or block. Each attribute holds a cty value as
// @tsvider/cty decodes it; the types inferred from a schema (schema/infer.ts) describe the same
// objects for the author. Kept apart from the engine so that the author API, the schema and the
// engine can all name it.
import type { CtyValue } from "@tsvider/cty";

/** The value every decoded request carries for a resource: typed for the author at the edge. */
export type ObjectValue = { readonly [attribute: string]: CtyValue };
