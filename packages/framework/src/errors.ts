// The errors an author throws from a handler, by where they come from. Every one is a
// TsviderError, so any of them becomes an error diagnostic (summary, detail, attribute path)
// instead of "Unexpected error"; the subclasses let author code and tests tell them apart,
// and ValidationError and ConversionError carry what their diagnostics need.
import { type CtyValueError, formatPath } from "@tsvider/cty";
import { type AttributePath, attributePathFrom } from "./attribute-path.js";
import { type Diagnostic, TsviderError } from "./diagnostics.js";

export { FrameworkConfigurationError, TsviderError } from "./diagnostics.js";

/**
 * What the error classes take beside their summary: a detail, the attribute path the problem is
 * about, and the underlying cause.
 */
export interface ErrorOptions {
  /** More about what went wrong and what to do about it; Terraform shows it under the summary. */
  readonly detail?: string;
  /** The attribute the problem is about; Terraform points at its line of configuration. */
  readonly path?: AttributePath;
  /** The error underneath; its message is added to the detail. */
  readonly cause?: unknown;
}

/** Something in the provider's own work failed: configuring it, reaching its API. */
export class ProviderError extends TsviderError {
  constructor(summary: string, options: ErrorOptions = {}) {
    super(summary, options);
  }
}

/** A managed resource's operation failed: the remote object could not be created, read, … */
export class ResourceError extends TsviderError {
  constructor(summary: string, options: ErrorOptions = {}) {
    super(summary, options);
  }
}

/** A data source could not read what it describes. */
export class DataSourceError extends TsviderError {
  constructor(summary: string, options: ErrorOptions = {}) {
    super(summary, options);
  }
}

/**
 * A configured value the provider cannot accept. The path is required: Terraform points the
 * practitioner at the line that sets it.
 */
export class ValidationError extends TsviderError {
  declare readonly path: AttributePath;
  constructor(summary: string, options: ErrorOptions & { readonly path: AttributePath }) {
    super(summary, options);
  }
}

/**
 * A value that did not convert to the type the provider needs: wraps the ConversionError of
 * `@tsvider/cty/convert` (or any CtyValueError, which carries the path inside the value) and
 * says where the converted value sits, so the diagnostic points at the attribute, or at the
 * element inside it, that failed.
 *
 * ```ts
 * try {
 *   settings = convert(config.settings.value, settingsType);
 * } catch (err) {
 *   if (err instanceof cty.CtyValueError) throw new ConversionError(err, { path: [{ attribute: "settings" }] });
 *   throw err;
 * }
 * ```
 */
export class ConversionError extends TsviderError {
  /** The error from cty, with the path inside the converted value. */
  declare readonly cause: CtyValueError;
  /** Where the value sits followed by where inside it the conversion failed. */
  declare readonly path: AttributePath;
  /** Where the converted value sits in the component's values: the diagnostic's path. */
  readonly basePath: AttributePath;

  constructor(
    cause: CtyValueError,
    options: Omit<ErrorOptions, "cause"> & { readonly summary?: string } = {},
  ) {
    const basePath = options.path ?? [];
    const text = formatPath([...basePath, ...cause.path]);
    super(options.summary ?? "Invalid value", {
      detail: `${basePath.length + cause.path.length > 0 ? `The value of "${text}" cannot be used: ` : ""}${cause.reason}.${options.detail ? `\n\n${options.detail}` : ""}`,
      path: [...basePath, ...attributePathFrom(cause.path)],
      cause,
    });
    this.basePath = basePath;
  }

  override toDiagnostic(path?: AttributePath): Diagnostic {
    // The cause's message is the reason, already in the detail.
    const at = this.path.length > 0 ? this.path : path;
    return { severity: "error", summary: this.message, detail: this.detail, ...(at ? { path: at } : {}) };
  }
}
