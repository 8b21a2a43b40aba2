// Terraform sends the stored state as JSON, written with the schema version recorded in state,
// and expects it back in the current schema: read as it is at the current version (attributes
// added since without a version bump filled with null), through the author's upgrader for an
// older one (upgrade-from-version.ts), and refused from a newer one.
import { CtyValueError } from "@tsvider/cty";
import { decodeJson } from "@tsvider/cty/json";
import { attributePathFrom } from "../attribute-path.js";
import { Diagnostics } from "../diagnostics.js";
import type { Resource } from "../resource.js";
import { completeObject } from "../values/complete.js";
import type { ObjectValue } from "../values/object-value.js";
import type { ProviderServer } from "./provider-server.js";
import { upgradeFromVersion } from "./upgrade-from-version.js";

export async function upgradeResourceState(
  server: ProviderServer,
  resource: Resource,
  request: { readonly version: number; readonly json: Uint8Array | undefined; readonly hasFlatmap: boolean },
): Promise<{ diagnostics: Diagnostics; state?: ObjectValue | null }> {
  const diagnostics = new Diagnostics();
  const current = resource.version ?? 0;
  if (request.version > current) {
    diagnostics.addError(
      `State of ${resource.typeName} is from a newer provider`,
      `The state was written with schema version ${request.version}, and this provider knows version ${current}. Use the provider version that wrote it, or a newer one. The state was not changed.`,
    );
    return { diagnostics };
  }
  if (!request.json || request.json.length === 0) {
    if (request.hasFlatmap) {
      diagnostics.addError(
        `State of ${resource.typeName} is in the pre-0.12 flatmap format`,
        "Upgrade the state with Terraform 0.12 to 0.15 first; tsvider reads JSON state only.",
      );
      return { diagnostics };
    }
    return { diagnostics, state: null };
  }
  if (request.version < current) {
    const state = await upgradeFromVersion(server, resource, request.version, request.json, diagnostics);
    return state ? { diagnostics, state } : { diagnostics };
  }
  try {
    const state = decodeJson(request.json, resource.valueType, {
      missingAttributes: "null",
    }) as ObjectValue | null;
    if (state === null) return { diagnostics, state };
    // A block added since the state was written reads as null; blocks are never null in state
    // (an absent list block is empty), so fill them as a new object would have them.
    const completed = completeObject(
      resource.schema,
      state,
      `${resource.typeName} state upgrade`,
      diagnostics,
    );
    return completed ? { diagnostics, state: completed } : { diagnostics };
  } catch (err) {
    if (!(err instanceof CtyValueError)) throw err;
    diagnostics.addError(
      `Stored state of ${resource.typeName} does not match its schema`,
      `${err.message}. The state was not changed; if the provider's schema changed without a version bump, restore the previous provider version.`,
      attributePathFrom(err.path),
    );
    return { diagnostics };
  }
}
