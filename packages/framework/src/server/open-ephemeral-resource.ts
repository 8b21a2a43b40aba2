// Opening an ephemeral resource: Terraform sends a wholly known configuration and takes the
// result as the resource's value for this run. The result is held to a data source's rules
// (configured values as written, everything known, nothing the schema lacks); the private data
// is sealed for this process (ephemeral-private.ts).

import { containsUnknown } from "@tsvider/cty";
import type { DeferralReason } from "../deferral.js";
import { Diagnostics } from "../diagnostics.js";
import type { EphemeralResource } from "../ephemeral-resource.js";
import { componentLog } from "../internal/log.js";
import { PrivateStateError } from "../private-state.js";
import { forAuthor, withExactNumbers } from "../values/author-values.js";
import { completeObject } from "../values/complete.js";
import { checkConfig } from "../values/config-checks.js";
import { handlerSite, runHandler } from "../values/handler.js";
import type { ObjectValue } from "../values/object-value.js";
import { WalkPosition } from "../values/walk-position.js";
import { type DeferralRequest, DeferralSlot, providerDeferral } from "./deferral-slot.js";
import { sealNew } from "./ephemeral-private.js";
import type { ProviderServer } from "./provider-server.js";
import { ResultCheck } from "./read-data-source.js";
import { checkRenewAt } from "./renew-ephemeral-resource.js";

export interface OpenedEphemeralResource {
  readonly diagnostics: Diagnostics;
  /** Null when opening failed. */
  readonly result: ObjectValue | null;
  readonly private?: Uint8Array;
  readonly renewAt?: Date;
  /** Set when opening was deferred: result is null, the answer an unknown object. */
  readonly deferred?: DeferralReason;
}

export async function openEphemeralResource(
  server: ProviderServer,
  resource: EphemeralResource,
  config: ObjectValue | null,
  /** Whether the request accepts a deferred answer. */
  deferralRequest: DeferralRequest = {},
): Promise<OpenedEphemeralResource> {
  const diagnostics = new Diagnostics();
  const failed = { diagnostics, result: null };
  const providerDeferred = providerDeferral(server);
  if (providerDeferred) return { ...failed, deferred: providerDeferred };
  const where = `ephemeral resource ${resource.typeName} open`;
  const schema = resource.schema;
  if (config === null) {
    diagnostics.addError(
      `No configuration for ephemeral resource ${resource.typeName}`,
      "Terraform sent a null configuration to open; an ephemeral block always has one. This points at a problem in the host, not in your configuration.",
    );
    return failed;
  }
  if (containsUnknown(config)) {
    diagnostics.addError(
      `Configuration of ephemeral resource ${resource.typeName} is not known yet`,
      "Terraform opens an ephemeral resource only once its whole configuration is known; this one still holds unknown values.",
    );
    return failed;
  }
  checkConfig(schema, config, diagnostics);
  if (diagnostics.hasErrors) return failed;
  const deferral = new DeferralSlot(deferralRequest);
  const site = handlerSite(server.provider, "ephemeral resource", resource.typeName, "open");
  const opened = await runHandler(diagnostics, site, () =>
    resource.open({
      ...deferral.access(),
      config: forAuthor(schema, config) as never,
      providerData: server.providerData,
      log: componentLog(resource.typeName),
      signal: server.signal,
      diagnostics,
    }),
  );
  const deferred = deferral.settle(diagnostics, where, `ephemeral resource ${resource.typeName}`);
  if (deferred) return { ...failed, deferred };
  if (diagnostics.hasErrors) return failed;
  if (opened === undefined || opened === null || typeof opened !== "object" || !("result" in opened)) {
    diagnostics.addError(
      `${where} returned no result`,
      "open returns { result } with the whole object (the configured values, the computed ones filled in), and optionally private data and renewAt.",
    );
    return failed;
  }
  if (opened.result === null || opened.result === undefined) {
    diagnostics.addError(
      `${where} returned a null result`,
      "An opened ephemeral resource has a value: return the whole object as result. To say it cannot be opened, throw a TsviderError saying why.",
    );
    return failed;
  }
  const completed = completeObject(schema, opened.result, where, diagnostics);
  const result = completed && withExactNumbers(schema, config, completed);
  if (result)
    new ResultCheck(where, diagnostics, "An ephemeral resource").object(
      schema,
      config,
      result,
      WalkPosition.root,
    );
  const renewAt = checkRenewAt(resource, opened.renewAt, "open", diagnostics);
  if (!result || diagnostics.hasErrors) {
    // Terraform gets no private data, so it never closes what open acquired: close it here.
    await releaseUnanswered(server, resource, opened.private ?? null, diagnostics);
    return failed;
  }
  let sealed: Uint8Array;
  try {
    sealed = sealNew(server, resource, opened.private ?? null);
  } catch (err) {
    if (!(err instanceof PrivateStateError)) throw err;
    diagnostics.addError(`${where} returned private data that cannot be kept`, err.detail || err.message);
    await releaseUnanswered(server, resource, opened.private ?? null, diagnostics);
    return failed;
  }
  return { diagnostics, result, private: sealed, ...(renewAt ? { renewAt } : {}) };
}

/**
 * Calls the author's close for an instance that was opened but cannot be answered (its result
 * or private data is refused), so nothing it acquired is left open.
 */
export async function releaseUnanswered(
  server: ProviderServer,
  resource: EphemeralResource,
  data: unknown,
  diagnostics: Diagnostics,
): Promise<void> {
  const close = resource.close;
  if (!close) return;
  const site = handlerSite(server.provider, "ephemeral resource", resource.typeName, "close");
  await runHandler(diagnostics, site, () =>
    close({
      private: data as never,
      providerData: server.providerData,
      log: componentLog(resource.typeName),
      signal: server.signal,
      diagnostics,
    }),
  );
}
