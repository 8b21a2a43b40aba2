// Moving objects between resource types: a `moved { from = old_type.x  to = new_type.x }` block
// whose two types differ (or whose providers differ) makes Terraform hand the source object's
// stored state to the target resource type's provider, in MoveResourceState, before anything
// else touches it. The target resource lists the sources it can take over, each with a
// function that turns the source's stored state into its own; the framework picks the one that
// matches, checks what it returns against the schema and stores it.
import { FrameworkConfigurationError } from "./diagnostics.js";
import type { IdentityAccess, IdentitySchema } from "./identity.js";
import type { PrivateData } from "./private-state.js";
import type { ResourceContext } from "./resource.js";
import type { Returned, State } from "./schema/infer.js";
import type { Schema } from "./schema/schema.js";
import type { RawState } from "./state-upgrade.js";

/** What a mover receives: the source object as Terraform stored it, and where it came from. */
export type MoveContext<P = unknown, V extends PrivateData = PrivateData, I = never> = ResourceContext<P> &
  MoveDetails<V> &
  // A resource with an identity may set the moved object's (its `identity` is null: there is
  // none of the target type yet); left unset, read gives it one when Terraform refreshes.
  IdentityAccess<I>;

/** The part of a mover's context about the move itself. */
export interface MoveDetails<V extends PrivateData = PrivateData> {
  /** The source object's stored state, as plain JSON data with exact numbers. */
  readonly sourceState: RawState;
  /** The source resource type, `tsvider_file_content` or another provider's `local_file`. */
  readonly sourceTypeName: string;
  /** The source's provider, in full: `registry.opentofu.org/hashicorp/local`. */
  readonly sourceProviderAddress: string;
  /** The schema version the source object was stored with. */
  readonly sourceSchemaVersion: number;
  /**
   * The source object's private data, when this provider sealed it (a move between two
   * resource types of this provider); null otherwise. When the mover does not call
   * `setPrivate`, this is what the moved object keeps.
   */
  readonly sourcePrivate: PrivateData | null;
  /**
   * The source's private bytes exactly as stored. Another provider's private data arrives
   * only here (this provider cannot know its format); read what you need and `setPrivate` it.
   */
  readonly sourcePrivateBytes: Uint8Array;
  /** The source object's identity as stored (Terraform 1.12 and later), or null. */
  readonly sourceIdentity: RawState | null;
  /** The identity schema version the source identity was stored with. */
  readonly sourceIdentitySchemaVersion: number;
  /** Sets the moved object's private data (null: none), sealed for the target resource type. */
  setPrivate(value: V | null): void;
}

/**
 * One kind of object a resource can take over, and how:
 * `{ sourceTypeName: "tsvider_file_content", move: ({ sourceState }) => ({ filename: sourceState.filename }) }`.
 */
export interface StateMover<
  S extends Schema = Schema,
  P = unknown,
  // biome-ignore lint/suspicious/noExplicitAny: as ResourceDefinition's, any private data by default.
  V extends PrivateData = any,
  // biome-ignore lint/suspicious/noExplicitAny: as ResourceDefinition's, any identity by default.
  I extends IdentitySchema = any,
> {
  /** The resource type the object is moved from. */
  readonly sourceTypeName: string;
  /**
   * Only objects of this provider: `registry.opentofu.org/hashicorp/local` for exactly that
   * one, or `hashicorp/local` for that namespace and type from any registry host (the same
   * provider reaches OpenTofu and Terraform under different hosts). Left out: any provider.
   */
  readonly sourceProviderAddress?: string;
  /** Only objects stored with this schema version (or one of these). Left out: any version. */
  readonly sourceSchemaVersion?: number | readonly number[];
  /**
   * Returns the moved object's state in this resource's schema. Attributes left out are null
   * (blocks empty) until `read` fills them in, which Terraform calls next; write-only
   * attributes are always null. Throw or add an error to refuse the move: the source object
   * stays where it was.
   */
  readonly move: MoveFunction<S, P, V, I>;
}

/** A mover's function; a method's parameters are compared both ways, as a handler's are. */
export type MoveFunction<S extends Schema, P, V extends PrivateData, I> = {
  bivarianceHack(
    ctx: MoveContext<P, V, I>,
  ): Returned<Partial<State<S>>> | Promise<Returned<Partial<State<S>>>>;
}["bivarianceHack"];

/** What a MoveResourceState request says about the source object. */
export interface MoveSource {
  readonly typeName: string;
  readonly providerAddress: string;
  readonly schemaVersion: number;
}

/** The first mover that takes `source`, in the order the resource lists them. */
export function findMover(
  movers: readonly StateMover[] | undefined,
  source: MoveSource,
): StateMover | undefined {
  return movers?.find((mover) => moverTakes(mover, source));
}

function moverTakes(mover: StateMover, source: MoveSource): boolean {
  if (mover.sourceTypeName !== source.typeName) return false;
  if (mover.sourceProviderAddress !== undefined) {
    if (!addressMatches(mover.sourceProviderAddress, source.providerAddress)) return false;
  }
  const versions = mover.sourceSchemaVersion;
  if (versions === undefined) return true;
  return typeof versions === "number"
    ? versions === source.schemaVersion
    : versions.includes(source.schemaVersion);
}

/** `host/ns/type` matches exactly; `ns/type` matches those last two parts under any host. */
function addressMatches(wanted: string, actual: string): boolean {
  const want = wanted.toLowerCase().split("/");
  const have = actual.toLowerCase().split("/");
  if (want.length === 2 && have.length === 3) have.shift();
  return want.length === have.length && want.every((part, i) => part === have[i]);
}

/** One line per mover, for the error that no mover took a source: what the resource accepts. */
export function describeMovers(movers: readonly StateMover[]): string {
  return movers
    .map((mover) => {
      const from =
        mover.sourceProviderAddress === undefined
          ? "any provider"
          : `provider ${mover.sourceProviderAddress}`;
      const versions = mover.sourceSchemaVersion;
      const version =
        versions === undefined
          ? "any schema version"
          : typeof versions === "number"
            ? `schema version ${versions}`
            : `schema versions ${versions.join(", ")}`;
      return `${mover.sourceTypeName} (${from}, ${version})`;
    })
    .join("; ");
}

const typeNamePattern = /^[a-z_][a-z0-9_-]*$/i;
const addressPart = /^[a-z0-9][a-z0-9_.-]*$/i;

/** Start-up check of a resource's `moveState`: a list of well-formed movers. */
export function checkMovers(component: string, movers: unknown): void {
  if (movers === undefined) return;
  const example = 'Write moveState: [{ sourceTypeName: "old_type", move: ({ sourceState }) => newState }].';
  if (!Array.isArray(movers)) {
    throw new FrameworkConfigurationError(`${component} has a moveState that is not a list`, {
      detail: example,
    });
  }
  for (const [i, mover] of (movers as unknown[]).entries()) {
    const where = `${component}'s moveState[${i}]`;
    if (typeof mover !== "object" || mover === null) {
      throw new FrameworkConfigurationError(`${where} is not an object`, { detail: example });
    }
    const { sourceTypeName, sourceProviderAddress, sourceSchemaVersion, move } = mover as Record<
      string,
      unknown
    >;
    if (typeof sourceTypeName !== "string" || !typeNamePattern.test(sourceTypeName)) {
      throw new FrameworkConfigurationError(`${where} has sourceTypeName ${JSON.stringify(sourceTypeName)}`, {
        detail: "sourceTypeName is the resource type objects are moved from, such as local_file.",
      });
    }
    if (sourceProviderAddress !== undefined) {
      const parts = typeof sourceProviderAddress === "string" ? sourceProviderAddress.split("/") : [];
      if (!(parts.length === 2 || parts.length === 3) || !parts.every((part) => addressPart.test(part))) {
        throw new FrameworkConfigurationError(
          `${where} has sourceProviderAddress ${JSON.stringify(sourceProviderAddress)}`,
          {
            detail:
              'Give a provider source address: "registry.opentofu.org/hashicorp/local" for exactly that one, or "hashicorp/local" for any registry host.',
          },
        );
      }
    }
    if (sourceSchemaVersion !== undefined) {
      const versions = Array.isArray(sourceSchemaVersion)
        ? (sourceSchemaVersion as unknown[])
        : [sourceSchemaVersion];
      const bad = versions.find((v) => typeof v !== "number" || !Number.isSafeInteger(v) || v < 0);
      if (bad !== undefined || versions.length === 0) {
        throw new FrameworkConfigurationError(
          `${where} has sourceSchemaVersion ${String(sourceSchemaVersion)}`,
          {
            detail: "A schema version is a whole number, 0 or more (or a non-empty list of them).",
          },
        );
      }
    }
    if (typeof move !== "function") {
      throw new FrameworkConfigurationError(`${where} has no move function`, {
        detail: "move is ({ sourceState }) => newState, the moved object's state in this resource's schema.",
      });
    }
  }
}
