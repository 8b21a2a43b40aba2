// The placeholders of a docs template: hand-written prose with `{{ .SchemaMarkdown }}`,
// `{{ example "basic" }}` and the like where the generated parts go. Deliberately small (values
// and functions with string arguments, no logic), spelled as tfplugindocs spells its variables
// so its templates read familiar; anything else is an error naming the template's file and line.

import { CliError } from "../cli/command.js";

/** A template variable's value, or why this page has none (an error when the template uses it). */
export type TemplateValue = string | { readonly missing: string };

export interface TemplateScope {
  readonly variables: Readonly<Record<string, TemplateValue>>;
  /** Functions take string arguments and return the text to insert; they throw Error to refuse. */
  readonly functions: Readonly<Record<string, (args: readonly string[]) => string>>;
}

export class TemplateError extends Error {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  constructor(file: string, line: number, column: number, problem: string) {
    super(`${file}:${line}:${column}: ${problem}`);
    this.name = "TemplateError";
    this.file = file;
    this.line = line;
    this.column = column;
  }
}

const ACTION = /\{\{(-?)([\s\S]*?)(-?)\}\}/g;

/** Renders `source` (read from `file`, named in errors) with the values and functions of `scope`. */
export function renderTemplate(file: string, source: string, scope: TemplateScope): string {
  let out = "";
  let last = 0;
  let trimNext = false;
  for (const match of source.matchAll(ACTION)) {
    const [whole, trimBefore, body, trimAfter] = match as unknown as [string, string, string, string];
    let text = source.slice(last, match.index);
    if (trimNext) text = text.trimStart();
    if (trimBefore === "-") text = text.trimEnd();
    out += text;
    const where = position(source, match.index + 2 + trimBefore.length);
    out += evaluate(file, where, body, scope);
    last = match.index + whole.length;
    trimNext = trimAfter === "-";
  }
  const rest = source.slice(last);
  out += trimNext ? rest.trimStart() : rest;
  // A lone "}}" is fine in prose; an unclosed "{{" is a mistake worth stopping for.
  const unclosed = source.indexOf("{{", last);
  if (unclosed !== -1) {
    const at = position(source, unclosed);
    throw new TemplateError(file, at.line, at.column, 'this "{{" is never closed with "}}"');
  }
  return out;
}

function position(source: string, index: number): { line: number; column: number } {
  const before = source.slice(0, index);
  const line = before.split("\n").length;
  return { line, column: index - before.lastIndexOf("\n") };
}

const TOKEN = /\s*(?:("(?:[^"\\]|\\.)*")|(\.[A-Za-z_][A-Za-z0-9_]*)|([A-Za-z_][A-Za-z0-9_]*)|(\S+))/gy;

function evaluate(
  file: string,
  where: { line: number; column: number },
  body: string,
  scope: TemplateScope,
): string {
  const fail = (problem: string): never => {
    throw new TemplateError(file, where.line, where.column, problem);
  };
  const tokens: { kind: "string" | "variable" | "name"; text: string }[] = [];
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(body); match !== null && match[0].trim() !== ""; match = TOKEN.exec(body)) {
    if (match[1] !== undefined) tokens.push({ kind: "string", text: JSON.parse(match[1]) as string });
    else if (match[2] !== undefined) tokens.push({ kind: "variable", text: match[2].slice(1) });
    else if (match[3] !== undefined) tokens.push({ kind: "name", text: match[3] });
    else
      fail(
        `{{${body}}} is not a placeholder: write {{ .Variable }}, {{ function "argument" }} or {{ "text" }}`,
      );
  }
  const [head, ...args] = tokens;
  if (head === undefined) return fail('{{ }} is empty: write {{ .Variable }} or {{ function "argument" }}');
  if (head.kind === "string") {
    if (args.length > 0) fail(`{{${body}}}: a quoted text takes nothing after it`);
    return head.text;
  }
  if (head.kind === "variable") {
    if (args.length > 0) fail(`{{${body}}}: a variable takes no arguments (pipes are not supported)`);
    if (!Object.hasOwn(scope.variables, head.text)) {
      fail(
        `{{ .${head.text} }} is not a template variable; this page has ${Object.keys(scope.variables)
          .map((v) => `.${v}`)
          .join(", ")}`,
      );
    }
    const value = scope.variables[head.text]!;
    if (typeof value !== "string") fail(`{{ .${head.text} }} has no value on this page: ${value.missing}`);
    return value as string;
  }
  const fn = Object.hasOwn(scope.functions, head.text) ? scope.functions[head.text] : undefined;
  if (fn === undefined) {
    fail(`"${head.text}" is not a template function; use one of ${Object.keys(scope.functions).join(", ")}`);
  }
  const nonString = args.find((a) => a.kind !== "string");
  if (nonString !== undefined)
    fail(`{{${body}}}: arguments are quoted texts, "${nonString.text}" is not one`);
  try {
    return fn!(args.map((a) => a.text));
  } catch (error) {
    // A problem of what the template names (an example that is not valid HCL) is not the
    // template's: it keeps its own place and advice.
    if (error instanceof CliError) throw error;
    return fail(`{{${body.trim() === "" ? body : ` ${body.trim()} `}}}: ${(error as Error).message}`);
  }
}
