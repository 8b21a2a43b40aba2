// What happens to an error nothing caught: it is written as `panic:` lines on stderr, which
// go-plugin hosts capture and print as the plugin's crash report, and the process exits
// non-zero. Going on in an unknown state could corrupt what the plugin manages.
let installed = false;

/**
 * Makes an uncaught exception or unhandled rejection end the process with `panic:` lines on stderr,
 * which go-plugin hosts print as the plugin's crash report. Calls after the first do nothing.
 *
 * @param write where the crash report goes (default: stderr)
 */
export function installCrashHandlers(write: (text: string) => void = (t) => process.stderr.write(t)): void {
  if (installed) return;
  installed = true;
  const crash = (err: unknown) => {
    write(panicText(err));
    process.exit(2);
  };
  process.on("uncaughtException", crash);
  process.on("unhandledRejection", crash);
}

/** `panic: message` with the stack's lines indented under it, as Go prints a panic. */
export function panicText(err: unknown): string {
  const text = err instanceof Error ? (err.stack ?? err.message) : String(err);
  return `panic: ${text.split("\n").join("\n\t")}\n`;
}
