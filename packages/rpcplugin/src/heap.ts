// How much memory a plugin process keeps. Once a plugin serves, its process sets two V8 flags
// for itself (docs/memory.md has the figures):
//
// - The young generation stays at the size it has then (--semi-space-growth-factor=1, which V8
//   reads at each collection). A provider answers many small calls, each leaving short-lived
//   garbage, and V8 lets its young generation grow to 3 x 16 MiB to collect it less often:
//   over a 1,000-resource apply that growth was about 40 of the provider's 155 MiB peak, held
//   for no CPU saving that paired runs could measure. Not earlier: pinned from the process's
//   start, the young generation stays at 1 MiB while the provider's modules are evaluated, and
//   a start costs about 30 ms more CPU.
// - V8's efficiency mode (--efficiency-mode), meant for work nobody waits on from one moment to
//   the next, as a browser's background tab: V8 optimises a function with its top compiler,
//   TurboFan, only once it has run many times more than it otherwise waits for. Most of a
//   provider's code runs a few thousand times in a large apply, so TurboFan's code, its
//   working memory and its output are mostly never touched: over a 1,000-resource apply the
//   peak fell by 7 to 14 MiB and the provider's CPU did not rise. What runs hot for long (a
//   large value through cty's codec) still runs slower, by about a third. V8 12 and newer
//   (Node 22 and newer) know the flag; Node 20's V8 would print an error for it, so there it
//   is left out.
//
// Whoever set one of these flags themselves (on the command line, or the young generation's in
// NODE_OPTIONS) is left alone for that flag, and TSVIDER_NODE_HEAP=default leaves V8 as it is.
//
// V8 stamps a hash of its flags into each code cache it writes and rejects a cache whose hash
// is not its own. A provider's single file compiles its bundle with a cache at the start, and
// on a first start writes that cache two seconds later (tsvider's launcher.ts): a flag changed
// in between would make every later start reject the cache and compile afresh. So while the
// launcher has a cache to write, the flags wait for it (keepHeapSmallOnceCached).
import { setFlagsFromString } from "node:v8";
import { afterCompileCacheWrite, pendingCompileCacheWrite } from "./compile-cache.js";

interface OwnFlag {
  readonly flag: string;
  /** Flags that mean someone chose this themselves (V8 takes - or _ in a flag's name). */
  readonly chosen: RegExp;
  /** Whether this process's V8 knows the flag. */
  readonly known: boolean;
}

const v8Major = Number(process.versions.v8.split(".")[0]);

const OWN_FLAGS: readonly OwnFlag[] = [
  {
    flag: "--semi-space-growth-factor=1",
    chosen:
      /(^|\s)--((max|min)[-_]semi[-_]space[-_]size|semi[-_]space[-_]growth[-_]factor|optimize[-_]for[-_]size)(=|\s|$)/,
    known: true,
  },
  {
    flag: "--efficiency-mode",
    chosen: /(^|\s)--(no[-_])?efficiency[-_]mode(=|\s|$)/,
    known: v8Major >= 12,
  },
];

/** The V8 flags a plugin process sets for itself, where its V8 knows them. */
export const smallHeapFlags: readonly string[] = OWN_FLAGS.filter((f) => f.known).map((f) => f.flag);

/**
 * Sets each of smallHeapFlags in this process unless `env` or `execArgv` say otherwise for it;
 * returns the flags it set (none when it left V8 alone).
 */
export function keepHeapSmall(
  env: NodeJS.ProcessEnv,
  execArgv: readonly string[] = process.execArgv,
): readonly string[] {
  if (env.TSVIDER_NODE_HEAP?.trim().toLowerCase() === "default") return [];
  const set: string[] = [];
  for (const own of OWN_FLAGS) {
    if (!own.known) continue;
    if (own.chosen.test(env.NODE_OPTIONS ?? "") || execArgv.some((arg) => own.chosen.test(arg))) continue;
    setFlagsFromString(own.flag);
    set.push(own.flag);
  }
  return set;
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
