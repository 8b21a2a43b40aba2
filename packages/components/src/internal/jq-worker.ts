// jq runs in a worker thread, never on the provider's own thread: a jq program can loop for ever
// (`def f: f; f`) or fill memory, and a synchronous WebAssembly call cannot be interrupted from
// inside its own thread. The provider's thread keeps answering Terraform while a program runs,
// stops it at its time limit by ending the worker, and a fresh worker serves the next program,
// so memory a runaway program took goes back with the thread that held it.
//
// The worker is started from source text rather than a file, so it works the same from
// node_modules, from a provider bundled into one file and from a single executable: the text
// is jq-wasm's runtime (see jq-assets.ts) followed by workerMain below, and the compiled
// WebAssembly.Module is handed over in workerData (compiled once per process, shared by every
// worker it starts).
import { Worker } from "node:worker_threads";
import { loadJqAssets } from "./jq-assets.js";

/** A compiled WebAssembly module: opaque here, handed from thread to thread. */
type WasmModule = object;

/** The parts of the WebAssembly API used here (the TypeScript libraries in use declare none). */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmApi {
  readonly Memory: { readonly prototype: WasmMemory; new (descriptor: { initial: number }): WasmMemory };
  compile(bytes: Uint8Array): Promise<WasmModule>;
  instantiate(module: WasmModule, imports?: object): Promise<{ readonly exports: Record<string, unknown> }>;
}

/** Limits on one jq program's run. */
export interface JqLimits {
  /** Milliseconds a program may run before it is stopped. */
  readonly timeLimitMs: number;
  /**
   * MiB of memory jq may use: its WebAssembly heap, and the worker's JavaScript heap. jq-wasm's
   * build cannot grow its heap past 256 MiB, so that is the most this can be.
   */
  readonly memoryLimitMiB: number;
}

export const defaultJqLimits: JqLimits = { timeLimitMs: 10_000, memoryLimitMiB: 256 };

/** jq's own result for one run, as its command line gives it. */
export interface JqRun {
  readonly stdout: string;
  readonly stderr: string;
  readonly exitCode: number;
}

/** A program that hit a limit, or was stopped because its caller was cancelled. */
export class JqStoppedError extends Error {
  override readonly name = "JqStoppedError";
  constructor(
    readonly why: "time" | "memory" | "cancelled",
    readonly limits: JqLimits,
    message: string,
  ) {
    super(message);
  }
}

/** The largest heap a worker keeps between programs; a bigger one is ended to give it back. */
const keptHeapBytes = 64 * 1024 * 1024;

interface Job {
  readonly input: string;
  readonly query: string;
  readonly flags: readonly string[];
  readonly signal: AbortSignal | undefined;
  readonly resolve: (run: JqRun) => void;
  readonly reject: (err: Error) => void;
}

type Reply =
  | { readonly ready: true }
  | { readonly run: JqRun; readonly heapBytes: number }
  | { readonly failed: string; readonly memoryRefused: boolean };

/**
 * The code a worker runs after jq-wasm's runtime has defined loadJq. It is written out with
 * Function.prototype.toString, so it may use only its arguments and globals.
 */
function workerMain(
  loadJq: (options: { wasmModule: WasmModule }) => Promise<{
    raw(input: string, query: string, flags: string[]): JqRun;
  }>,
  port: { postMessage(message: unknown): void; on(event: "message", fn: (job: never) => void): void },
  data: { readonly module: WasmModule; readonly memoryLimitBytes: number },
): void {
  const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
  // jq-wasm prints "Aborted()" and the like to the console, which a worker passes on to the
  // provider's stderr (read by Terraform as log lines); jq's own messages come back in each
  // run's result. Silenced before loadJq, which takes console.error when it starts.
  const quiet = () => {};
  console.log = quiet;
  console.warn = quiet;
  console.error = quiet;
  // jq grows its heap through WebAssembly.Memory#grow; refused, malloc fails and jq aborts, which
  // ends the run with an error instead of taking the machine's memory.
  const grow = wasm.Memory.prototype.grow;
  let memoryRefused = false;
  wasm.Memory.prototype.grow = function (this: WasmMemory, pages: number) {
    if (this.buffer.byteLength + pages * 65536 > data.memoryLimitBytes) {
      memoryRefused = true;
      throw new RangeError("jq's memory limit is reached");
    }
    return grow.call(this, pages);
  };
  let heap: WasmMemory | undefined;
  const instantiate = wasm.instantiate.bind(wasm);
  // The instance's memory, to report its size after each run.
  wasm.instantiate = async (module: WasmModule, imports?: object) => {
    const instance = await instantiate(module, imports);
    for (const value of Object.values(instance.exports)) {
      if (value instanceof wasm.Memory) heap = value;
    }
    return instance;
  };
  loadJq({ wasmModule: data.module }).then(
    (jq) => {
      port.on("message", (job: { input: string; query: string; flags: string[] }) => {
        memoryRefused = false;
        try {
          const run = jq.raw(job.input, job.query, job.flags);
          port.postMessage({ run, heapBytes: heap?.buffer.byteLength ?? 0 });
        } catch (err) {
          port.postMessage({ failed: err instanceof Error ? err.message : String(err), memoryRefused });
        }
      });
      port.postMessage({ ready: true });
    },
    (err: unknown) => {
      port.postMessage({ failed: err instanceof Error ? err.message : String(err), memoryRefused: false });
    },
  );
}

let compiled: Promise<{ runtime: string; module: WasmModule }> | undefined;

/** jq-wasm's runtime text and jq compiled, once per process (a failure is retried next time). */
function compiledJq(): Promise<{ runtime: string; module: WasmModule }> {
  const api = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
  compiled ??= loadJqAssets()
    .then(async ({ runtime, wasm }) => ({ runtime, module: await api.compile(wasm) }))
    .catch((err: unknown) => {
      compiled = undefined;
      throw err;
    });
  return compiled;
}

function workerSource(): string {
  // jq-wasm's runtime is CommonJS: run it in a module wrapper of its own, then start workerMain
  // with the loadJq it exports.
  return `"use strict";
const { parentPort, workerData } = require("node:worker_threads");
const jqModule = { exports: {} };
require("node:vm").runInThisContext(
  "(function (exports, module, require, __filename, __dirname) {" + workerData.runtime + "\\n})",
  { filename: "jq-wasm.cjs" },
)(jqModule.exports, jqModule, require, "jq-wasm.cjs", ".");
(${workerMain.toString()})(jqModule.exports.loadJq, parentPort, workerData);
`;
}

/**
 * Runs jq programs one at a time in a worker thread under `limits`, starting a worker when
 * one is needed and ending it when a program overruns, so each program starts in a clean one.
 */
export class JqRunner {
  readonly #limits: JqLimits;
  readonly #queue: Job[] = [];
  #worker: Worker | undefined;
  #ready: Promise<void> | undefined;
  #busy = false;
  /** Workers started, for tests that prove a stopped program's worker is not reused. */
  workersStarted = 0;

  constructor(limits: JqLimits) {
    this.#limits = limits;
  }

  run(input: string, query: string, flags: readonly string[], signal?: AbortSignal): Promise<JqRun> {
    return new Promise<JqRun>((resolve, reject) => {
      if (signal?.aborted) {
        reject(this.#stopped("cancelled"));
        return;
      }
      this.#queue.push({ input, query, flags, signal, resolve, reject });
      void this.#next();
    });
  }

  /** Ends the worker, if any (a test's clean-up; the worker never keeps the process alive). */
  async close(): Promise<void> {
    const worker = this.#worker;
    this.#worker = undefined;
    this.#ready = undefined;
    await worker?.terminate();
  }

  async #next(): Promise<void> {
    if (this.#busy) return;
    const job = this.#queue.shift();
    if (job === undefined) return;
    this.#busy = true;
    try {
      job.resolve(await this.#runOne(job));
    } catch (err) {
      job.reject(err instanceof Error ? err : new Error(String(err)));
    } finally {
      this.#busy = false;
      void this.#next();
    }
  }

  async #start(): Promise<Worker> {
    const { runtime, module } = await compiledJq();
    const memoryLimitBytes = this.#limits.memoryLimitMiB * 1024 * 1024;
    const worker = new Worker(workerSource(), {
      eval: true,
      // None of the provider's node options: --input-type=module would make this CommonJS
      // source an ES module, with no require.
      execArgv: [],
      workerData: { runtime, module, memoryLimitBytes },
      // The JavaScript side holds jq's input and output text: held to the same limit.
      resourceLimits: { maxOldGenerationSizeMb: Math.max(16, this.#limits.memoryLimitMiB) },
    });
    // Never what keeps the provider running.
    worker.unref();
    // A worker that ends between programs is not waited on by the next one.
    worker.once("exit", () => {
      if (this.#worker === worker) {
        this.#worker = undefined;
        this.#ready = undefined;
      }
    });
    this.workersStarted++;
    return worker;
  }

  async #runOne(job: Job): Promise<JqRun> {
    if (job.signal?.aborted) throw this.#stopped("cancelled");
    if (this.#worker === undefined) {
      const started = this.#start();
      this.#ready = started.then(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            this.#worker = worker;
            const onMessage = (reply: Reply) => {
              off();
              if ("ready" in reply) resolve();
              else reject(new Error(`jq could not start: ${"failed" in reply ? reply.failed : "no answer"}`));
            };
            const onError = (err: Error) => {
              off();
              reject(new Error(`jq could not start: ${err.message}`));
            };
            const off = () => {
              worker.off("message", onMessage);
              worker.off("error", onError);
            };
            worker.on("message", onMessage);
            worker.on("error", onError);
          }),
      );
      this.#ready.catch(() => {
        void this.close();
      });
    }
    await this.#ready;
    const worker = this.#worker!;
    return new Promise<JqRun>((resolve, reject) => {
      let settled = false;
      const finish = (end: () => void, recycle: boolean) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        worker.off("message", onMessage);
        worker.off("error", onError);
        worker.off("exit", onExit);
        job.signal?.removeEventListener("abort", onAbort);
        if (recycle) {
          // A stopped or failed run leaves jq's heap in an unknown state: never reuse it.
          if (this.#worker === worker) {
            this.#worker = undefined;
            this.#ready = undefined;
          }
          void worker.terminate();
        }
        end();
      };
      const onMessage = (reply: Reply) => {
        if ("run" in reply) {
          finish(() => resolve(reply.run), reply.heapBytes > keptHeapBytes);
        } else if ("failed" in reply) {
          // A bare abort is jq's out-of-memory exit (its allocator aborts when malloc fails,
          // whether this worker refused the growth or jq-wasm's own 256 MiB ceiling did); a
          // failed assertion in jq says "Aborted(Assertion failed...)".
          const memory = reply.memoryRefused || reply.failed.startsWith("Aborted()");
          finish(
            () =>
              reject(
                memory ? this.#stopped("memory") : new Error(`jq stopped unexpectedly: ${reply.failed}`),
              ),
            true,
          );
        }
      };
      // The worker's JavaScript heap ran out (ERR_WORKER_OUT_OF_MEMORY), or it failed otherwise.
      const onError = (err: Error & { code?: string }) =>
        finish(
          () =>
            reject(
              err.code === "ERR_WORKER_OUT_OF_MEMORY"
                ? this.#stopped("memory")
                : new Error(`jq stopped unexpectedly: ${err.message}`),
            ),
          true,
        );
      const onExit = (code: number) =>
        finish(() => reject(new Error(`jq's worker ended unexpectedly (exit code ${code})`)), true);
      const onAbort = () => finish(() => reject(this.#stopped("cancelled")), true);
      const timer = setTimeout(
        () => finish(() => reject(this.#stopped("time")), true),
        this.#limits.timeLimitMs,
      );
      worker.on("message", onMessage);
      worker.on("error", onError);
      worker.on("exit", onExit);
      job.signal?.addEventListener("abort", onAbort, { once: true });
      worker.postMessage({ input: job.input, query: job.query, flags: [...job.flags] });
    });
  }

  #stopped(why: JqStoppedError["why"]): JqStoppedError {
    const { timeLimitMs, memoryLimitMiB } = this.#limits;
    const message =
      why === "time"
        ? `the jq program was stopped at its time limit of ${formatMs(timeLimitMs)}`
        : why === "memory"
          ? `the jq program was stopped at its memory limit of ${memoryLimitMiB} MiB`
          : "the jq program was stopped because the operation was cancelled";
    return new JqStoppedError(why, this.#limits, message);
  }
}

function formatMs(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

const runners = new Map<string, JqRunner>();

/** The runner for `limits`, shared by every component created with the same ones. */
export function jqRunner(limits: JqLimits): JqRunner {
  const key = `${limits.timeLimitMs}/${limits.memoryLimitMiB}`;
  let runner = runners.get(key);
  if (runner === undefined) {
    runner = new JqRunner(limits);
    runners.set(key, runner);
  }
  return runner;
}
