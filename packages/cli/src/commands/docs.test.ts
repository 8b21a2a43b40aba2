// `tsvider docs` through the runner, on a project whose schema comes from a file, as
// `tofu providers schema -json` writes it. The reference provider's test runs it on a real
// provider's schema (apps/terraform-provider-tsvider/src/docs.test.ts).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ExitCode } from "../cli/command.js";
import { runCli } from "../cli/run.test-support.js";
import { docsCommand } from "./docs.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const schemaDocument = {
  format_version: "1.0",
  provider_schemas: {
    "registry.opentofu.org/acme/acme": {
      provider: { version: 0, block: { description_kind: "plain" } },
      resource_schemas: {
        acme_widget: {
          version: 0,
          block: { description: "A widget.", attributes: { name: { type: "string", required: true } } },
        },
      },
      functions: { shout: { description: "Shouts.", summary: "Shouts", return_type: "string" } },
    },
  },
};

function project(files: Record<string, string> = {}): string {
  const root = mkdtempSync(join(tmpdir(), "tsvider-docs-cmd-"));
  dirs.push(root);
  const all = {
    "package.json": JSON.stringify({ name: "terraform-provider-acme", version: "0.1.0" }),
    "src/main.ts": "",
    "schema.json": JSON.stringify(schemaDocument),
    ...files,
  };
  for (const [path, content] of Object.entries(all)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

function docs(cwd: string, ...args: string[]) {
  return runCli(["docs", ...args], { cwd, env: {}, commands: [docsCommand] });
}

describe("tsvider docs", () => {
  it("writes docs/, then --check passes; an edited or stray page makes --check fail with 3, writing nothing", async () => {
    const root = project();
    const written = await docs(root, "--schema-file", "schema.json");
    expect(written.exitCode).toBe(ExitCode.ok);
    expect(written.stdout).toContain("missing  docs/resources/widget.md");
    expect(readFileSync(join(root, "docs/resources/widget.md"), "utf8")).toContain(
      "# acme_widget (Resource)\n\nA widget.\n",
    );

    expect(await docs(root, "--check", "--schema-file", "schema.json")).toMatchObject({
      exitCode: ExitCode.ok,
      stdout: "docs/ in . is up to date.\n",
    });

    writeFileSync(join(root, "docs/functions/shout.md"), "edited by hand\n");
    writeFileSync(join(root, "docs/resources/acme_old.md"), "a removed resource\n");
    const check = await docs(root, "--check", "--schema-file", "schema.json");
    expect(check.exitCode).toBe(ExitCode.checkFailed);
    expect(check.stdout).toBe(
      [
        "docs/ in . is out of date (2 files):",
        "  differs  docs/functions/shout.md",
        "  extra    docs/resources/acme_old.md",
        "Run `tsvider docs` to regenerate it.",
        "",
      ].join("\n"),
    );
    expect(readFileSync(join(root, "docs/functions/shout.md"), "utf8")).toBe("edited by hand\n");

    const json = await docs(root, "--check", "--json", "--schema-file", "schema.json");
    expect(JSON.parse(json.stdout)).toEqual({
      upToDate: false,
      changed: ["functions/shout.md"],
      missing: [],
      extra: ["resources/acme_old.md"],
    });
  });

  it("fails with the template's file and line, leaving docs/ as it was", async () => {
    const root = project({
      "templates/resources/widget.md.tmpl": "# {{ .Name }}\n\n{{ .Shema }}\n",
      "docs/index.md": "old\n",
    });
    const result = await docs(root, "--schema-file", "schema.json");
    expect(result.exitCode).toBe(ExitCode.failed);
    expect(result.stderr).toMatch(
      /templates\/resources\/widget\.md\.tmpl:3:3: \{\{ \.Shema \}\} is not a template variable/,
    );
    expect(readFileSync(join(root, "docs/index.md"), "utf8")).toBe("old\n");
  });

  it("says which schema file lacks this provider", async () => {
    const root = project({ "other.json": JSON.stringify({ format_version: "1.0", provider_schemas: {} }) });
    const result = await docs(root, "--schema-file", "other.json");
    expect(result.exitCode).toBe(ExitCode.failed);
    expect(result.stderr).toMatch(/other\.json has no schema for acme\/acme \(it has none\)/);
  });
});
