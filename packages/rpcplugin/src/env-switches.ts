// The environment variables that switch the plugin server's ways of serving. A module of their
// own, so that the control thread's early start (control/thread-start.ts), which runs at the top
// of a provider's single file, reads them without loading the server.

/**
 * What TSVIDER_CONTROL_THREAD says: true for 1/true/on/yes, false for 0/false/off/no, undefined
 * when it is unset or empty (then the control thread is the default, see server.ts). Any other
 * text is refused, naming the variable, so that a typo does not silently pick a way of serving.
 */
export function controlThreadSetting(env: NodeJS.ProcessEnv): boolean | undefined {
  return switchSetting("TSVIDER_CONTROL_THREAD", env.TSVIDER_CONTROL_THREAD);
}

/** Whether a control thread is wanted: what TSVIDER_CONTROL_THREAD says, on when it is unset. */
export function controlThreadRequested(env: NodeJS.ProcessEnv): boolean {
  return controlThreadSetting(env) ?? true;
}

/** TSVIDER_DEBUG=1 (or true, on, yes) turns debug mode on; anything else leaves it off. */
export function debugRequested(env: NodeJS.ProcessEnv): boolean {
  return ON.includes(env.TSVIDER_DEBUG?.trim().toLowerCase() ?? "");
}

const ON = ["1", "true", "on", "yes"];
const OFF = ["0", "false", "off", "no"];

function switchSetting(name: string, value: string | undefined): boolean | undefined {
  const text = value?.trim().toLowerCase();
  if (text === undefined || text === "") return undefined;
  if (ON.includes(text)) return true;
  if (OFF.includes(text)) return false;
  throw new SwitchError(
    `${name}=${JSON.stringify(value)} is neither on (1, true, on, yes) nor off (0, false, off, no); set one of those or unset it`,
  );
}

/** An environment switch set to a text that is neither on nor off. */
export class SwitchError extends Error {
  override readonly name = "SwitchError";
}
