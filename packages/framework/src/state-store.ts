// State stores: a provider keeping Terraform's state (the practitioner's `terraform {
// state_store "<type>" { provider "<name>" {} ... } }`), in place of a backend built into
// Terraform. The author deals in whole states: `readState` answers a state's bytes and
// `writeState` receives them; the framework streams them to and from Terraform in chunks of
// the size both sides agreed on. States are named by workspace (`default` first); a store that
// can lock gives each lock an id and names who holds it when another process asks.
// Terraform calls state stores when built with experiments allowed (proven on v1.16);
// OpenTofu never does.

import type * as cty from "@tsvider/cty";
import type { Logger } from "@tsvider/rpcplugin";
import { type Diagnostics, FrameworkConfigurationError, TsviderError } from "./diagnostics.js";
import { rememberOrigin } from "./internal/origin.js";
import { checkSchema } from "./schema/check.js";
import { impliedType } from "./schema/implied-type.js";
import type { Config, ValidationConfig } from "./schema/infer.js";
import type { Schema } from "./schema/schema.js";

/** The largest chunk Terraform accepts (128 MiB). */
export const MAX_STATE_CHUNK_SIZE = 128 * 1024 * 1024;

/** What every state store callback receives. */
export interface StateStoreContext<P = unknown> {
  /** Whatever the provider's `configure` returned; undefined before configuration. */
  readonly providerData: P;
  /** Fires when Terraform asks the provider to stop (Ctrl-C). */
  readonly signal: AbortSignal;
  /** Add warnings or errors here; or throw a TsviderError. */
  readonly diagnostics: Diagnostics;
  /** The provider's log, named by this state store type, secrets masked. */
  readonly log: Logger;
}

/** What `configure` receives beyond the common context. */
export interface StateStoreConfiguring<S extends Schema, P> extends StateStoreContext<P> {
  readonly config: Config<S>;
  /** The chunk size Terraform proposes for reading and writing states (8 MiB from Terraform 1.16). */
  readonly proposedChunkSize: number;
  /**
   * Chooses another chunk size, in bytes (1 to 128 MiB): smaller for a store whose backend
   * takes small writes. Unset: the proposed size.
   */
  setChunkSize(bytes: number): void;
}

/** What a state operation receives: the store `configure` answered and which state. */
export interface StateOperation<P, D> extends StateStoreContext<P> {
  /** What `configure` returned (a client, a directory). */
  readonly store: D;
  /** The state's name: the workspace's, `default` for the default workspace. */
  readonly stateId: string;
}

/** Who holds a state's lock, as Terraform shows it ("Lock Info: ID, Path, Operation, Who, ..."). */
export interface LockHolder {
  /** The lock's id, which `unlock` (and `terraform force-unlock`) takes. */
  readonly id: string;
  /** Where the lock or the state lives. */
  readonly path?: string;
  /** What the holder is doing: `OperationTypeApply`, `OperationTypePlan`, ... */
  readonly operation?: string;
  /** `user@host` of the holder. */
  readonly who?: string;
  /** The holder's Terraform version, when known. */
  readonly version?: string;
  readonly created?: Date | string;
  /** Anything else worth telling (a process id). */
  readonly info?: string;
}

/**
 * Thrown by `lock` when someone else holds the state's lock. Terraform (1.16) shows the error
 * as it comes and does not retry it (`-lock-timeout` only retries its built-in backends' lock
 * errors), so the holder's details travel in the diagnostic itself.
 */
export class StateLockedError extends TsviderError {
  readonly holder: LockHolder;
  constructor(stateId: string, holder: LockHolder) {
    super(`State "${stateId}" is locked by ${holder.who || "another process"}`, {
      detail: `${lockInfoText(holder)}
Terraform could not take the lock because another process holds it. Wait until it finishes and run the command again. If the holder is gone, release the lock with:
  terraform force-unlock ${holder.id}`,
    });
    this.holder = holder;
  }
}

/** The holder in the layout Terraform prints lock info in. */
export function lockInfoText(holder: LockHolder): string {
  const created = holder.created instanceof Date ? holder.created.toISOString() : (holder.created ?? "");
  return `Lock Info:
  ID:        ${holder.id}
  Path:      ${holder.path ?? ""}
  Operation: ${holder.operation ?? ""}
  Who:       ${holder.who ?? ""}
  Version:   ${holder.version ?? ""}
  Created:   ${created}
  Info:      ${holder.info ?? ""}
`;
}

/**
 * What `defineStateStore` takes: a state store's type name, the schema of its `state_store`
 * block, and the handlers that read, write, lock and list states.
 */
export interface StateStoreDefinition<S extends Schema = Schema, P = unknown, D = unknown> {
  /** The type name, prefixed with the provider name: `mycloud_bucket`. */
  readonly typeName: string;
  /** The schema of the `state_store` block's arguments (beside its `provider` block). */
  readonly schema: S;
  readonly description?: string;
  /** Checks beyond the schema's. */
  validateConfig?(ctx: StateStoreContext<P> & { readonly config: ValidationConfig<S> }): void | Promise<void>;
  /** Prepares the store for a configuration; what it returns reaches every operation as `store`. */
  configure(ctx: StateStoreConfiguring<S, P>): D | Promise<D>;
  /** The names of the states the store holds (Terraform's workspaces). */
  getStates(ctx: StateStoreContext<P> & { readonly store: D }): Promise<readonly string[]>;
  /** A state's bytes, or null when there is no such state yet. */
  readState(ctx: StateOperation<P, D>): Promise<Uint8Array | null>;
  /** Replaces a state with `bytes` (a whole state, never a part). */
  writeState(ctx: StateOperation<P, D> & { readonly bytes: Uint8Array }): Promise<void>;
  /** Deletes a state (`terraform workspace delete`). */
  deleteState(ctx: StateOperation<P, D>): Promise<void>;
  /**
   * Takes the state's lock for `operation` and answers the lock's id; throws StateLockedError
   * naming the holder when another process has it. Leave out (with unlock) for a store that
   * cannot lock.
   */
  lock?(ctx: StateOperation<P, D> & { readonly operation: string }): Promise<string>;
  /** Releases the lock `lock` answered `lockId` for. */
  unlock?(ctx: StateOperation<P, D> & { readonly lockId: string }): Promise<void>;
}

/** A checked state store definition, ready for defineProvider. */
export interface StateStore<S extends Schema = Schema, P = unknown, D = unknown>
  extends StateStoreDefinition<S, P, D> {
  readonly kind: "state store";
  readonly valueType: cty.ObjectType;
}

const typeNamePattern = /^[a-z][a-z0-9_]*$/;

/** Defines a state store. Throws FrameworkConfigurationError when it is unusable. */
export function defineStateStore<const S extends Schema, P = unknown, D = unknown>(
  definition: StateStoreDefinition<S, P, D>,
): StateStore<S, P, D> {
  const name = definition.typeName;
  if (typeof name !== "string" || !typeNamePattern.test(name)) {
    throw new FrameworkConfigurationError(`state store type name "${String(name)}" is not valid`, {
      detail:
        "Use lowercase letters, digits and underscores, starting with the provider name: mycloud_bucket.",
    });
  }
  for (const required of ["configure", "getStates", "readState", "writeState", "deleteState"] as const) {
    if (typeof definition[required] !== "function") {
      throw new FrameworkConfigurationError(`state store ${name} has no ${required}`, {
        detail:
          "A state store needs configure, getStates, readState, writeState and deleteState (and lock with unlock to lock states).",
      });
    }
  }
  for (const optional of ["validateConfig", "lock", "unlock"] as const) {
    const fn = definition[optional];
    if (fn !== undefined && typeof fn !== "function") {
      throw new FrameworkConfigurationError(`state store ${name}: ${optional} is not a function`, {
        detail: `Give ${optional} as an async function, or leave it out.`,
      });
    }
  }
  if ((definition.lock === undefined) !== (definition.unlock === undefined)) {
    throw new FrameworkConfigurationError(
      `state store ${name} has ${definition.lock ? "lock" : "unlock"} alone`,
      {
        detail: "A lock taken must be released: give both lock and unlock, or neither.",
      },
    );
  }
  // The block's `provider` block sits beside the store's arguments.
  checkSchema(`state store ${name}`, definition.schema, { reservedNames: ["provider"] });
  const store: StateStore<S, P, D> = Object.freeze({
    ...definition,
    kind: "state store",
    valueType: impliedType(definition.schema),
  });
  return rememberOrigin(store, "defineStateStore", defineStateStore);
}

/**
 * The provider's state stores by type. Throws FrameworkConfigurationError for an entry that
 * is not one, a type name outside the provider's prefix, or one listed twice.
 */
export function collectStateStores<P>(
  providerName: string,
  // biome-ignore lint/suspicious/noExplicitAny: state stores of any schema and store data.
  list: readonly StateStore<any, P, any>[],
  // biome-ignore lint/suspicious/noExplicitAny: as above.
): ReadonlyMap<string, StateStore<any, P, any>> {
  // biome-ignore lint/suspicious/noExplicitAny: as above.
  const byType = new Map<string, StateStore<any, P, any>>();
  for (const store of list) {
    if (store?.kind !== "state store") {
      throw new FrameworkConfigurationError(
        `provider ${providerName}: an entry of stateStores is not a state store`,
        { detail: "List what defineStateStore returns in defineProvider({ stateStores })." },
      );
    }
    const name = store.typeName;
    if (!name.startsWith(`${providerName}_`)) {
      throw new FrameworkConfigurationError(
        `provider ${providerName}: state store ${name} does not start with "${providerName}_"`,
        {
          detail: `Terraform finds a state store's provider by its prefix: name it ${providerName}_<something>.`,
        },
      );
    }
    if (byType.has(name)) {
      throw new FrameworkConfigurationError(`provider ${providerName}: state store ${name} is listed twice`, {
        detail: "List each state store once, and give each its own type name.",
      });
    }
    byType.set(name, store);
  }
  return byType;
}
