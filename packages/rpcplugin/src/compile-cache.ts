// What a provider's single file shares with the code it runs about V8's code cache. tsvider's
// launcher (packages/cli/src/launcher.ts) compiles the bundled provider, and the control
// thread's code, with a cache; when the cache was missing or rejected it writes a new one
// later, and meanwhile keeps the function that writes it in a global slot. The launcher text
// and this module name the same two slots: keep them in step.

/** The pending write's function, while the launcher has a cache to write. */
const PENDING_WRITE = Symbol.for("tsvider.compile-cache.save");
/** What the launcher calls once it has written the cache. */
const AFTER_WRITE = Symbol.for("tsvider.compile-cache.saved");

const slots = globalThis as Record<symbol, unknown>;

/** The launcher's pending cache write in this thread, or undefined when none is pending. */
export function pendingCompileCacheWrite(): (() => void) | undefined {
  const write = slots[PENDING_WRITE];
  return typeof write === "function" ? (write as () => void) : undefined;
}

/** Has the launcher call `then` once it has written this thread's cache. */
export function afterCompileCacheWrite(then: () => void): void {
  slots[AFTER_WRITE] = then;
}
