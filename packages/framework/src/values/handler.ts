// Running author code: whatever it throws becomes an error diagnostic, so one failing
// handler never takes the provider process (and every other in-flight operation) down. An
// operation ended because Terraform asked the provider to stop (Ctrl-C, StopProvider) or
// cancelled the call is reported as cancelled, naming the operation: it is no bug, and the
// practitioner needs to know what was left half done, not where to file a report.
import type { AttributePath } from "../attribute-path.js";
import { type Diagnostics, TsviderError } from "../diagnostics.js";
import { logError, providerLog } from "../internal/log.js";
import { redact } from "../internal/log-values.js";

const stopMessage = "Terraform asked the provider to stop";

/**
 * The reason the provider's signal fires with when Terraform asks it to stop (StopProvider,
 * which tofu and terraform send on Ctrl-C). Handlers see it as `signal.reason`, and as the
 * cause of the AbortError that Node's own APIs (timers, fs, events) throw once it fires.
 */
export class StopRequestedError extends Error {
  override readonly name = "StopRequestedError";
  constructor() {
    super(stopMessage);
  }
}

/**
 * Why `err` is a cancellation, in words for the practitioner, or undefined when it is not one:
 * the stop reason itself (as `signal.throwIfAborted()` or fetch throw it), Terraform cancelling
 * a streamed call, or an AbortError whose cause is either.
 */
export function cancellationOf(err: unknown): string | undefined {
  let current: unknown = err;
  // A short walk down the causes: an AbortError wraps the reason, a wrapper may wrap that.
  for (let depth = 0; depth < 8 && current instanceof Error; depth++) {
    // By name and words as well as by class: a second copy of the framework has its own class.
    if (current instanceof StopRequestedError || current.name === "StopRequestedError") return stopMessage;
    if (current.message === stopMessage) return stopMessage;
    if (/^Terraform cancelled [A-Za-z]+$/.test(current.message)) return current.message;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

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
  const cancellation = cancellationOf(err);
  if (cancellation !== undefined) {
    const { doing, left } = operationWords(where);
    providerLog().info(`${where} was cancelled: ${cancellation}`);
    diagnostics.addError(
      `${doing} was cancelled because ${lowerFirst(cancellation)}`,
      `It ended before it finished. ${left}`,
      path,
    );
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

const verbs: Record<string, string> = {
  create: "Creating",
  update: "Updating",
  delete: "Deleting",
  read: "Reading",
  import: "Importing",
};

/** "tsvider_file_content create" as "Creating tsvider_file_content", and what it left behind. */
function operationWords(where: string): { doing: string; left: string } {
  const match = /^(\S+) (create|update|delete|read|import)$/.exec(where);
  const operation = match?.[2];
  const doing = match === null ? where : `${verbs[operation!]} ${match[1]}`;
  switch (operation) {
    case "create":
      return {
        doing,
        left: "Nothing of it is recorded in state; if it had begun to make the object, check for a half-made one before you apply again.",
      };
    case "update":
      return {
        doing,
        left: "The state from before the change is kept; the object may be partly changed, so check it before you apply again.",
      };
    case "delete":
      return { doing, left: "The object stays in state; apply again to finish deleting it." };
    default:
      return { doing, left: "Nothing from it was recorded; run the command again to finish it." };
  }
}

function lowerFirst(text: string): string {
  return text.startsWith("Terraform") ? text : text.charAt(0).toLowerCase() + text.slice(1);
}
