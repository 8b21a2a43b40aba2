import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { SchemaDetailsJson } from "../schema/details.js";
import type { ProviderSchemaJson } from "../schema/json.js";
import { generateDocs, pageName } from "./generate.js";

const block = { attributes: { path: { type: "string", required: true, description: "The path." } } } as const;
const schema: ProviderSchemaJson = {
  provider: {
    version: 0,
    block: {
      description: "Acme's provider.",
      attributes: { token: { type: "string", optional: true, sensitive: true } },
    },
  },
  resource_schemas: {
    acme_widget: { version: 0, block: { ...block, description: "A `widget`." } },
    acme: { version: 0, block },
  },
  data_source_schemas: { acme_gadget: { version: 0, block } },
  ephemeral_resource_schemas: { acme_ticket: { version: 0, block } },
  list_resource_schemas: { acme_widget: { version: 0, block } },
  action_schemas: { acme_ping: { block } },
  state_store_schemas: { acme_store: { version: 0, block } },
  resource_identity_schemas: {
    acme_widget: { version: 0, attributes: { path: { type: "string", required_for_import: true } } },
  },
  functions: {
    shout: {
      summary: "Shouts",
      description: "Upper-cases text.",
      return_type: "string",
      parameters: [{ name: "text", description: "The text.", type: "string" }],
    },
  },
};

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function project(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "tsvider-docs-"));
  dirs.push(root);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

describe("generateDocs", () => {
  it("refuses an example that is not valid HCL, with each error's file, line and column", () => {
    const broken = 'resource "acme_widget" "w" {\n  path = "a" "b"\n}\n';
    const refuse = (files: Record<string, string>) => () =>
      generateDocs({ root: project(files), providerType: "acme", schema });
    const message = [
      "examples/resources/acme_widget/basic/main.tf is not valid HCL:",
      "  examples/resources/acme_widget/basic/main.tf:2,14-15: Missing newline after argument; An argument definition must end with a newline.",
      "Fix the example and run again.",
    ].join("\n");
    expect(refuse({ "examples/resources/acme_widget/basic/main.tf": broken })).toThrow(message);
    // Through a template's {{ example }}, the example is still what to fix.
    expect(
      refuse({
        "examples/resources/acme_widget/basic/main.tf": broken,
        "templates/resources/widget.md.tmpl": '{{ example "basic" }}',
      }),
    ).toThrow(message);
  });

  it("writes a page per component of every kind, named without the provider prefix", () => {
    const pages = generateDocs({ root: project({}), providerType: "acme", schema });
    expect([...pages.keys()]).toEqual([
      "actions/ping.md",
      "data-sources/gadget.md",
      "ephemeral-resources/ticket.md",
      "functions/shout.md",
      "index.md",
      "list-resources/widget.md",
      "resources/acme.md",
      "resources/widget.md",
      "state-stores/store.md",
    ]);
    expect(pageName("acme", "acme")).toBe("acme");
    expect(pages.get("index.md")).toContain(
      "# acme Provider\n\nAcme's provider.\n\n## Schema\n\n### Optional\n\n- `token` (String, Sensitive) Sensitive: hidden in plan and apply output.\n",
    );
    expect(pages.get("actions/ping.md")).toContain('page_title: "acme_ping Action - acme"');
    expect(pages.get("functions/shout.md")).toBe(
      [
        "---",
        'page_title: "shout function - acme"',
        'subcategory: ""',
        "description: |-",
        "  Shouts",
        "---",
        "",
        "# function: shout",
        "",
        "Upper-cases text.",
        "",
        "## Signature",
        "",
        "```text",
        "shout(text string) string",
        "```",
        "",
        "## Arguments",
        "",
        "1. `text` (String) The text.",
        "",
        "## Return Type",
        "",
        "`string`",
        "",
      ].join("\n"),
    );
  });

  it("lays out a page without a template: examples (basic first), schema, then import and identity", () => {
    const root = project({
      "examples/resources/acme_widget/advanced/main.tf": 'resource "acme_widget" "b" {}\n',
      "examples/resources/acme_widget/advanced/checks.mjs": "export {};\n",
      "examples/resources/acme_widget/basic/main.tf": 'resource "acme_widget" "a" {}\n',
      "examples/resources/acme_widget/basic/extra.tf": "# more\n",
      "examples/resources/acme_widget/import-by-identity/main.tf": "import {}\n",
    });
    expect(generateDocs({ root, providerType: "acme", schema }).get("resources/widget.md")).toBe(
      [
        "---",
        'page_title: "acme_widget Resource - acme"',
        'subcategory: ""',
        "description: |-",
        "  A widget.",
        "---",
        "",
        "# acme_widget (Resource)",
        "",
        "A `widget`.",
        "",
        "## Example Usage",
        "",
        "### Basic",
        "",
        "```terraform",
        'resource "acme_widget" "a" {}',
        "```",
        "",
        "```terraform",
        "# more",
        "```",
        "",
        "### Advanced",
        "",
        "```terraform",
        'resource "acme_widget" "b" {}',
        "```",
        "",
        "## Schema",
        "",
        "### Required",
        "",
        "- `path` (String) The path.",
        "",
        "## Import",
        "",
        "Import is supported using the following syntax:",
        "",
        "```terraform",
        "import {}",
        "```",
        "",
        "### Identity Schema",
        "",
        "#### Required",
        "",
        "- `path` (String)",
        "",
      ].join("\n"),
    );
  });

  it("renders a component's template, else its kind's, and copies other files of templates/", () => {
    const root = project({
      "examples/data-sources/acme_gadget/basic/main.tf": 'data "acme_gadget" "g" {}\n',
      "templates/data-sources/gadget.md.tmpl":
        '---\npage_title: "Gadget"\n---\n\n# {{ .Name }}\n\nProse.\n\n{{ example "basic" }}\n\n{{ .SchemaMarkdown }}\n\n{{ tffile "examples/data-sources/acme_gadget/basic/main.tf" }}\n',
      "templates/resources.md.tmpl": "# {{ .Name }} ({{ .Type }}): {{ .Description }}\n",
      "templates/index.md.tmpl": "# {{ .ProviderName }}\n",
      "templates/guides/start.md": "# Getting started\n",
    });
    const pages = generateDocs({ root, providerType: "acme", schema });
    expect(pages.get("data-sources/gadget.md")).toBe(
      '---\npage_title: "Gadget"\n---\n\n# acme_gadget\n\nProse.\n\n```terraform\ndata "acme_gadget" "g" {}\n```\n\n## Schema\n\n### Required\n\n- `path` (String) The path.\n\n```terraform\ndata "acme_gadget" "g" {}\n```\n',
    );
    expect(pages.get("resources/widget.md")).toBe("# acme_widget (Resource): A `widget`.\n");
    expect(pages.get("index.md")).toBe("# acme\n");
    expect(pages.get("guides/start.md")).toBe("# Getting started\n");
    expect(pages.has("resources.md")).toBe(false);
  });

  it("refuses a template for a component the schema does not have, and a missing example, with the template's line", () => {
    expect(() =>
      generateDocs({
        root: project({ "templates/resources/gone.md.tmpl": "x" }),
        providerType: "acme",
        schema,
      }),
    ).toThrow(
      'templates/resources/gone.md.tmpl is the template of a page the provider\'s schema has no component for: rename it after the component (templates/<kind>/<name without "acme_">.md.tmpl) or remove it',
    );
    expect(() =>
      generateDocs({
        root: project({ "templates/functions/shout.md.tmpl": '# shout\n\n{{ example "basic" }}\n' }),
        providerType: "acme",
        schema,
      }),
    ).toThrow(
      'templates/functions/shout.md.tmpl:3:3: {{ example "basic" }}: examples/functions/shout/basic holds no .tf or .tfquery.hcl file',
    );
    expect(() =>
      generateDocs({
        root: project({ "templates/resources/widget.md.tmpl": "{{ .Examples }}" }),
        providerType: "acme",
        schema,
      }),
    ).toThrow(
      "templates/resources/widget.md.tmpl:1:3: {{ .Examples }} has no value on this page: examples/resources/acme_widget holds no example",
    );
  });

  describe("with the provider's schema details", () => {
    const details: SchemaDetailsJson = {
      format_version: 1,
      provider: { attributes: { token: { validators: ["Length at least 8."] } } },
      resource_schemas: {
        acme_widget: { importable: true, attributes: { path: { requires_replace: true } } },
        acme: { importable: false },
      },
      data_source_schemas: { acme_gadget: { attributes: { path: { validators: ["Length at most 9."] } } } },
    };
    const section = (page: string | undefined) => page?.slice(page.indexOf("## Import"));

    it("shows them in each block's schema, the provider's included", () => {
      const pages = generateDocs({ root: project({}), providerType: "acme", schema, details });
      expect(pages.get("index.md")).toContain("- `token` (String, Sensitive) Length at least 8. Sensitive:");
      expect(pages.get("resources/widget.md")).toContain(
        "- `path` (String) The path. Changing this forces a new resource.\n",
      );
      expect(pages.get("data-sources/gadget.md")).toContain(
        "- `path` (String) The path. Length at most 9.\n",
      );
    });

    it("writes an Import section with an import block and the command by ID, and by identity", () => {
      const page = generateDocs({ root: project({}), providerType: "acme", schema, details }).get(
        "resources/widget.md",
      );
      expect(section(page)).toBe(
        [
          "## Import",
          "",
          "An existing object can be imported by its ID with an `import` block (Terraform and OpenTofu 1.5 and later):",
          "",
          "```terraform",
          "import {",
          "  to = acme_widget.example",
          '  id = "<ID>"',
          "}",
          "```",
          "",
          "or with the command line:",
          "",
          "```shell",
          'terraform import acme_widget.example "<ID>"',
          "```",
          "",
          "### Import by identity",
          "",
          "An `import` block may name the object by its identity instead of its ID (Terraform and OpenTofu 1.12 and later):",
          "",
          "```terraform",
          "import {",
          "  to       = acme_widget.example",
          "  identity = {",
          '    path = "<path>"',
          "  }",
          "}",
          "```",
          "",
          "### Identity Schema",
          "",
          "#### Required",
          "",
          "- `path` (String)",
          "",
        ].join("\n"),
      );
    });

    it("shows the provider's own import examples instead of writing one, and no Import for a resource without importState", () => {
      const root = project({ "examples/resources/acme_widget/import/main.tf": "import {}\n" });
      const pages = generateDocs({ root, providerType: "acme", schema, details });
      const widget = section(pages.get("resources/widget.md"));
      expect(widget).toContain(
        "Import is supported using the following syntax:\n\n```terraform\nimport {}\n```",
      );
      expect(widget).not.toContain("acme_widget.example");
      // The identity is still described, without an example of its own that would repeat theirs.
      expect(widget).toContain(
        "### Import by identity\n\nAn `import` block may name the object by its identity instead of its ID (Terraform and OpenTofu 1.12 and later).\n\n### Identity Schema",
      );
      expect(pages.get("resources/acme.md")).not.toContain("## Import");
    });

    it("gives templates the section as {{ .ImportMarkdown }}, and says why when there is none", () => {
      const template = (name: string) => ({
        [`templates/resources/${name}.md.tmpl`]: "{{ .ImportMarkdown }}\n",
      });
      const widget = generateDocs({
        root: project(template("widget")),
        providerType: "acme",
        schema,
        details,
      });
      expect(widget.get("resources/widget.md")).toMatch(/^An existing object can be imported by its ID/);
      expect(() =>
        generateDocs({ root: project(template("acme")), providerType: "acme", schema, details }),
      ).toThrow(
        "templates/resources/acme.md.tmpl:1:3: {{ .ImportMarkdown }} has no value on this page: acme cannot be imported (it has no importState)",
      );
    });
  });
});
