// Running author code: whatever it throws becomes an error diagnostic, so one failing
// handler never takes the provider process (and every other in-flight operation) down.
import { type AttributePath, type Diagnostics, TsviderError } from "../diagnostics.js";
import { logError } from "../internal/log.js";
import { redact } from "../internal/log-values.js";

/**
 * Runs `fn`; on a throw adds an error diagnostic and returns undefined. `where` names the
 * component and operation for the user, such as `tsvider_file_content create`.
 */
export async function runHandler<T>(
  diagnostics: Diagnostics,
  where: string,
  fn: () => T | Promise<T>,
): Promise<T | undefined> {
  try {
    return await fn();
  } catch (err) {
    addThrown(diagnostics, where, err);
    return undefined;
  }
}

export function addThrown(diagnostics: Diagnostics, where: string, err: unknown, path?: AttributePath): void {
  if (err instanceof TsviderError) {
    diagnostics.append([err.toDiagnostic(path)]);
    return;
  }
  // An exception's text was not written for the practitioner: it may quote a secret.
  const message = redact(err instanceof Error ? err.message : String(err));
  logError(`${where} threw`, err);
  diagnostics.addError(
    `Unexpected error in ${where}`,
    `${message}\n\nThis is a bug in the provider, not in your configuration; the provider's logs (TF_LOG_PROVIDER=ERROR) hold the stack trace.`,
    path,
  );
}
