// Diagnostics: how every problem reaches the user. Terraform shows each one with its summary
// and detail and, when it has an attribute path (attribute-path.ts), points at that line of
// configuration.
import type { AttributePath } from "./attribute-path.js";

/**
 * How serious a diagnostic is: an error fails the operation, a warning is shown and the operation
 * goes on.
 */
export type Severity = "error" | "warning";

/**
 * A message for Terraform to show: a summary, a detail and, when it is about one attribute, that
 * attribute's path (Terraform then points at its line of configuration).
 */
export interface Diagnostic {
  readonly severity: Severity;
  readonly summary: string;
  readonly detail: string;
  readonly path?: AttributePath;
}

/** The diagnostics a handler collects; handed to every author callback as `diagnostics`. */
export class Diagnostics {
  readonly #items: Diagnostic[] = [];

  addError(summary: string, detail = "", path?: AttributePath): void {
    this.#items.push({ severity: "error", summary, detail, ...(path ? { path } : {}) });
  }

  addWarning(summary: string, detail = "", path?: AttributePath): void {
    this.#items.push({ severity: "warning", summary, detail, ...(path ? { path } : {}) });
  }

  append(other: Iterable<Diagnostic>): void {
    for (const d of other) this.#items.push(d);
  }

  get hasErrors(): boolean {
    return this.#items.some((d) => d.severity === "error");
  }

  get items(): readonly Diagnostic[] {
    return this.#items;
  }

  [Symbol.iterator](): Iterator<Diagnostic> {
    return this.#items[Symbol.iterator]();
  }
}

/**
 * The base of errors an author may throw from a handler. It becomes an error diagnostic with
 * this message as its summary, the detail, and the attribute path when one is given.
 */
export class TsviderError extends Error {
  readonly detail: string;
  readonly path: AttributePath | undefined;
  constructor(summary: string, options: { detail?: string; path?: AttributePath; cause?: unknown } = {}) {
    super(summary, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.detail = options.detail ?? "";
    this.path = options.path;
  }

  /**
   * The diagnostic this error becomes when a handler throws it; `path` is where the framework
   * was working, used when the error names no path of its own. A cause's message joins the
   * detail, since the practitioner sees the diagnostic and not the error object.
   */
  toDiagnostic(path?: AttributePath): Diagnostic {
    const cause = this.cause instanceof Error ? this.cause.message : undefined;
    const detail =
      cause && !this.detail.includes(cause)
        ? `${this.detail}${this.detail ? "\n\n" : ""}Cause: ${cause}`
        : this.detail;
    const at = this.path ?? path;
    return { severity: "error", summary: this.message, detail, ...(at ? { path: at } : {}) };
  }
}

/** A provider definition that breaks the framework's or the protocol's rules; thrown at start-up. */
export class FrameworkConfigurationError extends TsviderError {}

/**
 * A resource's plan, apply result or read result that breaks Terraform's rules for them
 * (server/result-checks.ts): a planned value config does not allow, a known planned value the
 * apply changed, an unknown left in a result. The framework finds these before answering and
 * reports them against the component and the attribute, so the author sees what to fix
 * instead of Terraform's "Provider produced inconsistent result".
 */
export class ResourceLifecycleContractError extends TsviderError {}
