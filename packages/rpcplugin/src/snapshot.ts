// Serving from a V8 start-up snapshot. `tsvider build --snapshot` makes a single executable
// whose main script runs once, at build time, and whose heap is then saved in the executable:
// every start restores the provider's evaluated modules instead of evaluating them again (see
// docs/startup-snapshot.md). Three things differ from an ordinary start, and this module is
// where the plugin server deals with them:
// - The main script finishes before any host exists, so starting the server is put off until
//   the snapshot is restored (afterStartupSnapshot), when Node runs the "deserialize main
//   function" in its place.
// - Whatever a module computed when it was evaluated is the same in every start. Node's
//   crypto.randomUUID and crypto.randomInt draw from buffers of random bytes filled ahead of
//   use; a buffer filled at build time would hand every process the same "random" values, so
//   both are drained at restore (refreshEntropyCaches). Math.random is reseeded by V8 itself.
// - State made from the environment at build time (a logger's level, say) must be made again
//   from the host's; onStartupSnapshotRestore registers the code that forgets it.
import { randomInt, randomUUID } from "node:crypto";
import { startupSnapshot } from "node:v8";

/** Whether this process is building a start-up snapshot (its main script runs at build time). */
export function buildingStartupSnapshot(): boolean {
  // Node 24 answers 1 or 0 rather than a boolean, whatever its types say.
  return Boolean(startupSnapshot.isBuildingSnapshot());
}

/** Set once this process was restored from a start-up snapshot (see afterStartupSnapshot). */
let restored = false;

/**
 * Whether this process started from a start-up snapshot rather than by evaluating its modules.
 * Such a process cannot serve from a control thread: Node 24 aborts when a worker of a
 * snapshot-restored single executable loads `crypto` (an assertion in its key-object set-up),
 * and the control thread needs crypto for TLS. See docs/control-thread.md.
 */
export function restoredFromStartupSnapshot(): boolean {
  return restored;
}

/**
 * Runs `start` now, or, while a snapshot is being built, once the snapshot is restored in a
 * started process; the promise settles with its result either way. Node allows one such
 * function per snapshot, so a second call while building is refused.
 */
export function afterStartupSnapshot<T>(start: () => Promise<T>): Promise<T> {
  if (!buildingStartupSnapshot()) return start();
  return new Promise<T>((resolve, reject) => {
    try {
      startupSnapshot.setDeserializeMainFunction(() => {
        restored = true;
        refreshEntropyCaches();
        start().then(resolve, reject);
      });
    } catch (cause) {
      reject(
        new Error(
          "the provider is served twice in one start-up snapshot: call serve() once in the main script",
          { cause },
        ),
      );
    }
  });
}

/**
 * Runs `forget` when a snapshot built from this process is restored, so state made from the
 * build machine's environment is made again from the host's. Does nothing in an ordinary start.
 */
export function onStartupSnapshotRestore(forget: () => void): void {
  if (buildingStartupSnapshot()) startupSnapshot.addDeserializeCallback(forget);
}

/**
 * Node keeps 128 UUIDs' worth of random bytes for crypto.randomUUID and 1,024 draws' worth for
 * crypto.randomInt, refilling each buffer only once it is used up. Drawing a whole buffer's
 * worth guarantees a refill from fresh entropy in this process, whatever the snapshot held; it
 * costs well under a millisecond.
 */
export function refreshEntropyCaches(): void {
  for (let i = 0; i < UUID_BATCH; i++) randomUUID();
  for (let i = 0; i < RANDOM_INT_BATCH; i++) randomInt(2);
}

/** Node's batch sizes (lib/internal/crypto/random.js): 128 UUIDs, 6 KiB of 6-byte draws. */
const UUID_BATCH = 128;
const RANDOM_INT_BATCH = 1024;
