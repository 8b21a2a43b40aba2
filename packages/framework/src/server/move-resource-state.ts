// MoveResourceState: a `moved` block between resource types hands the source object's stored
// state to the target type's provider. The target resource's mover for that source (move.ts)
// turns it into the target's state; the framework completes and checks what it returns as it
// does an upgrader's, and carries the source's private data over, sealed for the target type.
// Any failure answers no state: Terraform then leaves the source object where it was.
import {
  CtyDecodeError,
  type CtyValue,
  CtyValueError,
  containsUnknown,
  formatPath,
  isRecord,
} from "@tsvider/cty";
import { decodeJson, impliedTypeFromJson } from "@tsvider/cty/json";
import { encodeMsgpack } from "@tsvider/cty/msgpack";
import { attributePathFrom } from "../attribute-path.js";
import { Diagnostics } from "../diagnostics.js";
import type { IdentitySchema } from "../identity.js";
import { componentLog } from "../internal/log.js";
import { describeMovers, findMover, type MoveContext, type MoveSource } from "../move.js";
import { type PrivateData, PrivateStateError } from "../private-state.js";
import type { Resource } from "../resource.js";
import type { RawState } from "../state-upgrade.js";
import { completeObject, withoutWriteOnly } from "../values/complete.js";
import { handlerSite, runHandler } from "../values/handler.js";
import type { ObjectValue } from "../values/object-value.js";
import { fitsIdentityType } from "./identity-slot.js";
import type { ProviderServer } from "./provider-server.js";
import { sealPrivate } from "./resource-private.js";

export interface MoveRequest {
  readonly source: MoveSource;
  readonly sourceState: Uint8Array | undefined;
  readonly sourcePrivate: Uint8Array | undefined;
  readonly sourceIdentity: Uint8Array | undefined;
  readonly sourceIdentitySchemaVersion: number;
}

export interface MoveResult {
  readonly diagnostics: Diagnostics;
  /** The moved object; undefined when the move failed (Terraform keeps the source then). */
  readonly state?: ObjectValue;
  readonly private?: Uint8Array;
  /** The moved object's identity, when the mover set one. */
  readonly identity?: ObjectValue;
}

const empty = new Uint8Array(0);

export async function moveResourceState(
  server: ProviderServer,
  target: Resource,
  request: MoveRequest,
): Promise<MoveResult> {
  const diagnostics = new Diagnostics();
  const { source } = request;
  const mover = findMover(target.moveState, source);
  if (!mover) {
    diagnostics.addError(
      `${target.typeName} cannot take over ${source.typeName} objects`,
      noMoverDetail(target, source),
    );
    return { diagnostics };
  }
  const where = `${target.typeName} move from ${source.typeName}`;
  const sourceState = parseJsonObject(
    request.sourceState,
    `state of the moved ${source.typeName} object`,
    diagnostics,
  );
  if (sourceState === undefined) return { diagnostics };
  if (sourceState === null) {
    diagnostics.addError(
      `The moved ${source.typeName} object has no state`,
      `Terraform sent no stored state for the ${source.typeName} object moved to ${target.typeName}. Nothing was moved; remove the moved block and import the object instead.`,
    );
    return { diagnostics };
  }
  const sourceIdentity =
    request.sourceIdentity === undefined || request.sourceIdentity.length === 0
      ? null
      : parseJsonObject(
          request.sourceIdentity,
          `identity of the moved ${source.typeName} object`,
          diagnostics,
        );
  if (sourceIdentity === undefined) return { diagnostics };
  const opened = openSourcePrivate(server, source.typeName, request.sourcePrivate ?? empty, diagnostics);
  if (opened === undefined) return { diagnostics };

  let next: { value: PrivateData | null } | undefined;
  let identity: { value: object } | undefined;
  const context: MoveContext<unknown, PrivateData, IdentitySchema> = {
    sourceState,
    sourceTypeName: source.typeName,
    sourceProviderAddress: source.providerAddress,
    sourceSchemaVersion: source.schemaVersion,
    sourcePrivate: opened,
    sourcePrivateBytes: request.sourcePrivate ?? empty,
    sourceIdentity,
    sourceIdentitySchemaVersion: request.sourceIdentitySchemaVersion,
    setPrivate: (value: PrivateData | null) => {
      next = { value };
    },
    identity: null,
    setIdentity: (value: object) => {
      identity = { value };
    },
    providerData: server.providerData,
    log: componentLog(target.typeName),
    signal: server.signal,
    diagnostics,
  };
  const site = handlerSite(server.provider, "resource", target.typeName, "moveState", where);
  const result = await runHandler(diagnostics, site, () => mover.move(context));
  if (result === undefined || diagnostics.hasErrors) return { diagnostics };
  if (result === null) {
    diagnostics.addError(
      `${where} returned null`,
      `A mover returns the moved object's state in ${target.typeName}'s schema. To refuse the move, throw an error (or add one to diagnostics) saying why.`,
    );
    return { diagnostics };
  }
  const completed = completeObject(target.schema, result, where, diagnostics);
  if (!completed) return { diagnostics };
  if (containsUnknown(completed)) {
    diagnostics.addError(
      `${where} returned unknown values`,
      "Moved state is stored: every value must be known.",
    );
    return { diagnostics };
  }
  const state = withoutWriteOnly(target.schema, completed);
  try {
    encodeMsgpack(state, target.valueType);
  } catch (err) {
    if (!(err instanceof CtyValueError)) throw err;
    diagnostics.addError(
      `${where} returned state that does not match the schema`,
      `"${formatPath(err.path)}": ${err.reason}. Return the state in ${target.typeName}'s schema (version ${target.version ?? 0}).`,
      attributePathFrom(err.path),
    );
    return { diagnostics };
  }
  const targetIdentity =
    identity === undefined ? undefined : checkIdentity(target, identity.value, where, diagnostics);
  if (diagnostics.hasErrors) return { diagnostics };
  const value = next === undefined ? opened : next.value;
  try {
    return {
      diagnostics,
      state,
      private: sealPrivate(server, target, value),
      ...(targetIdentity ? { identity: targetIdentity } : {}),
    };
  } catch (err) {
    if (!(err instanceof PrivateStateError)) throw err;
    diagnostics.addError(err.message, err.detail);
    return { diagnostics };
  }
}

/** The identity a mover set, completed and checked against the target's identity schema. */
function checkIdentity(
  target: Resource,
  value: object,
  where: string,
  diagnostics: Diagnostics,
): ObjectValue | undefined {
  const type = target.identityType;
  if (type === undefined) {
    diagnostics.addError(
      `${where} set an identity, and ${target.typeName} has none`,
      "Declare the resource's identity schema (identity: { schema }) or do not call setIdentity.",
    );
    return undefined;
  }
  if (!isRecord(value as CtyValue)) {
    diagnostics.addError(
      `${where} set an identity that is not an object`,
      "Set an object with the identity schema's attributes.",
    );
    return undefined;
  }
  const given = value as Record<string, CtyValue | undefined>;
  const extra = Object.keys(given).find(
    (name) => !Object.hasOwn(type.attributes, name) && given[name] !== undefined,
  );
  if (extra !== undefined) {
    diagnostics.addError(
      `${where} set an identity attribute the identity schema does not have`,
      `"${extra}" is not in ${target.typeName}'s identity schema. Remove it, or add it to the identity schema.`,
    );
    return undefined;
  }
  const identity: Record<string, CtyValue> = {};
  for (const name of Object.keys(type.attributes)) identity[name] = given[name] ?? null;
  if (containsUnknown(identity)) {
    diagnostics.addError(
      `${where} set an identity with unknown values`,
      "An identity is stored: every value must be known.",
    );
    return undefined;
  }
  return fitsIdentityType(identity, type, where, diagnostics) ? identity : undefined;
}

function noMoverDetail(target: Resource, source: MoveSource): string {
  const what = `The moved block moves a ${source.typeName} object (provider ${source.providerAddress || "unknown"}, schema version ${source.schemaVersion}) to ${target.typeName}`;
  const movers = target.moveState ?? [];
  const accepts =
    movers.length === 0
      ? `${target.typeName} takes over no objects of other resource types.`
      : `${target.typeName} takes over objects of: ${describeMovers(movers)}.`;
  return `${what}, and ${accepts} Nothing was moved. Remove the moved block (and keep the ${source.typeName} resource), or remove the old object from state and import it as ${target.typeName}; or use a provider version that can move it.`;
}

/**
 * The source's private data when this provider sealed it, for the source type; null for none
 * and for another provider's bytes (which the mover may read from sourcePrivateBytes);
 * undefined, with an error, when it is this provider's but cannot be opened.
 */
function openSourcePrivate(
  server: ProviderServer,
  sourceTypeName: string,
  bytes: Uint8Array,
  diagnostics: Diagnostics,
): PrivateData | null | undefined {
  // tsvider's envelope starts with "tsv" (private-state.ts); anything else is not ours to open.
  if (bytes.length < 3 || Buffer.from(bytes.buffer, bytes.byteOffset, 3).toString("latin1") !== "tsv") {
    return null;
  }
  const opened = server.privateState.openReporting(sourceTypeName, bytes, diagnostics);
  return opened === undefined ? undefined : opened.value;
}

/** Stored JSON as plain data with exact numbers; null for empty input; undefined with an error. */
function parseJsonObject(
  json: Uint8Array | undefined,
  what: string,
  diagnostics: Diagnostics,
): RawState | null | undefined {
  if (json === undefined || json.length === 0) return null;
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(json);
    const value = decodeJson(text, impliedTypeFromJson(text));
    if (value === null) return null;
    if (isRecord(value)) return value as RawState;
    diagnostics.addError(
      `The ${what} is not an object`,
      "Terraform sent JSON of another kind. Nothing was moved.",
    );
  } catch (err) {
    if (!(err instanceof CtyDecodeError) && !(err instanceof TypeError)) throw err;
    diagnostics.addError(`The ${what} is not valid JSON`, `${err.message}. Nothing was moved.`);
  }
  return undefined;
}
