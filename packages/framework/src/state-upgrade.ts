// Schema versions and state upgraders: when a resource's schema changes in a way stored state
// cannot follow by itself (an attribute renamed, a type changed), the author raises `version`
// and writes one upgrader per past version, each going straight to the current schema.
// Terraform stores the version with each object and sends the stored JSON back, with that
// version, in UpgradeResourceState before anything else touches the object.
import type { Decimal } from "@tsvider/cty";
import { FrameworkConfigurationError } from "./diagnostics.js";
import type { ResourceContext } from "./resource.js";
import type { Returned, State } from "./schema/infer.js";
import type { Schema } from "./schema/schema.js";

/**
 * JSON as state stores it, with exact numbers: a JS number when one holds the value exactly,
 * else a bigint (integers) or a Decimal. A dynamic attribute's value is the object
 * `{ value, type }` Terraform writes for it.
 */
export type JsonValue =
  | null
  | boolean
  | string
  | number
  | bigint
  | Decimal
  | readonly JsonValue[]
  | { readonly [key: string]: JsonValue };

/** A resource's state as an older schema version stored it: one property per attribute or block. */
export type RawState = { readonly [attribute: string]: JsonValue };

/**
 * Turns state stored by an older schema version into state of the current schema. Attributes
 * it leaves out are filled with null (blocks with none); the result is checked against the
 * schema before Terraform stores it. `providerData` may be undefined: Terraform can upgrade
 * state before it configures the provider.
 */
export type StateUpgrader<S extends Schema = Schema, P = unknown> = {
  // A method's parameters are compared both ways, so a resource of one provider's data still
  // fits where resources of any data are listed, as its other handlers do.
  bivarianceHack(
    ctx: ResourceContext<P> & {
      readonly rawState: RawState;
      /** The schema version the state was stored with. */
      readonly version: number;
    },
  ): Returned<State<S>> | Promise<Returned<State<S>>>;
}["bivarianceHack"];

/**
 * Start-up check of `version` and `upgraders`. The rules: `version` is a whole number, 0 or
 * more; upgraders are keyed by past versions only (0 to version - 1), each a function; and a
 * past version may go without one (a resource added at version 2 never stored versions 0 and
 * 1), in which case state stored with it is refused with a diagnostic saying so.
 */
export function checkUpgraders(component: string, version: unknown, upgraders: unknown): void {
  const current = version ?? 0;
  if (typeof current !== "number" || !Number.isSafeInteger(current) || current < 0) {
    throw new FrameworkConfigurationError(`${component} has version ${String(version)}`, {
      detail: "A schema version is a whole number, 0 or more.",
    });
  }
  if (upgraders === undefined) return;
  if (typeof upgraders !== "object" || upgraders === null || Array.isArray(upgraders)) {
    throw new FrameworkConfigurationError(`${component} has upgraders that are not an object`, {
      detail:
        "Write upgraders: { 0: ({ rawState }) => newState }, keyed by the version each one upgrades from.",
    });
  }
  for (const [key, upgrader] of Object.entries(upgraders)) {
    const from = /^(0|[1-9]\d*)$/.test(key) ? Number(key) : Number.NaN;
    if (!(from < current)) {
      throw new FrameworkConfigurationError(`${component} has an upgrader for version "${key}"`, {
        detail:
          current === 0
            ? "Upgraders turn state of a past schema version into the current one: set version (to 1 when the schema first changes) and key each upgrader by the version it upgrades from."
            : `Upgraders are keyed by past versions, 0 to ${current - 1}: the current version, ${current}, needs none.`,
      });
    }
    if (typeof upgrader !== "function") {
      throw new FrameworkConfigurationError(`${component}'s upgrader for version ${key} is not a function`, {
        detail: "An upgrader is ({ rawState }) => newState.",
      });
    }
  }
}
