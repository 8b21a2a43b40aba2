// Each call of the test kit runs as one RPC does when tofu makes it: in a log scope of its own
// (internal/log-values.ts), which remembers the secrets of the values the host sends (input()
// in test-values.ts and the kit's apply remember them, as the wire's decoding does), so the
// framework masks them wherever it masks them on the wire: in the "Unexpected error" and
// "Could not create ..." diagnostics that quote an exception's text (values/handler.ts), in
// mapped errors and in the provider's log lines. Without it the kit showed a sensitive value in
// a diagnostic that tofu shows as "(sensitive)", and a test could pass that leaks a secret to
// every practitioner.
import { withLogScope } from "../internal/log-values.js";

/**
 * `kit` with each of its methods (and those of the kits it holds, such as `ephemeral`) run in a
 * log scope of its own, as the protocol server runs each RPC (internal/instrument-rpcs.ts).
 * Methods are replaced on the object itself, so calls made through it from inside (lifecycle's
 * plans and applies) are scoped too.
 */
export function scopedLikeRpcs<T extends object>(kit: T): T {
  for (const [name, value] of Object.entries(kit)) {
    if (typeof value === "function") {
      const method = value as (...args: unknown[]) => unknown;
      Object.defineProperty(kit, name, {
        value: (...args: unknown[]) => withLogScope(() => method.apply(kit, args)),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } else if (value !== null && typeof value === "object" && !ArrayBuffer.isView(value) && !isServer(name)) {
      scopedLikeRpcs(value as object);
    }
  }
  return kit;
}

/** The kit's `server` is the provider's own, not a kit: its methods are left alone. */
function isServer(name: string): boolean {
  return name === "server";
}
