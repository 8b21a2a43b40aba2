import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CliError } from "./cli/command.js";
import { loadProject, providerTypeProblem } from "./project.js";

function project(pkg: unknown, files: Record<string, string> = { "src/main.ts": "" }): string {
  const dir = mkdtempSync(join(tmpdir(), "tsvider-project-"));
  writeFileSync(join(dir, "package.json"), typeof pkg === "string" ? pkg : JSON.stringify(pkg));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, ".."), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

function problem(dir: string): string {
  try {
    loadProject(dir);
  } catch (error) {
    expect(error).toBeInstanceOf(CliError);
    return (error as Error).message;
  }
  throw new Error("loadProject accepted the project");
}

describe("loadProject", () => {
  it("reads the address parts, version and entry, from a subdirectory too", () => {
    const dir = project({
      name: "@acme/terraform-provider-acme-cloud",
      version: "1.2.0-beta.1",
      tsvider: { namespace: "acme" },
    });
    mkdirSync(join(dir, "src", "deep"), { recursive: true });
    expect(loadProject(join(dir, "src", "deep"))).toEqual({
      root: dir,
      packageName: "@acme/terraform-provider-acme-cloud",
      namespace: "acme",
      type: "acme-cloud",
      version: "1.2.0-beta.1",
      entry: join(dir, "src", "main.ts"),
    });
    const custom = project(
      { name: "x", version: "0.1.0", tsvider: { type: "widgets", entry: "lib/serve.ts" } },
      { "lib/serve.ts": "" },
    );
    expect(loadProject(custom)).toMatchObject({
      type: "widgets",
      namespace: "widgets",
      entry: join(custom, "lib", "serve.ts"),
    });
  });

  it("says what to do about each thing a project can lack", () => {
    expect(problem(project({ name: "terraform-provider-acme", version: "0.1.0" }, {}))).toMatch(
      /^the provider's entry point .*src\/main\.ts does not exist: create it \(a module that calls serve\(provider\)\) or set "tsvider": \{ "entry": "<path>" \}/,
    );
    expect(problem(project({ name: "terraform-provider-Acme_Cloud", version: "0.1.0" }))).toMatch(
      /^"Acme_Cloud" is not a valid provider type: use lowercase letters, digits and dashes/,
    );
    expect(problem(project({ name: "terraform-provider-acme" }))).toMatch(
      /has no version; a provider needs one like "0\.1\.0"/,
    );
    expect(problem(project({ name: "terraform-provider-acme", version: "1.0" }))).toMatch(
      /has version "1\.0"/,
    );
    expect(problem(project("{ not json"))).toMatch(/is not valid JSON/);
    expect(
      problem(project({ name: "terraform-provider-acme", version: "0.1.0", tsvider: { namespace: "-x" } })),
    ).toMatch(/"-x" \(tsvider\.namespace in .*\) is not a valid registry namespace/);
    expect(problem(project({ version: "0.1.0" }))).toMatch(/names no provider/);
  });

  it("finds no project above the root", () => {
    expect(problem("/")).toMatch(
      /^no package\.json in \/ or any directory above it: run this in a provider project, or make one with `tsvider new <name>`$/,
    );
  });
});

describe("providerTypeProblem", () => {
  it("accepts Terraform's provider types and explains the others", () => {
    for (const ok of ["acme", "acme-cloud", "a1", "9lives"]) expect(providerTypeProblem(ok)).toBeUndefined();
    expect(providerTypeProblem("terraform-provider-acme")).toBe(
      '"terraform-provider-acme" is a repository name; the provider type is what follows "terraform-provider-": "acme"',
    );
    expect(providerTypeProblem("terraform-acme")).toBe(
      '"terraform-acme" is not a valid provider type: it may not start with "terraform-"',
    );
    for (const bad of ["", "-a", "a-", "a_b", "ACME", "a.b", "ä"])
      expect(providerTypeProblem(bad)).toMatch(/not a valid provider type/);
  });
});
