// State stored by an older schema version, through the author's upgrader for that version:
// the stored JSON is read without a schema (the old schema is the author's to know), with
// exact numbers, handed to the upgrader, and what it returns is completed and checked against
// the current schema before Terraform stores it. A failure keeps the stored state as it is.

import { CtyDecodeError, CtyValueError, containsUnknown, formatPath, isRecord } from "@tsvider/cty";
import { decodeJson, impliedTypeFromJson } from "@tsvider/cty/json";
import { encodeMsgpack } from "@tsvider/cty/msgpack";
import { attributePathFrom } from "../attribute-path.js";
import type { Diagnostics } from "../diagnostics.js";
import { componentLog } from "../internal/log.js";
import type { Resource } from "../resource.js";
import type { RawState } from "../state-upgrade.js";
import { completeObject, withoutWriteOnly } from "../values/complete.js";
import { handlerSite, runHandler } from "../values/handler.js";
import type { ObjectValue } from "../values/object-value.js";
import type { ProviderServer } from "./provider-server.js";

export async function upgradeFromVersion(
  server: ProviderServer,
  resource: Resource,
  version: number,
  json: Uint8Array,
  diagnostics: Diagnostics,
): Promise<ObjectValue | undefined> {
  const current = resource.version ?? 0;
  const upgrader = resource.upgraders?.[version];
  if (!upgrader) {
    const from = Object.keys(resource.upgraders ?? {});
    diagnostics.addError(
      `No state upgrade for ${resource.typeName} from schema version ${version}`,
      `The state was stored with schema version ${version}; this provider's schema is version ${current}, and it can upgrade state from ${from.length > 0 ? `version ${from.join(", ")}` : "no earlier version"}. The state was not changed. Use a provider version that knows version ${version}, or one between that can upgrade it.`,
    );
    return undefined;
  }
  const rawState = parseRawState(resource, version, json, diagnostics);
  if (rawState === undefined) return undefined;
  const where = `${resource.typeName} upgrader from version ${version}`;
  const site = handlerSite(server.provider, "resource", resource.typeName, "upgradeState", where);
  const result = await runHandler(diagnostics, site, () =>
    upgrader({
      rawState,
      version,
      providerData: server.providerData,
      log: componentLog(resource.typeName),
      signal: server.signal,
      diagnostics,
    }),
  );
  if (result === undefined || diagnostics.hasErrors) return undefined;
  if (result === null) {
    diagnostics.addError(
      `${where} returned null`,
      "An upgrader returns the object's state in the current schema. (An object that no longer exists is found by read, which may return null.)",
    );
    return undefined;
  }
  const state = completeObject(resource.schema, result, where, diagnostics);
  if (!state) return undefined;
  if (containsUnknown(state)) {
    diagnostics.addError(
      `${where} returned unknown values`,
      "Upgraded state is stored: every value must be known.",
    );
    return undefined;
  }
  try {
    encodeMsgpack(state, resource.valueType);
  } catch (err) {
    if (!(err instanceof CtyValueError)) throw err;
    diagnostics.addError(
      `${where} returned state that does not match the schema`,
      `"${formatPath(err.path)}": ${err.reason}. Return the state in the current schema (version ${current}).`,
      attributePathFrom(err.path),
    );
    return undefined;
  }
  return withoutWriteOnly(resource.schema, state);
}

/** The stored JSON as plain data with exact numbers, or undefined with an error. */
function parseRawState(
  resource: Resource,
  version: number,
  json: Uint8Array,
  diagnostics: Diagnostics,
): RawState | undefined {
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(json);
    // Read as the type the JSON itself implies: objects stay objects, arrays become tuples
    // (arrays again), and numbers keep every digit.
    const value = decodeJson(text, impliedTypeFromJson(text));
    if (isRecord(value)) return value as RawState;
    diagnostics.addError(
      `Stored state of ${resource.typeName} is not an object`,
      `The state stored with schema version ${version} is JSON of another kind. The state was not changed.`,
    );
  } catch (err) {
    if (!(err instanceof CtyDecodeError) && !(err instanceof TypeError)) throw err;
    diagnostics.addError(
      `Stored state of ${resource.typeName} is not valid JSON`,
      `${err.message}. The state was not changed.`,
    );
  }
  return undefined;
}
