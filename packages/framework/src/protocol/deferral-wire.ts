// Deferred answers on the wire: the Deferred message (the same numbers in tfplugin5 and
// tfplugin6) and the unknown object a deferred import, data source or ephemeral resource
// answers in place of a value.
import { type CtyType, Unknown } from "@tsvider/cty";
import type { DeferralReason } from "../deferral.js";
import type { Diagnostics } from "../diagnostics.js";
import { encodeDynamic, type WireDynamicValue } from "./wire.js";

/** Deferred.Reason; 0 (UNKNOWN) is never sent. */
const reasonNumbers: Readonly<Record<DeferralReason, number>> = {
  resource_config_unknown: 1,
  provider_config_unknown: 2,
  absent_prereq: 3,
};

/** The response's `deferred` field, to spread into it; nothing when `reason` is undefined. */
export function wireDeferred(reason: DeferralReason | undefined): { deferred?: { reason: number } } {
  return reason === undefined ? {} : { deferred: { reason: reasonNumbers[reason] } };
}

/** A wholly unknown value of `type`: what a deferred object is until a later round. */
export function unknownValue(
  type: CtyType,
  diagnostics: Diagnostics,
  what: string,
): WireDynamicValue | undefined {
  return encodeDynamic(Unknown, type, diagnostics, what);
}
