// UpgradeResourceIdentity: Terraform stores each identity as JSON with the identity schema's
// version, and before anything else touches an object whose stored identity version is older
// than the provider's, sends it here. It is read as it is at the current version, through the
// author's identity upgrader for an older one, and refused from a newer one. The answer is
// checked against the current identity schema; a failure changes nothing Terraform stored.
import { CtyDecodeError, CtyValueError, formatPath, isRecord } from "@tsvider/cty";
import { decodeJson, impliedTypeFromJson } from "@tsvider/cty/json";
import { Diagnostics } from "../diagnostics.js";
import { componentLog } from "../internal/log.js";
import type { Resource } from "../resource.js";
import type { JsonValue } from "../state-upgrade.js";
import { handlerSite, runHandler } from "../values/handler.js";
import type { ObjectValue } from "../values/object-value.js";
import { checkedIdentity } from "./identity-slot.js";
import type { ProviderServer } from "./provider-server.js";

export async function upgradeResourceIdentity(
  server: ProviderServer,
  resource: Resource,
  request: { readonly version: number; readonly json: Uint8Array | undefined },
): Promise<{ diagnostics: Diagnostics; identity?: ObjectValue }> {
  const diagnostics = new Diagnostics();
  const type = resource.identityType;
  const definition = resource.identity;
  if (type === undefined || definition === undefined) {
    diagnostics.addError(
      `${resource.typeName} has no identity`,
      `Terraform asked to upgrade a stored identity of ${resource.typeName}, but this provider version declares no identity schema for it. Use the provider version that stored it, or a newer one.`,
    );
    return { diagnostics };
  }
  const current = definition.version ?? 0;
  const stored = `The identity was stored with identity version ${request.version}`;
  if (request.version > current) {
    diagnostics.addError(
      `Identity of ${resource.typeName} is from a newer provider`,
      `${stored}, and this provider knows version ${current}. Use the provider version that stored it, or a newer one. The stored identity was not changed.`,
    );
    return { diagnostics };
  }
  if (request.version < 0) {
    diagnostics.addError(
      `Identity of ${resource.typeName} has version ${request.version}`,
      "Identity versions are 0 or more; the stored identity is damaged. It was not changed.",
    );
    return { diagnostics };
  }
  if (!request.json || request.json.length === 0) {
    diagnostics.addError(
      `No stored identity of ${resource.typeName} to upgrade`,
      "Terraform sent an empty identity. Nothing was changed.",
    );
    return { diagnostics };
  }
  if (request.version === current) {
    try {
      // Strict: an attribute the schema lacks, or a value of another type, is an error.
      const identity = decodeJson(request.json, type, { missingAttributes: "null" }) as ObjectValue | null;
      if (identity === null) {
        diagnostics.addError(
          `The stored identity of ${resource.typeName} is null`,
          "Terraform sent null as the identity to upgrade. Nothing was changed.",
        );
        return { diagnostics };
      }
      const checked = checkedIdentity(
        resource,
        identity,
        `Stored identity of ${resource.typeName}`,
        diagnostics,
      );
      return checked ? { diagnostics, identity: checked } : { diagnostics };
    } catch (err) {
      if (!(err instanceof CtyValueError) && !(err instanceof CtyDecodeError)) throw err;
      diagnostics.addError(
        `Stored identity of ${resource.typeName} does not match its identity schema`,
        `${err instanceof CtyValueError && err.path.length > 0 ? `"${formatPath(err.path)}": ${err.reason}` : err.message}. The identity was not changed; if the provider's identity schema changed without a version bump, restore the previous provider version.`,
      );
      return { diagnostics };
    }
  }
  const upgrader = definition.upgraders?.[request.version];
  if (!upgrader) {
    const from = Object.keys(definition.upgraders ?? {});
    diagnostics.addError(
      `No identity upgrade for ${resource.typeName} from identity version ${request.version}`,
      `${stored}; this provider's identity schema is version ${current}, and it can upgrade identities from ${from.length > 0 ? `version ${from.join(", ")}` : "no earlier version"}. The stored identity was not changed.`,
    );
    return { diagnostics };
  }
  const rawIdentity = parseRawIdentity(resource, request.json, diagnostics);
  if (rawIdentity === undefined) return { diagnostics };
  const where = `${resource.typeName} identity upgrader from version ${request.version}`;
  const site = handlerSite(server.provider, "resource", resource.typeName, "upgradeIdentity", where);
  const result = await runHandler(diagnostics, site, () =>
    upgrader({
      rawIdentity,
      version: request.version,
      providerData: server.providerData,
      log: componentLog(resource.typeName),
      signal: server.signal,
      diagnostics,
    }),
  );
  if (result === undefined || diagnostics.hasErrors) return { diagnostics };
  const identity = checkedIdentity(resource, result, where, diagnostics);
  return identity ? { diagnostics, identity } : { diagnostics };
}

/** The stored JSON as plain data with exact numbers, or undefined with an error. */
function parseRawIdentity(
  resource: Resource,
  json: Uint8Array,
  diagnostics: Diagnostics,
): { readonly [attribute: string]: JsonValue } | undefined {
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(json);
    const value = decodeJson(text, impliedTypeFromJson(text));
    if (isRecord(value)) return value as { readonly [attribute: string]: JsonValue };
    diagnostics.addError(
      `Stored identity of ${resource.typeName} is not an object`,
      "The stored identity is JSON of another kind. It was not changed.",
    );
  } catch (err) {
    if (!(err instanceof CtyDecodeError) && !(err instanceof TypeError)) throw err;
    diagnostics.addError(
      `Stored identity of ${resource.typeName} is not valid JSON`,
      `${err.message}. It was not changed.`,
    );
  }
  return undefined;
}
