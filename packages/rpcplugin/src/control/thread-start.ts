// Starting the control thread's worker early. Before a worker can listen it takes tens of
// milliseconds: a Node environment of its own, then tls and http2. The main thread has
// its own work before it can say what to serve: the provider's modules and the protocol's stubs.
// Started at the top of the provider's single file rather than once that work is done, the
// worker boots on another core meanwhile, and the handshake waits for the slower of the two
// instead of their sum. `tsvider build` runs `startControlThreadEarly()` there, bundled on its
// own, before the provider's code is even compiled; serveWithControlThread (main-side.ts)
// adopts that worker, or starts one itself. A worker waits for its "serve" message before it
// listens (messages.ts), so one started for nothing costs its start and is ended.
import { isMainThread, SHARE_ENV, Worker } from "node:worker_threads";
import { controlThreadRequested, debugRequested } from "../env-switches.js";
import { buildingStartupSnapshot } from "../snapshot.js";

/**
 * Where a single-file bundle keeps the control thread's code (bundled on its own, as a string):
 * `tsvider build` sets it at the top of the file, since the bundle has no file beside it.
 */
export const CONTROL_THREAD_SOURCE = Symbol.for("tsvider.rpcplugin.control-thread-source");

/** Where the early-started worker waits to be adopted. */
const EARLY_THREAD = Symbol.for("tsvider.rpcplugin.control-thread");

interface EarlyThread {
  readonly worker: Worker;
  /** It failed or exited before it was adopted: it cannot serve. */
  failed: boolean;
}

const globals = globalThis as Record<symbol, unknown>;

/**
 * Starts the control thread from the code the bundle carries, the way serveWithControlThread
 * would: the worker shares this process's environment, as its logging and listening read the
 * host's settings there.
 */
export function startControlThread(code: string, evaluate: boolean): Worker {
  return new Worker(code, { eval: evaluate, env: SHARE_ENV });
}

/**
 * Starts the control thread now, when the bundle carries its code and the environment does not
 * turn it off (TSVIDER_CONTROL_THREAD=0; debug mode). Never throws: without an early thread,
 * serveWithControlThread starts one when the provider serves, and the server reports a
 * TSVIDER_CONTROL_THREAD it cannot read.
 */
export function startControlThreadEarly(env: NodeJS.ProcessEnv = process.env): void {
  const code = globals[CONTROL_THREAD_SOURCE];
  if (typeof code !== "string" || globals[EARLY_THREAD] !== undefined) return;
  if (!isMainThread || buildingStartupSnapshot() || debugRequested(env)) return;
  try {
    if (!controlThreadRequested(env)) return;
    const worker = startControlThread(code, true);
    const early: EarlyThread = { worker, failed: false };
    // Until it is adopted, the thread holds nothing up (a plugin that was run by hand prints
    // its note and exits), and what goes wrong in it is kept for serveWithControlThread to see
    // rather than thrown in this thread.
    worker.unref();
    worker.on("error", () => {
      early.failed = true;
    });
    worker.on("exit", () => {
      early.failed = true;
    });
    globals[EARLY_THREAD] = early;
  } catch {
    // No early thread, then.
  }
}

/** Whether the provider's file started a control thread that has not failed (yet). */
export function hasEarlyControlThread(): boolean {
  const early = globals[EARLY_THREAD] as EarlyThread | undefined;
  return early !== undefined && !early.failed;
}

/**
 * The early-started control thread, kept alive from now on; undefined when there is none, or
 * when it failed (then it is ended, and the caller starts another).
 */
export function adoptEarlyControlThread(): Worker | undefined {
  const early = globals[EARLY_THREAD] as EarlyThread | undefined;
  delete globals[EARLY_THREAD];
  if (early === undefined) return undefined;
  if (early.failed) {
    void early.worker.terminate();
    return undefined;
  }
  early.worker.ref();
  return early.worker;
}

/** Ends the early-started control thread, if any: the plugin serves from the main thread after all. */
export function discardEarlyControlThread(): void {
  void adoptEarlyControlThread()?.terminate();
}
