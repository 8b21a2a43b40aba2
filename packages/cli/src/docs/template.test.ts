import { describe, expect, it } from "vitest";
import { renderTemplate, TemplateError, type TemplateScope } from "./template.js";

const scope: TemplateScope = {
  variables: {
    Name: "tsvider_file",
    SchemaMarkdown: "## Schema",
    IdentitySchemaMarkdown: { missing: "it has no identity schema" },
  },
  functions: {
    example: (args) => `[example ${args.join("|")}]`,
    fails: () => {
      throw new Error("examples/x/main.tf does not exist");
    },
  },
};

function errorOf(source: string): TemplateError {
  try {
    renderTemplate("templates/resources/file.md.tmpl", source, scope);
  } catch (error) {
    expect(error).toBeInstanceOf(TemplateError);
    return error as TemplateError;
  }
  throw new Error("no error");
}

describe("renderTemplate", () => {
  it("puts variables and function results where the placeholders are, prose untouched", () => {
    const source =
      '# {{ .Name }} (Resource)\n\nProse with } and { braces.\n\n{{ example "basic" }}\n\n{{.SchemaMarkdown}}\n';
    expect(renderTemplate("t.md.tmpl", source, scope)).toBe(
      "# tsvider_file (Resource)\n\nProse with } and { braces.\n\n[example basic]\n\n## Schema\n",
    );
  });

  it("writes a quoted text as it is, so a page can show {{ itself, and trims around {{- and -}}", () => {
    expect(renderTemplate("t", 'Use `{{ "{{" }}` here.\n\n  {{- " joined" -}}  \n\nend', scope)).toBe(
      "Use `{{` here. joinedend",
    );
  });

  it("names the file, line and column of an unknown variable, and the variables there are", () => {
    const error = errorOf("---\ntitle\n---\n\nText {{ .Nmae }}\n");
    expect(error.message).toBe(
      "templates/resources/file.md.tmpl:5:8: {{ .Nmae }} is not a template variable; this page has .Name, .SchemaMarkdown, .IdentitySchemaMarkdown",
    );
    expect([error.line, error.column]).toEqual([5, 8]);
  });

  it("says why a variable has no value on this page", () => {
    expect(errorOf("\n\n{{ .IdentitySchemaMarkdown }}").message).toBe(
      "templates/resources/file.md.tmpl:3:3: {{ .IdentitySchemaMarkdown }} has no value on this page: it has no identity schema",
    );
  });

  it("refuses unknown functions, bad arguments, pipes, unclosed placeholders, and reports a function's refusal", () => {
    expect(errorOf('{{ tfile "x" }}').message).toMatch(
      /:1:3: "tfile" is not a template function; use one of example, fails$/,
    );
    expect(errorOf("{{ example basic }}").message).toMatch(/arguments are quoted texts, "basic" is not one/);
    expect(errorOf("{{ .Name | lower }}").message).toMatch(/is not a placeholder/);
    expect(errorOf("a\nb {{ .Name ").message).toMatch(/:2:3: this "\{\{" is never closed with "\}\}"/);
    expect(errorOf('x {{ fails "a" }}').message).toBe(
      'templates/resources/file.md.tmpl:1:5: {{ fails "a" }}: examples/x/main.tf does not exist',
    );
  });
});
