// The control thread's early start: started only when the bundle carries the thread's code and
// the environment asks for a control thread; adopted when sound; replaced when it failed before
// it was adopted; ended when the plugin serves from the main thread after all. The end-to-end
// path (a provider's single file that starts it at its top) is tested with tsvider's bundler
// (packages/cli/src/launcher.test.ts) and the reference provider.
import { isMainThread, type Worker } from "node:worker_threads";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  adoptEarlyControlThread,
  CONTROL_THREAD_SOURCE,
  discardEarlyControlThread,
  startControlThreadEarly,
} from "./thread-start.js";

const HANG_GUARD_MS = 60_000;
const globals = globalThis as Record<symbol, unknown>;
const requested = { TSVIDER_CONTROL_THREAD: "1" };
/** A stand-in for the thread's code: answers its first message, as the real one waits for "serve". */
const echo = `require("node:worker_threads").parentPort.once("message", (m) => require("node:worker_threads").parentPort.postMessage(m));`;

const answer = (worker: Worker, message: string) =>
  new Promise((resolve) => {
    worker.once("message", resolve);
    worker.postMessage(message);
  });

afterEach(() => {
  discardEarlyControlThread();
  delete globals[CONTROL_THREAD_SOURCE];
});

describe.runIf(isMainThread)("starting the control thread early", () => {
  it("starts none without the thread's code in the bundle, when TSVIDER_CONTROL_THREAD turns it off or cannot be read, or in debug mode", () => {
    startControlThreadEarly(requested);
    expect(adoptEarlyControlThread()).toBeUndefined();
    globals[CONTROL_THREAD_SOURCE] = echo;
    for (const off of ["0", "false", "Off", " no "]) {
      startControlThreadEarly({ TSVIDER_CONTROL_THREAD: off });
      expect(adoptEarlyControlThread()).toBeUndefined();
    }
    // The server refuses the setting and says why; the early start only stays out of the way.
    startControlThreadEarly({ TSVIDER_CONTROL_THREAD: "sometimes" });
    expect(adoptEarlyControlThread()).toBeUndefined();
    startControlThreadEarly({ ...requested, TSVIDER_DEBUG: "1" });
    expect(adoptEarlyControlThread()).toBeUndefined();
  });

  it("starts one by default, with TSVIDER_CONTROL_THREAD unset or empty", async () => {
    globals[CONTROL_THREAD_SOURCE] = echo;
    for (const env of [{}, { TSVIDER_CONTROL_THREAD: "" }]) {
      startControlThreadEarly(env);
      const worker = adoptEarlyControlThread();
      expect(worker).toBeDefined();
      await worker!.terminate();
    }
  });

  it("hands the thread it started to the server once, sound", async () => {
    globals[CONTROL_THREAD_SOURCE] = echo;
    startControlThreadEarly(requested);
    const worker = adoptEarlyControlThread();
    expect(worker).toBeDefined();
    expect(adoptEarlyControlThread()).toBeUndefined();
    expect(await answer(worker!, "serve")).toBe("serve");
    await worker!.terminate();
  });

  it("gives no thread that failed before it was adopted, so the server starts another", async () => {
    globals[CONTROL_THREAD_SOURCE] = `throw new Error("a thread that cannot start");`;
    startControlThreadEarly(requested);
    const early = globals[Symbol.for("tsvider.rpcplugin.control-thread")] as { failed: boolean };
    // A guard against a hang, not a timing.
    await vi.waitUntil(() => early.failed, { timeout: HANG_GUARD_MS, interval: 10 });
    expect(adoptEarlyControlThread()).toBeUndefined();
  });

  it("ends the thread when the plugin serves from the main thread after all", async () => {
    globals[CONTROL_THREAD_SOURCE] = echo;
    startControlThreadEarly(requested);
    const early = globals[Symbol.for("tsvider.rpcplugin.control-thread")] as { worker: Worker };
    const exited = new Promise((resolve) => early.worker.once("exit", resolve));
    discardEarlyControlThread();
    await exited;
    expect(adoptEarlyControlThread()).toBeUndefined();
  });
});
