// Terraform's validate walk for one configuration (a provider's, a resource's, a data
// source's, an ephemeral resource's), where values may still be unknown: the schema's own
// checks, then the attributes' validators, then the author's validateConfig, each only when
// the ones before it found no error. The per-RPC modules beside this one say what differs.
import type { Diagnostics } from "../diagnostics.js";
import type { Schema } from "../schema/schema.js";
import { forAuthor } from "./author-values.js";
import { runHandler } from "./handler.js";
import type { ObjectValue } from "./provider-server.js";
import { runValidators } from "./run-validators.js";

export async function validateConfiguration(options: {
  readonly schema: Schema;
  readonly config: ObjectValue;
  readonly diagnostics: Diagnostics;
  /** Names the component in diagnostics: `provider x`, `data source x_y`, ... */
  readonly who: string;
  /** The schema's own checks (checkConfig, and whatever else the component kind adds). */
  readonly check: () => void;
  /** Calls the author's validateConfig, if there is one, with the config as authors see it. */
  readonly validateConfig: ((config: unknown) => void | Promise<void>) | undefined;
}): Promise<void> {
  const { schema, config, diagnostics, who, validateConfig } = options;
  options.check();
  if (!diagnostics.hasErrors) await runValidators(schema, forAuthor(schema, config), who, diagnostics);
  if (validateConfig && !diagnostics.hasErrors) {
    await runHandler(diagnostics, `${who} validateConfig`, () => validateConfig(forAuthor(schema, config)));
  }
}
