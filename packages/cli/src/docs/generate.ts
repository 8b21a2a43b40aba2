// Registry-style documentation from a provider's schema, examples and templates, laid out as
// the Terraform and OpenTofu registries read it and tfplugindocs writes it: `docs/index.md`,
// then one page per component under `docs/<kind>/<short name>.md` (the type name without the
// provider's prefix, as tfplugindocs names them and the registry's URLs show them:
// `docs/resources/file_content.md` for `tsvider_file_content`), functions by their own name.
// Pure: it reads the project's files and returns the pages; writing and checking are check.ts.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import type { BlockDetailsJson, SchemaDetailsJson } from "../schema/details.js";
import type { BlockJson, FunctionJson, ProviderSchemaJson } from "../schema/json.js";
import {
  codeBlock,
  type Example,
  exampleIn,
  exampleMarkdown,
  exampleTitle,
  findExamples,
  isImportExample,
} from "./examples.js";
import {
  functionArgumentsMarkdown,
  functionReturnTypeMarkdown,
  functionSignatureMarkdown,
} from "./function-markdown.js";
import { importMarkdown } from "./import-markdown.js";
import { identitySchemaMarkdown, type SchemaMarkdownOptions, schemaMarkdown } from "./schema-markdown.js";
import { renderTemplate, type TemplateScope, type TemplateValue } from "./template.js";

export interface GenerateDocsOptions {
  /** The project's root: `examples/`, `templates/` and `docs/` are under it. */
  readonly root: string;
  /** The provider type, `tsvider`: the prefix taken off page names. */
  readonly providerType: string;
  readonly schema: ProviderSchemaJson;
  /**
   * What the provider says beyond the schema (defaults, validators, replacement, import); the
   * pages show what the schema alone says without it.
   */
  readonly details?: SchemaDetailsJson;
}

/** The component kinds with a schema, each with its docs, examples and templates directory. */
export const COMPONENT_KINDS = [
  { dir: "resources", key: "resource_schemas", label: "Resource" },
  { dir: "data-sources", key: "data_source_schemas", label: "Data Source" },
  { dir: "ephemeral-resources", key: "ephemeral_resource_schemas", label: "Ephemeral Resource" },
  { dir: "list-resources", key: "list_resource_schemas", label: "List Resource" },
  { dir: "actions", key: "action_schemas", label: "Action" },
  { dir: "state-stores", key: "state_store_schemas", label: "State Store" },
] as const;

export const DOCS_DIR = "docs";
export const TEMPLATES_DIR = "templates";
export const EXAMPLES_DIR = "examples";
const TEMPLATE_SUFFIX = ".md.tmpl";

/** A page's file name without `.md`: `file_content` for `tsvider_file_content`. */
export function pageName(providerType: string, typeName: string): string {
  const prefix = `${providerType}_`;
  return typeName.startsWith(prefix) && typeName.length > prefix.length
    ? typeName.slice(prefix.length)
    : typeName;
}

/**
 * Every file the docs directory should hold, by path relative to it ("resources/x.md"), in
 * path order. Throws TemplateError (file:line:column) for a template that cannot be rendered,
 * and Error for a template that names no component of the schema.
 */
export function generateDocs(options: GenerateDocsOptions): Map<string, string> {
  const { root, providerType, schema, details } = options;
  const pages = new Map<string, string>();
  const templates = new Set(listFiles(join(root, TEMPLATES_DIR)));
  const used = new Set<string>();
  const templateFor = (...candidates: string[]): { path: string; source: string } | undefined => {
    for (const candidate of candidates) {
      if (templates.has(candidate)) {
        used.add(candidate);
        return {
          path: `${TEMPLATES_DIR}/${candidate}`,
          source: readFileSync(join(root, TEMPLATES_DIR, candidate), "utf8"),
        };
      }
    }
    return undefined;
  };
  const shared = sharedFunctions(root);

  // The index page.
  const providerExamples = findExamples(root, `${EXAMPLES_DIR}/provider`);
  const providerBlock = schema.provider?.block ?? {};
  const indexVariables: Record<string, TemplateValue> = {
    ProviderName: providerType,
    Description: (providerBlock.description ?? "").trim(),
    DescriptionFrontMatter: frontMatterText(providerBlock.description ?? ""),
    SchemaMarkdown: schemaMarkdown(providerBlock, detailsFor(details?.provider)),
    Examples: examplesMarkdown(providerExamples, "examples/provider has no example"),
  };
  const indexTemplate = templateFor(`index${TEMPLATE_SUFFIX}`);
  pages.set(
    "index.md",
    indexTemplate !== undefined
      ? renderTemplate(indexTemplate.path, indexTemplate.source, {
          variables: indexVariables,
          functions: { ...shared, example: exampleFunction(root, `${EXAMPLES_DIR}/provider`) },
        })
      : defaultIndex(providerType, providerBlock, providerExamples, details?.provider),
  );

  for (const kind of COMPONENT_KINDS) {
    const schemas = (schema[kind.key] ?? {}) as Readonly<Record<string, { readonly block?: BlockJson }>>;
    for (const typeName of Object.keys(schemas).sort()) {
      const block = schemas[typeName]?.block ?? {};
      const short = pageName(providerType, typeName);
      const examplesDir = `${EXAMPLES_DIR}/${kind.dir}/${typeName}`;
      const examples = findExamples(root, examplesDir);
      const identity =
        kind.key === "resource_schemas" ? schema.resource_identity_schemas?.[typeName] : undefined;
      const description = (block.description ?? "").trim();
      const blockDetails = details?.[kind.key]?.[typeName];
      const schemaOptions = {
        ...detailsFor(blockDetails),
        // Resources and data sources keep their values in state; the other kinds do not.
        storedInState: kind.key === "resource_schemas" || kind.key === "data_source_schemas",
      };
      const imports =
        kind.key === "resource_schemas"
          ? importMarkdown({
              typeName,
              importable:
                details === undefined ? undefined : details.resource_schemas?.[typeName]?.importable === true,
              identity,
              examples: examples.filter(isImportExample),
            })
          : undefined;
      const variables: Record<string, TemplateValue> = {
        Name: typeName,
        ShortName: short,
        Type: kind.label,
        ProviderName: providerType,
        Description: description,
        DescriptionFrontMatter: frontMatterText(description),
        SchemaMarkdown: schemaMarkdown(block, schemaOptions),
        ImportMarkdown:
          imports ??
          ({
            missing:
              kind.key !== "resource_schemas"
                ? `${typeName} is not a resource: only resources are imported`
                : details === undefined
                  ? `nothing says how to import ${typeName}: the schema was read without the provider's details and examples/${kind.dir}/${typeName} holds no import example`
                  : `${typeName} cannot be imported (it has no importState)`,
          } as const),
        IdentitySchemaMarkdown:
          identity !== undefined
            ? identitySchemaMarkdown(identity)
            : { missing: `${typeName} has no identity schema` },
        Examples: examplesMarkdown(
          examples.filter((e) => !isImportExample(e)),
          `${examplesDir} holds no example`,
        ),
      };
      const template = templateFor(`${kind.dir}/${short}${TEMPLATE_SUFFIX}`, `${kind.dir}${TEMPLATE_SUFFIX}`);
      pages.set(
        `${kind.dir}/${short}.md`,
        template !== undefined
          ? renderTemplate(template.path, template.source, {
              variables,
              functions: { ...shared, example: exampleFunction(root, examplesDir) },
            })
          : defaultComponentPage(providerType, typeName, kind.label, block, examples, schemaOptions, imports),
      );
    }
  }

  const functions = schema.functions ?? {};
  for (const name of Object.keys(functions).sort()) {
    const fn = functions[name]!;
    const examplesDir = `${EXAMPLES_DIR}/functions/${name}`;
    const examples = findExamples(root, examplesDir);
    const variables: Record<string, TemplateValue> = {
      Name: name,
      ShortName: name,
      Type: "function",
      ProviderName: providerType,
      Description: fn.description.trim(),
      Summary: fn.summary.trim(),
      DescriptionFrontMatter: frontMatterText(fn.summary),
      FunctionSignatureMarkdown: functionSignatureMarkdown(name, fn),
      FunctionArgumentsMarkdown:
        fn.parameters?.length || fn.variadic_parameter !== undefined
          ? functionArgumentsMarkdown(fn)
          : { missing: `${name} takes no arguments` },
      FunctionReturnType: functionReturnTypeMarkdown(fn),
      Examples: examplesMarkdown(examples, `${examplesDir} holds no example`),
    };
    const template = templateFor(`functions/${name}${TEMPLATE_SUFFIX}`, `functions${TEMPLATE_SUFFIX}`);
    pages.set(
      `functions/${name}.md`,
      template !== undefined
        ? renderTemplate(template.path, template.source, {
            variables,
            functions: { ...shared, example: exampleFunction(root, examplesDir) },
          })
        : defaultFunctionPage(providerType, name, fn, examples),
    );
  }

  // What is left in templates/: hand-written pages (guides) copied as they are; a template
  // for a component the provider does not have is a mistake (a rename, a removed component).
  for (const file of [...templates].sort()) {
    if (used.has(file)) continue;
    if (file.endsWith(".tmpl")) {
      if (
        COMPONENT_KINDS.some((k) => file === `${k.dir}${TEMPLATE_SUFFIX}`) ||
        file === `functions${TEMPLATE_SUFFIX}`
      ) {
        continue;
      }
      throw new Error(
        `${TEMPLATES_DIR}/${file} is the template of a page the provider's schema has no component for: rename it after the component (${TEMPLATES_DIR}/<kind>/<name without "${providerType}_">${TEMPLATE_SUFFIX}) or remove it`,
      );
    }
    pages.set(file, readFileSync(join(root, TEMPLATES_DIR, file), "utf8"));
  }

  const sorted = new Map<string, string>();
  for (const path of [...pages.keys()].sort()) sorted.set(path, withFinalNewline(pages.get(path)!));
  return sorted;
}

function withFinalNewline(text: string): string {
  return `${text.replace(/\s+$/, "")}\n`;
}

/** Files under `dir`, relative to it with "/", or none when it does not exist. */
export function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const files: string[] = [];
  const walk = (current: string): void => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) files.push(relative(dir, path).split(sep).join("/"));
    }
  };
  walk(dir);
  return files.sort();
}

function readProjectFile(root: string, path: string): string {
  if (path.startsWith("/") || path.split("/").includes("..")) {
    throw new Error(`"${path}" must be a path inside the project, relative to its root`);
  }
  const file = join(root, path);
  if (!existsSync(file)) throw new Error(`${path} does not exist`);
  return readFileSync(file, "utf8");
}

function sharedFunctions(root: string): TemplateScope["functions"] {
  return {
    /** {{ tffile "examples/x/main.tf" }}: a configuration file as a terraform code block. */
    tffile: (args) => {
      if (args.length !== 1) throw new Error("tffile takes one path");
      return codeBlock("terraform", readProjectFile(root, args[0]!));
    },
    /** {{ codefile "shell" "examples/x/import.sh" }}: any file as a code block. */
    codefile: (args) => {
      if (args.length !== 2) throw new Error("codefile takes a language and a path");
      return codeBlock(args[0]!, readProjectFile(root, args[1]!));
    },
    /** {{ file "path" }}: a file's text as it is. */
    file: (args) => {
      if (args.length !== 1) throw new Error("file takes one path");
      return readProjectFile(root, args[0]!).replace(/\s+$/, "");
    },
  };
}

/** {{ example "basic" }}: the configuration files of one of this component's examples. */
function exampleFunction(root: string, examplesDir: string): (args: readonly string[]) => string {
  return (args) => {
    if (args.length !== 1)
      throw new Error('example takes the name of one example directory, such as "basic"');
    const example = exampleIn(root, `${examplesDir}/${args[0]}`, args[0]!);
    if (example === undefined) throw new Error(`${examplesDir}/${args[0]} holds no .tf or .tfquery.hcl file`);
    return exampleMarkdown(example);
  };
}

function examplesMarkdown(examples: readonly Example[], missing: string): TemplateValue {
  if (examples.length === 0) return { missing };
  return examples
    .map((e) => (e.name === "" ? exampleMarkdown(e) : `### ${exampleTitle(e.name)}\n\n${exampleMarkdown(e)}`))
    .join("\n\n");
}

/**
 * A description for the front matter's `description: |-` block: markdown reduced to plain text
 * (the registries show it as is), every line indented two spaces.
 */
export function frontMatterText(description: string): string {
  const plain = description
    .trim()
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/`([^`]*)`/g, "$1")
    .replace(/\*\*([^*]+)\*\*/g, "$1");
  return plain
    .split("\n")
    .map((line) => (line.trim() === "" ? "" : `  ${line.trimEnd()}`))
    .join("\n");
}

function frontMatter(pageTitle: string, description: string, subcategory: string | undefined): string {
  const lines = ["---", `page_title: ${JSON.stringify(pageTitle)}`];
  if (subcategory !== undefined) lines.push(`subcategory: ${JSON.stringify(subcategory)}`);
  lines.push("description: |-", frontMatterText(description), "---");
  return lines.join("\n");
}

function sections(...parts: (string | undefined)[]): string {
  return parts.filter((p): p is string => p !== undefined && p.trim() !== "").join("\n\n");
}

/** The schema details of one block as schemaMarkdown takes them. */
function detailsFor(details: BlockDetailsJson | undefined): { details?: BlockDetailsJson } {
  return details === undefined ? {} : { details };
}

function defaultIndex(
  providerType: string,
  block: BlockJson,
  examples: readonly Example[],
  details: BlockDetailsJson | undefined,
): string {
  const description = (block.description ?? "").trim();
  const usage = examplesMarkdown(examples, "");
  return sections(
    frontMatter(`${providerType} Provider`, description, undefined),
    `# ${providerType} Provider`,
    description,
    typeof usage === "string" ? `## Example Usage\n\n${usage}` : undefined,
    schemaMarkdown(block, detailsFor(details)),
  );
}

function defaultComponentPage(
  providerType: string,
  typeName: string,
  label: string,
  block: BlockJson,
  examples: readonly Example[],
  schemaOptions: SchemaMarkdownOptions,
  imports: string | undefined,
): string {
  const description = (block.description ?? "").trim();
  const usage = examplesMarkdown(
    examples.filter((e) => !isImportExample(e)),
    "",
  );
  return sections(
    frontMatter(`${typeName} ${label} - ${providerType}`, description, ""),
    `# ${typeName} (${label})`,
    description,
    typeof usage === "string" ? `## Example Usage\n\n${usage}` : undefined,
    schemaMarkdown(block, schemaOptions),
    imports !== undefined ? `## Import\n\n${imports}` : undefined,
  );
}

function defaultFunctionPage(
  providerType: string,
  name: string,
  fn: FunctionJson,
  examples: readonly Example[],
): string {
  const usage = examplesMarkdown(examples, "");
  const hasArguments = (fn.parameters?.length ?? 0) > 0 || fn.variadic_parameter !== undefined;
  return sections(
    frontMatter(`${name} function - ${providerType}`, fn.summary, ""),
    `# function: ${name}`,
    fn.description.trim(),
    typeof usage === "string" ? `## Example Usage\n\n${usage}` : undefined,
    `## Signature\n\n${functionSignatureMarkdown(name, fn)}`,
    hasArguments ? `## Arguments\n\n${functionArgumentsMarkdown(fn)}` : undefined,
    `## Return Type\n\n${functionReturnTypeMarkdown(fn)}`,
  );
}
