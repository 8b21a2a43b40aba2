// Listing: Terraform sends a list block's config (wholly known), whether it wants each
// object's state, and how many results it wants; the provider streams results back. Terraform
// stops reading at the first error and once it has `limit` results, and cancels the call.
//
// The core runs the author's generator and turns each yielded result into an event: the
// identity (complete, known, not all null), the display name, and the state only when asked
// for (complete, known, write-only values null). Warnings the author adds ride with the next
// event; an error (thrown, added, or a result that breaks the rules) is the last event. The
// author's generator is always closed (`return()`, so its `finally` runs): at its end, at the
// limit, at an error, and when the caller stops (Terraform cancelled the call).

import { type CtyValue, containsUnknown, isRecord } from "@tsvider/cty";
import { type Diagnostic, Diagnostics } from "../diagnostics.js";
import type { IdentitySchema } from "../identity.js";
import { componentLog, logError } from "../internal/log.js";
import type { ListResource, ListResult } from "../list-resource.js";
import type { Resource } from "../resource.js";
import { forAuthor } from "../values/author-values.js";
import { completeObject, withoutWriteOnly } from "../values/complete.js";
import { checkConfig } from "../values/config-checks.js";
import { addThrown, handlerSite } from "../values/handler.js";
import type { ObjectValue } from "../values/object-value.js";
import type { ProviderServer } from "./provider-server.js";
import { checkWhollyKnown } from "./result-checks.js";

/** One message of the stream: a result, or (no identity) diagnostics alone. */
export interface ListEvent {
  readonly displayName?: string;
  readonly identity?: ObjectValue;
  /** The object's state; only when the request included resources and the author gave one. */
  readonly resource?: ObjectValue;
  readonly diagnostics: readonly Diagnostic[];
}

export interface ListRequestValues {
  /** The config block's value; null (an absent block) reads as every attribute null. */
  readonly config: ObjectValue | null;
  readonly includeResource: boolean;
  readonly limit: number;
}

/**
 * The events of one listing, as an async generator: the caller sends each and calls
 * `return()` when it stops early. `cancelled` fires when the host goes away while the author
 * is still looking for the next result; the generator then ends without waiting for it.
 */
export async function* listResource(
  server: ProviderServer,
  definition: ListResource,
  request: ListRequestValues,
  cancelled: AbortSignal = new AbortController().signal,
): AsyncGenerator<ListEvent, void, undefined> {
  const diagnostics = new Diagnostics();
  const where = `list resource ${definition.typeName}`;
  const site = handlerSite(server.provider, "list resource", definition.typeName, "list");
  const schema = definition.schema;
  const config = request.config === null ? completeObject(schema, {}, where, diagnostics)! : request.config;
  if (containsUnknown(config)) {
    diagnostics.addError(
      `Configuration of list resource ${definition.typeName} is not known yet`,
      "Terraform lists only once the whole config block is known; this one still holds unknown values.",
    );
  } else {
    checkConfig(schema, config, diagnostics);
  }
  if (diagnostics.hasErrors) {
    yield { diagnostics: diagnostics.items };
    return;
  }
  // Terraform asks for none: it would not read one.
  if (request.limit <= 0) return;

  const signal = AbortSignal.any([server.signal, cancelled]);
  const resource = definition.resource as Resource;
  let iterator: AsyncIterator<ListResult<Resource>> | Iterator<ListResult<Resource>>;
  try {
    const iterable = definition.list({
      config: forAuthor(schema, config) as never,
      includeResource: request.includeResource,
      limit: request.limit,
      providerData: server.providerData,
      log: componentLog(definition.typeName),
      signal,
      diagnostics,
    });
    iterator = iteratorOf(iterable);
  } catch (err) {
    addThrown(diagnostics, site, err);
    yield { diagnostics: diagnostics.items };
    return;
  }

  // Diagnostics are sent once each: `sent` counts those already in an event.
  let sent = 0;
  const pending = (): readonly Diagnostic[] => {
    const items = diagnostics.items.slice(sent);
    sent = diagnostics.items.length;
    return items;
  };
  let results = 0;
  // Whether a next() is still running: the generator cannot be closed before it settles.
  let running = false;
  try {
    while (results < request.limit) {
      running = true;
      const step = await untilAborted(Promise.resolve(iterator.next()), signal);
      if (step === aborted) {
        // A cancelled call has no one to tell; a stopped provider tells why the list is short.
        if (!cancelled.aborted) {
          diagnostics.addError(
            `${where} stopped`,
            "Terraform asked the provider to stop (it was interrupted) before the listing ended.",
          );
          yield { diagnostics: pending() };
        }
        return;
      }
      running = false;
      if (step.done) break;
      const event = resultEvent(resource, step.value, request.includeResource, where, diagnostics);
      if (diagnostics.hasErrors) {
        yield { diagnostics: pending() };
        return;
      }
      yield { ...event, diagnostics: pending() };
      results++;
    }
    if (diagnostics.items.length > sent) yield { diagnostics: pending() };
  } catch (err) {
    running = false;
    addThrown(diagnostics, site, err);
    yield { diagnostics: pending() };
  } finally {
    const closing = close(iterator, where);
    // While a next() still runs (the host went away first) the close waits behind it: an
    // author who ignores the signal must not hold the stream open, so it is not awaited then.
    if (!running) await closing;
  }
}

const aborted = Symbol("aborted");

/** `promise`'s value, or `aborted` as soon as `signal` fires, whichever comes first. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T | typeof aborted> {
  if (signal.aborted) {
    promise.catch(() => {});
    return Promise.resolve(aborted);
  }
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      promise.catch(() => {});
      resolve(aborted);
    };
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (err: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(err);
      },
    );
  });
}

function iteratorOf<T>(iterable: unknown): AsyncIterator<T> | Iterator<T> {
  const candidate = iterable as Partial<AsyncIterable<T> & Iterable<T>> | null | undefined;
  const asyncIterator = candidate?.[Symbol.asyncIterator];
  if (typeof asyncIterator === "function") return asyncIterator.call(candidate);
  const syncIterator = candidate?.[Symbol.iterator];
  if (typeof syncIterator === "function") return syncIterator.call(candidate);
  throw new TypeError(
    "list returned something that is not iterable: write it as an async generator (async *list(ctx) { yield { displayName, identity } }) or return an array of results",
  );
}

/** Closes the author's iterator, so its `finally` runs; a throw there is logged. */
function close(iterator: AsyncIterator<unknown> | Iterator<unknown>, where: string): Promise<void> {
  return Promise.resolve()
    .then(() => iterator.return?.())
    .then(
      () => {},
      (err: unknown) => logError(`${where} list threw while closing`, err),
    );
}

/** The event of one yielded result; adds an error and returns {} when it breaks the rules. */
function resultEvent(
  resource: Resource,
  result: ListResult<Resource>,
  includeResource: boolean,
  where: string,
  diagnostics: Diagnostics,
): Omit<ListEvent, "diagnostics"> {
  if (!isRecord(result as unknown as CtyValue)) {
    diagnostics.addError(
      `${where} yielded something other than a result`,
      "Yield { displayName, identity } for each object found (and resource, when includeResource is true).",
    );
    return {};
  }
  const displayName = result.displayName ?? "";
  if (typeof displayName !== "string") {
    diagnostics.addError(
      `${where} yielded a result whose displayName is not a string`,
      `displayName is how people see the object in terraform query's output; it is ${typeof displayName}.`,
    );
    return {};
  }
  const identity = checkIdentity(resource, result.identity, `${where} result "${displayName}"`, diagnostics);
  if (identity === undefined) return {};
  const event = { displayName, identity };
  if (!includeResource) return event;
  const state = result.resource;
  if (state === undefined || state === null) {
    diagnostics.addWarning(
      `${where} gave no resource for "${displayName}"`,
      "Terraform asked for each object's whole state (include_resource, or generating configuration), and this result has none, so none is shown or generated for it. This is a problem in the provider: yield resource when includeResource is true.",
    );
    return event;
  }
  const what = `${where} result "${displayName}" resource`;
  const completed = completeObject(resource.schema, state, what, diagnostics);
  if (!completed || !checkWhollyKnown(resource.schema, completed, what, diagnostics)) return {};
  return { ...event, resource: withoutWriteOnly(resource.schema, completed) };
}

/**
 * The identity as the identity schema has it: every attribute present (left out: null),
 * nothing else, every value known, not all null. Undefined, with an error, otherwise.
 */
function checkIdentity(
  resource: Resource,
  identity: unknown,
  where: string,
  diagnostics: Diagnostics,
): ObjectValue | undefined {
  const schema = (resource.identity?.schema ?? {}) as IdentitySchema;
  if (!isRecord(identity as CtyValue)) {
    diagnostics.addError(
      `${where} has no identity`,
      `Each result names its object by ${resource.typeName}'s identity: yield identity: { ${Object.keys(schema).join(", ")} }.`,
    );
    return undefined;
  }
  const given = identity as Record<string, CtyValue | undefined>;
  const out: Record<string, CtyValue> = {};
  const errors = diagnostics.items.length;
  for (const name of Object.keys(schema)) out[name] = given[name] ?? null;
  for (const name of Object.keys(given)) {
    if (!Object.hasOwn(schema, name) && given[name] !== undefined)
      diagnostics.addError(
        `${where} has an identity attribute the identity schema does not have`,
        `"${name}" is not in ${resource.typeName}'s identity schema (${Object.keys(schema).join(", ")}).`,
      );
  }
  for (const [name, value] of Object.entries(out)) {
    if (containsUnknown(value))
      diagnostics.addError(
        `${where} has an unknown identity value`,
        `Identity attribute "${name}" is unknown; a listed object's identity is wholly known.`,
      );
    else if (value === null && schema[name]?.options.requiredForImport)
      diagnostics.addError(
        `${where} has no value for identity attribute "${name}"`,
        `"${name}" is required for import, so an import block generated from this result could not find the object. Set it in the result's identity.`,
      );
  }
  if (diagnostics.items.length === errors && Object.values(out).every((v) => v === null))
    diagnostics.addError(
      `${where} has an identity whose every attribute is null`,
      "An identity names one object: set its attributes.",
    );
  return diagnostics.items.length === errors ? out : undefined;
}
