// The API reference: `pnpm run api` (scripts/api.mjs) fails when an exported name has no doc
// comment, and writes TypeDoc's markdown into pages/api with the sidebar the site reads. Here:
// the check finds exactly the undocumented exports of a small package, naming package, file and
// line; typedoc.json covers every published @tsvider package; and the generated reference
// (`pnpm run build` first; turbo's `test` depends on `build`) has one page per entry point with
// the anchors guides link to, an id on every heading, and a sidebar of exactly its pages.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  anchorHeadings,
  convertProject,
  findUndocumented,
  formatUndocumented,
  partitionUndocumented,
  type Undocumented,
} from "../scripts/api.mjs";

const docsDir = fileURLToPath(new URL("..", import.meta.url));
const repoRoot = join(docsDir, "..", "..");
const apiDir = join(docsDir, "pages", "api");

/**
 * A package laid out as ours are: src/ built to dist/, an "exports" map of two entry points, and
 * the root one merged into the package (`@mergeModuleWith <project>`), as our src/index.ts do.
 */
function writeFixturePackage(dir: string): void {
  mkdirSync(join(dir, "src"), { recursive: true });
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify({
      name: "@fixture/pkg",
      version: "1.0.0",
      type: "module",
      exports: {
        ".": { types: "./dist/index.d.ts", default: "./dist/index.js" },
        "./extra": { types: "./dist/extra.d.ts", default: "./dist/extra.js" },
      },
    }),
  );
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        target: "ES2022",
        module: "NodeNext",
        moduleResolution: "NodeNext",
        rootDir: "src",
        outDir: "dist",
        declaration: true,
        strict: true,
        types: [],
      },
      include: ["src"],
    }),
  );
  writeFileSync(
    join(dir, "src", "index.ts"),
    [
      "/**",
      " * The fixture package.",
      " *",
      " * @packageDocumentation",
      " * @mergeModuleWith <project>",
      " */",
      "/** Adds two numbers. */",
      "export function documented(a: number, b: number): number {",
      "  return a + b;",
      "}",
      "export function bare(): void {}",
      "/** A documented shape. */",
      "export interface Shape {",
      "  readonly side: number;",
      "}",
      "export interface Naked {",
      "  readonly x: number;",
      "}",
      "export const constant = 1;",
      "/** One overload documented is enough. */",
      "export function overloaded(x: string): string;",
      "export function overloaded(x: number): number;",
      "export function overloaded(x: string | number): string | number {",
      "  return x;",
      "}",
      "export { helper as renamed } from './helper.js';",
      "",
    ].join("\n"),
  );
  writeFileSync(join(dir, "src", "helper.ts"), "export function helper(): number {\n  return 1;\n}\n");
  writeFileSync(
    join(dir, "src", "extra.ts"),
    "/** Documented. */\nexport type Word = string;\nexport type Extra = Word;\n",
  );
}

describe("the undocumented-export check", () => {
  it("lists each export without a doc comment, with its package, file and line", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tsvider-api-test-"));
    try {
      writeFixturePackage(dir);
      const { project } = await convertProject(
        {
          entryPointStrategy: "packages",
          entryPoints: [dir],
          // As typedoc.json does: source file names relative to one directory, for every package.
          packageOptions: { basePath: dir },
          basePath: dir,
          skipErrorChecking: true,
          disableSources: false,
          logLevel: "Error",
        },
        { readTypedocJson: false },
      );
      const found = findUndocumented(project, dir).map((u: Undocumented) => ({
        ...u,
        // findUndocumented gives files relative to the repository root.
        file: relative(dir, join(repoRoot, u.file)),
      }));
      expect(found).toEqual([
        {
          packageName: "@fixture/pkg",
          importPath: "@fixture/pkg/extra",
          name: "Extra",
          kind: "TypeAlias",
          file: "src/extra.ts",
          line: 3,
        },
        {
          packageName: "@fixture/pkg",
          importPath: "@fixture/pkg",
          name: "renamed",
          kind: "Function",
          file: "src/helper.ts",
          line: 1,
        },
        {
          packageName: "@fixture/pkg",
          importPath: "@fixture/pkg",
          name: "bare",
          kind: "Function",
          file: "src/index.ts",
          line: 11,
        },
        {
          packageName: "@fixture/pkg",
          importPath: "@fixture/pkg",
          name: "Naked",
          kind: "Interface",
          file: "src/index.ts",
          line: 16,
        },
        {
          packageName: "@fixture/pkg",
          importPath: "@fixture/pkg",
          name: "constant",
          kind: "Variable",
          file: "src/index.ts",
          line: 19,
        },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("prints each undocumented export with where it is and what to do", () => {
    const message = formatUndocumented([
      {
        packageName: "@tsvider/hcl",
        importPath: "@tsvider/hcl/body",
        name: "Body",
        kind: "Interface",
        file: "packages/hcl/src/body.ts",
        line: 46,
      },
    ]);
    expect(message).toContain("1 exported name has no doc comment:");
    expect(message).toContain(
      "packages/hcl/src/body.ts:46  Interface Body (exported from @tsvider/hcl/body)",
    );
    expect(message).toContain("Write a /** ... */ comment above each declaration");
  });

  it("fails on what the pending list does not name, and reports entries no longer needed", () => {
    const at = (file: string, name: string): Undocumented => ({
      packageName: "@tsvider/components",
      importPath: "@tsvider/components",
      name,
      kind: "Function",
      file,
      line: 1,
    });
    const echo = at("packages/components/src/echo.ts", "echoAction");
    const added = at("packages/components/src/lease.ts", "newThing");
    const result = partitionUndocumented(
      [echo, added],
      [
        "packages/components/src/echo.ts#echoAction",
        "packages/components/src/file-info.ts#fileInfoDataSource",
      ],
    );
    expect(result.failing).toEqual([added]);
    expect(result.pending).toEqual([echo]);
    expect(result.stale).toEqual(["packages/components/src/file-info.ts#fileInfoDataSource"]);
  });

  it("has a pending list naming only files that exist", () => {
    const pending = JSON.parse(
      readFileSync(join(docsDir, "scripts", "api.pending.json"), "utf8"),
    ) as string[];
    const missing = pending.filter((entry) => !existsSync(join(repoRoot, entry.split("#")[0]!)));
    expect(missing, "entries of scripts/api.pending.json whose file is gone: remove them").toEqual([]);
  });
});

describe("typedoc.json", () => {
  it("documents every published @tsvider package", () => {
    const config = JSON.parse(readFileSync(join(docsDir, "typedoc.json"), "utf8")) as {
      entryPoints: string[];
    };
    const documented = config.entryPoints.map((entry) => relative(repoRoot, join(docsDir, entry))).sort();
    const published = readdirSync(join(repoRoot, "packages"))
      .map((dir) => join("packages", dir))
      .filter((dir) => {
        const file = join(repoRoot, dir, "package.json");
        if (!existsSync(file)) return false;
        const pkg = JSON.parse(readFileSync(file, "utf8")) as { name: string; private?: boolean };
        return pkg.name.startsWith("@tsvider/") && pkg.private !== true;
      })
      .sort();
    expect(documented).toEqual(published);
  });
});

describe("the generated reference (pages/api)", () => {
  const requireBuilt = () => {
    if (!existsSync(join(apiDir, "typedoc-sidebar.json"))) {
      throw new Error("pages/api is missing: run `pnpm run api` (or `pnpm run build`) in apps/docs first");
    }
  };

  it("has one page per entry point, each export under an anchor of its own name", () => {
    requireBuilt();
    // The URLs guides link to: pages/api/<package>/index.md for a package's root,
    // pages/api/<package>/<module>.md for a subpath (served as .html), #<name in lower case>.
    const anchors: [string, string][] = [
      ["framework/index.md", "defineresource"],
      ["framework/index.md", "defineprovider"],
      // The interface Action comes after Hub's method action() on the page; it still has #action.
      ["framework/index.md", "action"],
      ["framework/index.md", "schema"],
      // The function keeps the plain anchor; the interface TestProvider is #testprovider-1.
      ["framework/testing.md", "testprovider"],
      ["cty/index.md", "decimal"],
      ["hcl/native.md", "parseconfig"],
      ["conformance/index.md", "acceptancetest"],
      ["rpcplugin/index.md", "serveplugin"],
    ];
    for (const [page, anchor] of anchors) {
      const file = join(apiDir, page);
      expect(existsSync(file), `pages/api/${page}`).toBe(true);
      expect(readFileSync(file, "utf8"), `pages/api/${page}#${anchor}`).toMatch(
        new RegExp(`^### \\S+ \\{#${anchor}\\}$`, "m"),
      );
    }
    expect(readFileSync(join(apiDir, "framework/testing.md"), "utf8")).toContain(
      "### TestProvider {#testprovider-1}",
    );
    const index = readFileSync(join(apiDir, "index.md"), "utf8");
    for (const name of ["components", "conformance", "cty", "framework", "hcl", "rpcplugin"]) {
      expect(index).toContain(`[@tsvider/${name}](${name}/index.md)`);
    }
    // The generated protocol bindings are left out (scripts/api.mjs, GENERATED_MODULES).
    expect(existsSync(join(apiDir, "rpcplugin/tfplugin6.md"))).toBe(false);
  });

  it("gives every heading an id, none twice on a page", () => {
    requireBuilt();
    const pages = readdirSync(apiDir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".md"));
    const problems: string[] = [];
    for (const page of pages) {
      let inFence = false;
      const ids = new Set<string>();
      for (const line of readFileSync(join(apiDir, page), "utf8").split("\n")) {
        if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
        if (inFence || !/^#{1,6} /.test(line)) continue;
        const id = /\{#([^}\s]+)\}$/.exec(line)?.[1];
        if (id === undefined) problems.push(`${page}: no id: ${line}`);
        else if (ids.has(id)) problems.push(`${page}: #${id} twice`);
        else ids.add(id);
      }
    }
    expect(problems).toEqual([]);
  });

  it("has a sidebar linking every generated page, and only those", () => {
    requireBuilt();
    type Item = { text: string; link?: string; items?: Item[] };
    const sidebar = JSON.parse(readFileSync(join(apiDir, "typedoc-sidebar.json"), "utf8")) as Item[];
    const links: string[] = [];
    const walk = (items: Item[]) => {
      for (const item of items) {
        if (item.link !== undefined) links.push(item.link);
        if (item.items) walk(item.items);
      }
    };
    walk(sidebar);
    const linked = links.map((link) => {
      expect(link.startsWith("/api/"), link).toBe(true);
      return link.slice("/api/".length).replace(/\/$/, "/index.md");
    });
    const pages = readdirSync(apiDir, { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".md") && f !== "index.md")
      .map((f) => f.split("\\").join("/"));
    expect(linked.sort()).toEqual(pages.sort());
  });
});

describe("anchorHeadings", () => {
  it("gives headings without an id one that no later heading asks for, and leaves code alone", () => {
    const page = [
      "# hcl-decode",
      "###### identity?",
      "##### identity? {#identity-1}",
      "#### Returns",
      "#### Returns",
      "```ts",
      "# not a heading",
      "```",
      "### `Weird` name\\<T\\>",
    ].join("\n");
    expect(anchorHeadings(page).split("\n")).toEqual([
      "# hcl-decode {#hcl-decode}",
      "###### identity? {#identity}",
      "##### identity? {#identity-1}",
      "#### Returns {#returns}",
      "#### Returns {#returns-1}",
      "```ts",
      "# not a heading",
      "```",
      "### `Weird` name\\<T\\> {#weird-name-t}",
    ]);
    expect(anchorHeadings("### identity?\n### identity? {#identity}")).toBe(
      "### identity? {#identity-1}\n### identity? {#identity}",
    );
  });
});
