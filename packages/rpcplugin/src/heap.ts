// How much memory a plugin process keeps. A provider answers many small calls, each leaving
// short-lived garbage, and V8 lets its young generation grow to 3 x 16 MiB to collect it less
// often: over a 1,000-resource apply that growth was about 40 of the provider's 155 MiB peak,
// held for no CPU saving that paired runs could measure. So once a plugin serves, its process
// keeps the young generation at the size it has then (V8's --semi-space-growth-factor=1, set
// at run time, which V8 reads at each collection): peak 118-127 MiB. Not earlier: pinned from
// the process's start, the young generation stays at 1 MiB while the provider's modules are
// evaluated, and a start costs about 30 ms more CPU. docs/memory.md has the figures.
//
// Whoever set V8's young-generation flags themselves (NODE_OPTIONS, or flags on the command
// line) is left alone, and TSVIDER_NODE_HEAP=default keeps V8's own behaviour.
//
// V8 stamps a hash of its flags into each code cache it writes and rejects a cache whose hash
// is not its own. A provider's single file compiles its bundle with a cache at the start, and
// on a first start writes that cache two seconds later (tsvider's launcher.ts): a flag changed
// in between would make every later start reject the cache and compile afresh. So while the
// launcher has a cache to write, the flag waits for it (keepHeapSmallOnceCached).
import { setFlagsFromString } from "node:v8";
import { afterCompileCacheWrite, pendingCompileCacheWrite } from "./compile-cache.js";

/** The V8 flags a plugin process sets for itself. */
export const smallHeapFlags: readonly string[] = ["--semi-space-growth-factor=1"];

/** The flags that mean someone sized the young generation themselves (V8 takes - or _). */
const SIZED =
  /(^|\s)--((max|min)[-_]semi[-_]space[-_]size|semi[-_]space[-_]growth[-_]factor|optimize[-_]for[-_]size)(=|\s|$)/;

/**
 * Sets smallHeapFlags in this process unless `env` or `execArgv` say otherwise; returns the
 * flags it set (none when it left V8 alone).
 */
export function keepHeapSmall(
  env: NodeJS.ProcessEnv,
  execArgv: readonly string[] = process.execArgv,
): readonly string[] {
  if (env.TSVIDER_NODE_HEAP?.trim().toLowerCase() === "default") return [];
  if (SIZED.test(env.NODE_OPTIONS ?? "") || execArgv.some((arg) => SIZED.test(arg))) return [];
  for (const flag of smallHeapFlags) setFlagsFromString(flag);
  return smallHeapFlags;
}

/**
 * keepHeapSmall now, or, when this thread's launcher still has V8's code cache to write, right
 * after it has written it. Returns whether it waits.
 */
export function keepHeapSmallOnceCached(env: NodeJS.ProcessEnv): boolean {
  if (pendingCompileCacheWrite() === undefined) {
    keepHeapSmall(env);
    return false;
  }
  afterCompileCacheWrite(() => keepHeapSmall(env));
  return true;
}
