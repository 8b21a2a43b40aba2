// Running author code: whatever it throws becomes an error diagnostic, so one failing
// handler never takes the provider process (and every other in-flight operation) down. What
// the diagnostic says depends on what was thrown, in this order:
//
// 1. A TsviderError is the author's own diagnostic: its summary, detail and path.
// 2. A cancellation (Terraform asked the provider to stop, or cancelled a streamed call) is
//    reported as cancelled, naming the operation: it is no bug, and the practitioner needs to
//    know what was left half done, not where to file a report.
// 3. The provider's `mapError` (defineProvider, provider.ts) may turn anything else into a
//    diagnostic of its own: the one place an author translates a library's errors.
// 4. A programming error (TypeError, ReferenceError, RangeError, SyntaxError, EvalError,
//    URIError, or an AggregateError of only those) is a bug in the provider, and says so.
// 5. Any other exception (a database's "role already exists", a failed HTTP call) failed the
//    operation for a reason the practitioner may act on: "Could not create pgmini_role", with
//    the exception's message as the detail.
//
// The message is the exception's own text, which was not written for the practitioner and may
// quote a secret: the operation's secrets are masked in it (internal/log-values.ts), and its
// stack goes to the provider's log.
import type { AttributePath } from "../attribute-path.js";
import { type Diagnostic, type Diagnostics, TsviderError } from "../diagnostics.js";
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

/** The kinds of component whose handlers a provider's `mapError` sees errors from. */
export type ComponentKind =
  | "provider"
  | "resource"
  | "data source"
  | "ephemeral resource"
  | "list resource"
  | "action"
  | "state store"
  | "function";

/** Where an exception came from, as the provider's `mapError` is told. */
export interface ErrorContext {
  readonly kind: ComponentKind;
  /** The component's type name (`pgmini_role`), the function's name, or the provider's name. */
  readonly component: string;
  /**
   * The handler that threw, by its name in the definition: `create`, `read`, `update`,
   * `delete`, `importState`, `modifyPlan`, `configure`, `validateConfig`, `open`, `renew`,
   * `close`, `invoke`, `plan`, `list`, `readState`, `writeState`, `lock`, `unlock`,
   * `getStates`, `deleteState`, `generateConfig`, `upgradeState`, `upgradeIdentity`,
   * `moveState`, or `call` for a function.
   */
  readonly operation: string;
}

/**
 * What `mapError` may turn an exception into: a TsviderError (or one of its subclasses in
 * errors.ts), or the parts of an error diagnostic. A thrown exception always fails the
 * operation, so the diagnostic is an error whatever else the object holds.
 */
export type ErrorMapping =
  | TsviderError
  | { readonly summary: string; readonly detail?: string; readonly path?: AttributePath };

/**
 * The provider's translation of the exceptions its handlers throw (defineProvider's
 * `mapError`). It returns undefined for an exception it does not know, which is then reported
 * as though there were no mapper. It must not be async: it runs as the exception is caught.
 */
export type ErrorMapper = (err: unknown, ctx: ErrorContext) => ErrorMapping | undefined;

/**
 * An author handler the framework calls: what `mapError` is told, the provider's mapper, and
 * how the framework's own messages name it (`pgmini_role create`, `data source x_y read`).
 */
export interface HandlerSite extends ErrorContext {
  readonly text: string;
  readonly mapError: ErrorMapper | undefined;
}

/**
 * The site of a handler of `provider`'s. `text` defaults to `<type> <operation>` for a
 * resource and `<kind> <name> <operation>` for every other kind, as the framework's messages
 * name them.
 */
export function handlerSite(
  provider: { readonly mapError?: ErrorMapper | undefined },
  kind: ComponentKind,
  component: string,
  operation: string,
  text?: string,
): HandlerSite {
  const { mapError } = provider;
  return {
    kind,
    component,
    operation,
    text: text ?? (kind === "resource" ? `${component} ${operation}` : `${kind} ${component} ${operation}`),
    // Called on the provider, so a mapper written as a method keeps its `this`.
    mapError: mapError === undefined ? undefined : (err, ctx) => mapError.call(provider, err, ctx),
  };
}

/** How the framework's messages name a site. */
export function siteText(where: string | HandlerSite): string {
  return typeof where === "string" ? where : where.text;
}

/**
 * Why `err` is a cancellation, in words for the practitioner, or undefined when it is not one:
 * the stop reason itself (as `signal.throwIfAborted()` or fetch throw it), Terraform cancelling
 * a streamed call, or an AbortError whose cause is either. An AbortError nothing of
 * Terraform's caused (the provider aborting its own request) is not one: it is reported as the
 * failure it is.
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

const programmingErrors: readonly (new () => Error)[] = [
  TypeError,
  ReferenceError,
  RangeError,
  SyntaxError,
  EvalError,
  URIError,
];
const programmingErrorNames = new Set(programmingErrors.map((c) => c.name));

/**
 * Whether `err` is a mistake in the provider's code rather than a failure of what it talks to:
 * one of JavaScript's own programming errors (by class, or by name for one from another realm),
 * unless it wraps a cause that is not one (fetch throws `TypeError: fetch failed` for a refused
 * connection, the cause saying which); or an AggregateError whose every inner error is one.
 */
export function isProgrammingError(err: unknown, depth = 0): boolean {
  if (!(err instanceof Error) || depth > 8) return false;
  if (err instanceof AggregateError || err.name === "AggregateError") {
    const inner: unknown = (err as { errors?: unknown }).errors;
    return Array.isArray(inner) && inner.length > 0 && inner.every((e) => isProgrammingError(e, depth + 1));
  }
  if (!programmingErrors.some((c) => err instanceof c) && !programmingErrorNames.has(err.name)) return false;
  const cause: unknown = err.cause;
  return !(cause instanceof Error) || isProgrammingError(cause, depth + 1);
}

/**
 * Runs `fn`; on a throw adds an error diagnostic and returns undefined. `where` names the
 * component and operation: a HandlerSite for a component's handler (which the provider's
 * mapError sees), or text such as `test_x's validator of "name"` for other author code.
 */
export async function runHandler<T>(
  diagnostics: Diagnostics,
  where: string | HandlerSite,
  fn: () => T | Promise<T>,
): Promise<T | undefined> {
  try {
    return await fn();
  } catch (err) {
    addThrown(diagnostics, where, err);
    return undefined;
  }
}

/** Adds the diagnostic `err`, thrown by author code at `where`, becomes (see thrownDiagnostic). */
export function addThrown(
  diagnostics: Diagnostics,
  where: string | HandlerSite,
  err: unknown,
  path?: AttributePath,
): void {
  diagnostics.append([thrownDiagnostic(where, err, path).diagnostic]);
}

/** Which rule of this module's opening comment a thrown exception was reported by. */
export type ThrownAs = "tsvider error" | "cancelled" | "mapped" | "bug" | "mapper bug" | "failed";

/**
 * The error diagnostic `err`, thrown by author code at `where`, becomes, and by which rule;
 * `path` is where the framework was working, used when nothing thrown names a path of its own.
 */
export function thrownDiagnostic(
  where: string | HandlerSite,
  err: unknown,
  path?: AttributePath,
): { readonly diagnostic: Diagnostic; readonly as: ThrownAs } {
  const text = siteText(where);
  if (err instanceof TsviderError) return { diagnostic: err.toDiagnostic(path), as: "tsvider error" };
  const cancellation = cancellationOf(err);
  if (cancellation !== undefined) {
    const { doing, left } = operationWords(text);
    providerLog().info(`${text} was cancelled: ${cancellation}`);
    return {
      diagnostic: error(
        `${doing} was cancelled because ${lowerFirst(cancellation)}`,
        `It ended before it finished. ${left}`,
        path,
      ),
      as: "cancelled",
    };
  }
  logError(`${text} threw`, err);
  // An exception's text was not written for the practitioner: it may quote a secret.
  const message = redact(messageOf(err));
  if (typeof where !== "string" && where.mapError !== undefined) {
    const mapped = mapThrown(where, err, message, path);
    if (mapped !== undefined) return mapped;
  }
  if (isProgrammingError(err)) return { diagnostic: bug(text, err, message, path), as: "bug" };
  return { diagnostic: error(failedSummary(where), message, path), as: "failed" };
}

/**
 * As addThrown, for the framework's own code around the handlers (answering an RPC): nothing
 * but a TsviderError or a cancellation is expected to be thrown there, so anything else is a
 * bug, whatever its class.
 */
export function addFrameworkThrown(diagnostics: Diagnostics, where: string, err: unknown): void {
  if (err instanceof TsviderError || cancellationOf(err) !== undefined) {
    addThrown(diagnostics, where, err);
    return;
  }
  logError(`${where} threw`, err);
  diagnostics.append([bug(where, err, redact(messageOf(err)), undefined)]);
}

function bug(text: string, err: unknown, message: string, path: AttributePath | undefined): Diagnostic {
  const name = err instanceof Error ? err.name : "";
  const named = name === "" || name === "Error" || message.startsWith(name) ? message : `${name}: ${message}`;
  return error(`Unexpected error in ${text}`, `${named}\n\n${bugHint}`, path);
}

const bugHint =
  "This is a bug in the provider, not in your configuration; the provider's logs (TF_LOG_PROVIDER=ERROR) hold the stack trace.";

/** The provider's mapping of `err`, or undefined when its mapError has none. */
function mapThrown(
  site: HandlerSite,
  err: unknown,
  message: string,
  path: AttributePath | undefined,
): { readonly diagnostic: Diagnostic; readonly as: ThrownAs } | undefined {
  const mapperBug = (what: string) => ({
    diagnostic: error(
      `Unexpected error in the provider's error mapper, for ${site.text}`,
      `${message}\n\nThe provider's mapError ${what} while describing this error. This is a bug in the provider's error mapper, not in your configuration; the provider's logs (TF_LOG_PROVIDER=ERROR) hold the stack trace.`,
      path,
    ),
    as: "mapper bug" as const,
  });
  let mapped: unknown;
  try {
    mapped = site.mapError?.(err, { kind: site.kind, component: site.component, operation: site.operation });
  } catch (mapperError) {
    logError(`the provider's mapError threw on an error from ${site.text}`, mapperError);
    return mapperBug(`threw ${redact(messageOf(mapperError, true))}`);
  }
  if (mapped === undefined) return undefined;
  if (mapped instanceof TsviderError) {
    const d = mapped.toDiagnostic(path);
    return { diagnostic: { ...d, summary: redact(d.summary), detail: redact(d.detail) }, as: "mapped" };
  }
  if (
    typeof mapped === "object" &&
    mapped !== null &&
    typeof (mapped as PromiseLike<unknown>).then === "function"
  ) {
    // Its answer comes too late to use; a rejection must not go unhandled and end the process.
    (mapped as PromiseLike<unknown>).then(undefined, (late: unknown) =>
      logError(`the provider's mapError failed late on an error from ${site.text}`, late),
    );
    return mapperBug("returned a Promise; it must answer at once, not be async,");
  }
  const shaped = mapped as { summary?: unknown; detail?: unknown; path?: unknown };
  if (
    typeof mapped !== "object" ||
    mapped === null ||
    typeof shaped.summary !== "string" ||
    shaped.summary === "" ||
    (shaped.detail !== undefined && typeof shaped.detail !== "string") ||
    (shaped.path !== undefined && !Array.isArray(shaped.path))
  ) {
    return mapperBug(
      `returned ${describeMapped(mapped)}; it must return a TsviderError, { summary, detail?, path? } with a summary, or undefined,`,
    );
  }
  const at = (shaped.path as AttributePath | undefined) ?? path;
  return {
    diagnostic: error(redact(shaped.summary), redact((shaped.detail as string | undefined) ?? ""), at),
    as: "mapped",
  };
}

function describeMapped(value: unknown): string {
  if (value === null) return "null";
  if (typeof value !== "object") return `a ${typeof value}`;
  const summary = (value as { summary?: unknown }).summary;
  if (summary === undefined) return "an object without a summary";
  return typeof summary === "string"
    ? "an object with an empty summary"
    : `an object whose summary is a ${typeof summary}`;
}

/**
 * The exception's text as the practitioner reads it: its message (its name when it has none,
 * as Node's AggregateError for a refused connection), each inner error of an AggregateError,
 * and its cause's message when the message does not already hold it.
 */
function messageOf(err: unknown, withName = false, depth = 0): string {
  if (!(err instanceof Error)) return String(err);
  const own = err.message || String((err as { code?: unknown }).code ?? err.name);
  let text = withName && !own.startsWith(err.name) ? `${err.name}: ${own}` : own;
  const inner: unknown = (err as { errors?: unknown }).errors;
  if (Array.isArray(inner) && inner.length > 0 && depth < 4) {
    text += `\n${inner.map((e) => `- ${messageOf(e, false, depth + 1)}`).join("\n")}`;
  }
  const cause: unknown = err.cause;
  if (cause instanceof Error && cause.message && !text.includes(cause.message) && depth < 4) {
    text += `\n\nCause: ${messageOf(cause, false, depth + 1)}`;
  }
  return text;
}

function error(summary: string, detail: string, path: AttributePath | undefined): Diagnostic {
  return { severity: "error", summary, detail, ...(path ? { path } : {}) };
}

/**
 * "Could not create pgmini_role": the operation a handler failed at, as the practitioner
 * would say it. Author code that is no component's handler (a validator, a plan modifier), and
 * a handler whose text says more than its operation (`x_y upgrader from version 1`, `x_y move
 * from x_z`), is named by its text: "… failed".
 */
function failedSummary(where: string | HandlerSite): string {
  if (typeof where === "string") return `${where} failed`;
  const name = where.kind === "resource" ? where.component : `${where.kind} ${where.component}`;
  const phrase = operationPhrases[where.operation];
  return phrase === undefined ? `${where.text} failed` : `Could not ${phrase(name, where.component)}`;
}

const operationPhrases: Record<string, (name: string, component: string) => string> = {
  create: (name) => `create ${name}`,
  read: (name) => `read ${name}`,
  update: (name) => `update ${name}`,
  delete: (name) => `delete ${name}`,
  importState: (name) => `import ${name}`,
  modifyPlan: (name) => `plan ${name}`,
  generateConfig: (name) => `generate configuration for ${name}`,
  validateConfig: (name) => `validate the configuration of ${name}`,
  configure: (name) => `configure ${name}`,
  open: (name) => `open ${name}`,
  renew: (name) => `renew ${name}`,
  close: (name) => `close ${name}`,
  plan: (name) => `plan ${name}`,
  invoke: (name) => `invoke ${name}`,
  call: (name) => `call ${name}`,
  list: (_name, component) => `list ${component}`,
  readState: (name) => `read the state from ${name}`,
  writeState: (name) => `write the state to ${name}`,
  lock: (name) => `lock the state in ${name}`,
  unlock: (name) => `unlock the state in ${name}`,
  getStates: (name) => `list the states in ${name}`,
  deleteState: (name) => `delete a state from ${name}`,
};

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
