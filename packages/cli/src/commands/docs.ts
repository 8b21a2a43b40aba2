// `tsvider docs [--check]`: registry-style markdown from the provider's schema, examples and
// templates; with --check, for CI, nothing is written and the exit code says whether docs/ is
// up to date.
import { relative } from "node:path";
import { defineCommand, ExitCode } from "../cli/command.js";
import { describeDifferences, hasDifferences } from "../docs/check.js";
import { checkProjectDocs, practitionerSchema, writeProjectDocs } from "../docs/project-docs.js";
import { loadProject } from "../project.js";

export const docsCommand = defineCommand({
  name: "docs",
  summary: "Generate the registry documentation (docs/) from the schema, examples and templates",
  description: [
    "Writes docs/ as the Terraform and OpenTofu registries read it: docs/index.md, then a page per",
    "component under docs/resources, data-sources, ephemeral-resources, list-resources, actions,",
    "state-stores and functions, named without the provider prefix (tsvider_file_content is",
    "docs/resources/file_content.md). Each page comes from templates/<kind>/<name>.md.tmpl when",
    'there is one (prose with placeholders such as {{ .SchemaMarkdown }} and {{ example "basic" }}),',
    "else from a default layout: description, the examples under examples/<kind>/<full name>/<example>/,",
    "the schema (Required, Optional, Read-Only, nested schemas), import and identity. Other files",
    "under templates/ (guides) are copied. The schema is read from the provider itself (it is",
    "bundled and started), as practitioners get it, without test-only components; the provider",
    "also says what the schema cannot (each attribute's default, what its validators require,",
    "whether a change forces a new resource, whether a resource can be imported), which the",
    "pages show too, but not with --schema-file.",
    "",
    "--check writes nothing: it lists each file of docs/ that differs, is missing or is extra and",
    "exits with 3 when there is one, for CI.",
  ].join("\n"),
  options: {
    check: {
      type: "boolean",
      description: "Compare docs/ with what would be generated; exit 3 if they differ.",
    },
    "schema-file": {
      type: "string",
      valueName: "file",
      description: "Use this `tofu providers schema -json` output instead of reading the provider.",
    },
  },
  examples: [
    {
      command: "tsvider docs",
      explanation: "Regenerate docs/ after changing a schema, an example or a template.",
    },
    { command: "tsvider docs --check", explanation: "In CI: fail (exit 3) when docs/ is out of date." },
    {
      command: "terraform providers schema -json > schema.json && tsvider docs --schema-file schema.json",
      explanation: "Document the schema a host printed.",
    },
  ],
  async run({ options, cwd, signal, progress }) {
    const project = loadProject(cwd);
    const docsOptions = {
      project,
      readSchema: () => practitionerSchema(project, { signal, progress }),
      progress,
      ...(options["schema-file"] === undefined ? {} : { schemaFile: options["schema-file"] }),
    };
    const shown = relative(cwd, project.root) || ".";
    if (options.check === true) {
      const differences = await checkProjectDocs(docsOptions);
      const lines = describeDifferences(differences);
      if (!hasDifferences(differences)) {
        return { text: `docs/ in ${shown} is up to date.`, data: { upToDate: true, ...differences } };
      }
      return {
        exitCode: ExitCode.checkFailed,
        text: [
          `docs/ in ${shown} is out of date (${lines.length} file${lines.length === 1 ? "" : "s"}):`,
          ...lines.map((line) => `  ${line}`),
          "Run `tsvider docs` to regenerate it.",
        ].join("\n"),
        data: { upToDate: false, ...differences },
      };
    }
    const { files, differences } = await writeProjectDocs(docsOptions);
    const lines = describeDifferences(differences);
    return {
      text:
        lines.length === 0
          ? `docs/ in ${shown} was already up to date (${files} files).`
          : [`Wrote docs/ in ${shown} (${files} files):`, ...lines.map((line) => `  ${line}`)].join("\n"),
      data: { files, ...differences },
    };
  },
});
