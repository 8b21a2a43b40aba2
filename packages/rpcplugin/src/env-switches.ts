// The environment variables that switch the plugin server's ways of serving on. A module of
// their own, so that the control thread's early start (control/thread-start.ts), which runs at
// the top of a provider's single file, reads them without loading the server.

/** TSVIDER_CONTROL_THREAD=1 or =true serves from a control thread. */
export function controlThreadRequested(env: NodeJS.ProcessEnv): boolean {
  return switchedOn(env.TSVIDER_CONTROL_THREAD);
}

/** TSVIDER_DEBUG=1 or =true turns debug mode on. */
export function debugRequested(env: NodeJS.ProcessEnv): boolean {
  return switchedOn(env.TSVIDER_DEBUG);
}

function switchedOn(value: string | undefined): boolean {
  const text = value?.trim().toLowerCase();
  return text === "1" || text === "true";
}
