// Noticing that the host is gone. A host stops its plugins through Shutdown or SIGTERM, but a
// host that is killed (SIGKILL, the OOM killer, a closed CI job) sends neither: the plugin keeps
// its socket open and would stay, orphaned, for ever (a go-plugin server in Go does, as it has
// no such watch). So the plugin looks at its parent twice a second: once the host has gone, the
// plugin has a new parent (the system's or a subreaper) or, where parents are not reassigned
// (Windows), the host's process id answers to nothing. The watch is a timer on the main thread:
// a handler that computes without ever yielding delays it until it yields.

/** How often the parent is checked: the plugin exits about this long after its host. */
export const HOST_WATCH_INTERVAL_MS = 500;

/** True when the process `hostPid` is no longer this process's parent, or no longer runs. */
export function hostGone(hostPid: number): boolean {
  if (process.ppid !== hostPid) return true;
  try {
    process.kill(hostPid, 0);
    return false;
  } catch (err) {
    // EPERM: it runs, as another user; only "no such process" means gone.
    return (err as NodeJS.ErrnoException).code === "ESRCH";
  }
}

/**
 * Calls `onGone` once, within about HOST_WATCH_INTERVAL_MS of the host `hostPid` exiting. The
 * timer never keeps the process alive by itself. Returns a function that ends the watch.
 */
export function watchHost(hostPid: number, onGone: () => void): () => void {
  const timer = setInterval(() => {
    if (!hostGone(hostPid)) return;
    clearInterval(timer);
    onGone();
  }, HOST_WATCH_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
