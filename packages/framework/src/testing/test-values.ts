// A test's values on their way into the kit and back: objects as a test writes them, made
// whole and carried through the same msgpack encoding the wire uses, and diagnostics as plain
// data. Shared by testProvider (test-provider.ts), the kits of each kind of component it
// holds (action.ts, ephemeral.ts, list.ts, state-store.ts) and identities (identity-values.ts).
import type { CtyType, CtyValue } from "@tsvider/cty";
import type { Diagnostic, Diagnostics } from "../diagnostics.js";
import { rememberSecrets } from "../internal/log-values.js";
import { decodeDynamic, encodeDynamic } from "../protocol/wire.js";
import type { Resource } from "../resource.js";
import { completeObject } from "../values/complete.js";
import type { ObjectValue } from "../values/object-value.js";

/** An object as a test writes it: attributes it leaves out are null (blocks: none). */
export type TestValues = { readonly [attribute: string]: unknown };

/** A test's object made whole (left-out attributes null) and carried over the wire. */
export function input(
  schema: Resource["schema"],
  values: TestValues,
  type: CtyType,
  diagnostics: Diagnostics,
  what: string,
): ObjectValue | undefined {
  const complete = completeObject(schema, values, `the ${what} given`, diagnostics);
  const sent = complete && overWire(complete, type, diagnostics, what);
  // As the wire's decoding does: the call masks these secrets where the server masks them.
  rememberSecrets(schema, sent);
  return sent;
}

/**
 * The value after a trip over the wire: encoded and decoded as the tfplugin6 adapter does.
 * `answer`: the provider's side encodes it (an error there is the provider's bug), else the
 * host's (an error there is a bad value in the test).
 */
export function overWire<T extends CtyValue>(
  value: T,
  type: CtyType,
  diagnostics: Diagnostics,
  what: string,
  answer = false,
): T | undefined {
  if (value === null) return value;
  const encoded = encodeDynamic(value, type, diagnostics, what);
  if (!encoded) {
    if (!answer) {
      // The host would never send it: the test's value does not fit the schema.
      const last = diagnostics.items.at(-1);
      if (last) Object.assign(last, { summary: `Invalid ${what}` });
    }
    return undefined;
  }
  return decodeDynamic(encoded, type, diagnostics, what) as T | undefined;
}

export function plain(diagnostics: Diagnostics): Diagnostic[] {
  return diagnostics.items.map((d) => ({ ...d }));
}
