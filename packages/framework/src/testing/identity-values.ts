// The test kit's identity values: identities as a test writes them (attributes left out are
// null), carried over the wire with the resource's identity type as the host would.
import type { CtyValue } from "@tsvider/cty";
import type { Diagnostics } from "../diagnostics.js";
import type { Resource } from "../resource.js";
import type { ObjectValue } from "../values/object-value.js";
import { overWire, type TestValues } from "./test-values.js";

/**
 * A test's identity as the host would send it: null when not given (or the resource has no
 * identity), undefined with an error when it does not fit the identity type.
 */
export function identityInput(
  resource: Resource,
  values: TestValues | null | undefined,
  diagnostics: Diagnostics,
  what: string,
): ObjectValue | null | undefined {
  const type = resource.identityType;
  if (values === null || values === undefined) return null;
  if (type === undefined) {
    diagnostics.addError(
      `The ${what} given is for a resource without identity`,
      `${resource.typeName} declares no identity schema: leave the identity out.`,
    );
    return undefined;
  }
  const complete: Record<string, CtyValue> = {};
  for (const name of type.attributeNames) complete[name] = (values[name] as CtyValue | undefined) ?? null;
  for (const name of Object.keys(values)) {
    if (!Object.hasOwn(complete, name)) {
      diagnostics.addError(
        `Invalid ${what}`,
        `"${name}" is not in ${resource.typeName}'s identity schema (it has: ${type.attributeNames.join(", ")}).`,
      );
      return undefined;
    }
  }
  return overWire(complete as ObjectValue, type, diagnostics, what);
}

/** The provider's identity answer after the trip over the wire (unknown stays unknown). */
export function identityOutput<T extends CtyValue>(
  resource: Resource,
  value: T,
  diagnostics: Diagnostics,
  what: string,
): T | null {
  const type = resource.identityType;
  if (type === undefined || value === null) return null;
  return overWire(value, type, diagnostics, what, true) ?? null;
}
