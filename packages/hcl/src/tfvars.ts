/**
 * Reading variable definitions files (`.tfvars` and `.tfvars.json`) as Terraform reads them.
 *
 * @packageDocumentation
 */
// Variable definitions files (.tfvars): a body of `name = value` attributes, read as Terraform
// reads them (internal/command/arguments/vars.go in Terraform): no blocks, and each value
// evaluated with no variables and no functions, so `var.x` or `upper("a")` are errors. A
// `variable "x" {}` block, a common mistake, gets a diagnostic saying how to write a value.

import type { TypedValue } from "@tsvider/cty/function";
import type { Body } from "./body.js";
import { type Diagnostic, hasErrors } from "./diagnostic.js";
import { goQuote } from "./internal/go-quote.js";
import { parseJson } from "./json/index.js";
import { parseConfig } from "./native/index.js";

/** The variable values a .tfvars file sets, by name, with the problems found reading it. */
export interface TfvarsResult {
  /** The values by variable name; empty when the file could not be read as definitions. */
  readonly values: Record<string, TypedValue>;
  readonly diagnostics: Diagnostic[];
}

/**
 * The variable values a .tfvars file defines: native syntax, or JSON for a name ending in
 * ".json" (as `terraform.tfvars.json`), as Terraform decides. Each value has its own type (an
 * object literal is an object, a bracketed list a tuple): converting to the variables' declared
 * types is the caller's step, as it is Terraform's.
 */
export function parseTfvars(src: string | Uint8Array, filename: string): TfvarsResult {
  const { file, diagnostics } = filename.endsWith(".json")
    ? parseJson(src, filename)
    : parseConfig(src, filename);
  return tfvarsFromBody(file.body, diagnostics);
}

/**
 * The variable values a parsed .tfvars body defines. `diagnostics` are the parse's: where
 * they hold errors, as where the body declares variables, Terraform reads no values and
 * neither does this.
 */
export function tfvarsFromBody(body: Body, parseDiagnostics: readonly Diagnostic[]): TfvarsResult {
  const diagnostics: Diagnostic[] = [...parseDiagnostics];
  const probe = body.partialContent({ blocks: [{ type: "variable", labelNames: ["name"] }] });
  for (const block of probe.content.blocks) {
    const name = block.labels[0] ?? "";
    diagnostics.push({
      severity: "error",
      summary: "Variable declaration in .tfvars file",
      detail:
        `A .tfvars file is used to assign values to variables that have already been declared in .tf files, ` +
        `not to declare new variables. To declare variable ${goQuote(name)}, place this block in one of your .tf ` +
        `files, such as variables.tf.\n\nTo set a value for this variable in ${block.typeRange.filename}, use ` +
        `the definition syntax instead:\n    ${name} = <value>`,
      subject: block.typeRange,
    });
  }
  // Anything JustAttributes would say now would only repeat these problems less helpfully.
  if (hasErrors(diagnostics)) return { values: {}, diagnostics };

  const { attributes, diagnostics: attributeDiagnostics } = body.justAttributes();
  diagnostics.push(...attributeDiagnostics);
  const values: Record<string, TypedValue> = {};
  for (const [name, attribute] of Object.entries(attributes)) {
    // No context: variables and function calls are errors ("Variables not allowed", ...).
    const { value, diagnostics: valueDiagnostics } = attribute.expr.value();
    diagnostics.push(...valueDiagnostics);
    Object.defineProperty(values, name, { value, enumerable: true, writable: true, configurable: true });
  }
  return { values, diagnostics };
}
