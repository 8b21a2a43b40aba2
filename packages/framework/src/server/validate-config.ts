// Terraform's validate walk for one configuration (any component's, or the provider's), where
// values may still be unknown: the schema's own checks, then the attributes' validators, then
// the author's validateConfig, each only when the ones before it found no error. The per-RPC
// modules beside this one say what differs.
import type { Logger } from "@tsvider/rpcplugin";
import { Diagnostics } from "../diagnostics.js";
import { componentLog } from "../internal/log.js";
import type { Schema } from "../schema/schema.js";
import { forAuthor } from "../values/author-values.js";
import { checkConfig } from "../values/config-checks.js";
import { type ComponentKind, type HandlerSite, handlerSite, runHandler } from "../values/handler.js";
import type { ObjectValue } from "../values/object-value.js";
import { warnDeprecated } from "./deprecation-warnings.js";
import type { ProviderServer } from "./provider-server.js";
import { runValidators } from "./run-validators.js";

export async function validateConfiguration(options: {
  readonly schema: Schema;
  readonly config: ObjectValue;
  readonly diagnostics: Diagnostics;
  /** Names the component in diagnostics: `provider x`, `data source x_y`, ... */
  readonly who: string;
  /** The author's validateConfig, as the provider's mapError is told of what it throws. */
  readonly site: HandlerSite;
  /** The schema's own checks (checkConfig, and whatever else the component kind adds). */
  readonly check: () => void;
  /** Calls the author's validateConfig, if there is one, with the config as authors see it. */
  readonly validateConfig: ((config: unknown) => void | Promise<void>) | undefined;
}): Promise<void> {
  const { schema, config, diagnostics, who, site, validateConfig } = options;
  options.check();
  warnDeprecated(schema, config, diagnostics);
  if (!diagnostics.hasErrors) await runValidators(schema, forAuthor(schema, config), who, diagnostics);
  if (validateConfig && !diagnostics.hasErrors) {
    await runHandler(diagnostics, site, () => validateConfig(forAuthor(schema, config)));
  }
}

/**
 * A component whose validateConfig takes the context every kind but resources and data
 * sources shares: ephemeral resources, list resources, actions and state stores.
 */
export interface ValidatedComponent {
  readonly typeName: string;
  readonly schema: Schema;
  validateConfig?(ctx: {
    readonly config: never;
    readonly diagnostics: Diagnostics;
    readonly providerData: unknown;
    readonly log: Logger;
    readonly signal: AbortSignal;
  }): void | Promise<void>;
}

/**
 * Validates such a component's configuration (diagnostics name it by kind and type name:
 * `action x_y`); a null one (a block Terraform has nothing for) has nothing to check.
 */
export async function validateComponentConfig(
  server: ProviderServer,
  component: ValidatedComponent,
  kind: ComponentKind,
  config: ObjectValue | null,
): Promise<Diagnostics> {
  const diagnostics = new Diagnostics();
  if (config === null) return diagnostics;
  const who = `${kind} ${component.typeName}`;
  const validateConfig = component.validateConfig?.bind(component);
  await validateConfiguration({
    schema: component.schema,
    config,
    diagnostics,
    who,
    site: handlerSite(server.provider, kind, component.typeName, "validateConfig"),
    check: () => checkConfig(component.schema, config, diagnostics),
    validateConfig:
      validateConfig &&
      ((values) =>
        validateConfig({
          config: values as never,
          diagnostics,
          providerData: server.providerData,
          log: componentLog(component.typeName),
          signal: server.signal,
        })),
  });
  return diagnostics;
}
