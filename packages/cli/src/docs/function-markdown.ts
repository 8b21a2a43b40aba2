// A provider function's page parts as tfplugindocs writes them: the signature in a text block
// (cty's type names, a variadic parameter with "..."), a numbered argument list, the return type.
import type { FunctionJson, FunctionParameterJson } from "../schema/json.js";
import { friendlyTypeName, typeLabel } from "./schema-markdown.js";

export function functionSignatureMarkdown(name: string, fn: FunctionJson): string {
  const parameters = (fn.parameters ?? []).map((p) => `${p.name} ${friendlyTypeName(p.type)}`);
  if (fn.variadic_parameter !== undefined) {
    parameters.push(`${fn.variadic_parameter.name} ${friendlyTypeName(fn.variadic_parameter.type)}...`);
  }
  return `\`\`\`text\n${name}(${parameters.join(", ")}) ${friendlyTypeName(fn.return_type)}\n\`\`\``;
}

/** The parameters in order, then the variadic one: `1. \`name\` (String, Nullable) text`. */
export function functionArgumentsMarkdown(fn: FunctionJson): string {
  const lines = (fn.parameters ?? []).map((p) => argument(p, false));
  if (fn.variadic_parameter !== undefined) lines.push(argument(fn.variadic_parameter, true));
  return lines.join("\n");
}

function argument(parameter: FunctionParameterJson, variadic: boolean): string {
  const labels = [...(variadic ? ["Variadic"] : []), typeLabel(parameter.type)];
  if (parameter.is_nullable === true) labels.push("Nullable");
  const description = parameter.description.trim();
  return `1. \`${parameter.name}\` (${labels.join(", ")})${description === "" ? "" : ` ${description}`}`;
}

export function functionReturnTypeMarkdown(fn: FunctionJson): string {
  return `\`${friendlyTypeName(fn.return_type)}\``;
}
