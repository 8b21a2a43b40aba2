// The tutorial's pages show its code by including the files from disk (VitePress's `<<< @/...`
// snippets), so the code a reader sees is the code each part's test runs. VitePress shows a
// whole file when a region is missing, and shows region markers when a file that has them is
// included whole; neither fails the build. This test does: every include names a file that
// exists, every region exists in it, and only files without markers are included whole. Each
// part's page also shows that part's main.tf and its test.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const docs = fileURLToPath(new URL("..", import.meta.url));
const pagesDir = join(docs, "pages");
const tutorialPages = join(pagesDir, "tutorial");
const parts = readdirSync(fileURLToPath(new URL(".", import.meta.url))).filter((d) => /^part-\d+-/.test(d));

interface Include {
  readonly page: string;
  readonly line: number;
  readonly file: string;
  readonly region: string | undefined;
}

/** The `<<< @/path#region` lines of a page, resolved as VitePress does (`@` is srcDir). */
function includesOf(page: string): Include[] {
  return readFileSync(join(tutorialPages, page), "utf8")
    .split("\n")
    .flatMap((text, i) => {
      if (!text.startsWith("<<<")) return [];
      const match = /^<<< @\/(\S+?)(?:#([\w-]+))?(?:\{[^}]*\})?(?: \[.*\])?$/.exec(text.trim());
      if (match === null) {
        throw new Error(
          `pages/tutorial/${page}:${i + 1}: "${text}" is not an include of the form <<< @/../tutorial/<path>[#region]; write it that way so this test can check it`,
        );
      }
      return [{ page, line: i + 1, file: resolve(pagesDir, match[1]!), region: match[2] }];
    });
}

const pages = readdirSync(tutorialPages).filter((f) => f.endsWith(".md"));
const includes = pages.flatMap(includesOf);
const markers = (text: string, region: string) =>
  [`// #region ${region}`, `// #endregion ${region}`].map((marker) =>
    text.split("\n").filter((line) => line.trim() === marker),
  );

describe("the tutorial pages' includes", () => {
  it("are there at all", () => {
    expect(pages).toContain("index.md");
    expect(includes.length).toBeGreaterThan(parts.length * 3);
  });

  it.each(includes.map((inc) => [`${inc.page}:${inc.line}`, inc] as const))(
    "%s names a file and region that exist",
    (_, inc) => {
      const where = `pages/tutorial/${inc.page}:${inc.line}`;
      const shown = relative(docs, inc.file);
      expect(
        existsSync(inc.file),
        `${where}: ${shown} does not exist; fix the path (it starts at pages/)`,
      ).toBe(true);
      const text = readFileSync(inc.file, "utf8");
      if (inc.region === undefined) {
        expect(
          text.includes("#region"),
          `${where}: ${shown} has region markers, which a whole-file include would show; include its regions instead`,
        ).toBe(false);
      } else {
        const [starts, ends] = markers(text, inc.region);
        expect(
          [starts!.length, ends!.length],
          `${where}: ${shown} needs exactly one "// #region ${inc.region}" and one "// #endregion ${inc.region}"`,
        ).toEqual([1, 1]);
      }
    },
  );

  it.each(parts)("the page of %s shows its main.tf and its test", (part) => {
    const own = includes.filter((inc) => inc.page === `${part}.md`).map((inc) => relative(docs, inc.file));
    expect(own, `pages/tutorial/${part}.md must exist and include the part's files`).toEqual(
      expect.arrayContaining([`tutorial/${part}/main.tf`, `tutorial/${part}/provider.test.ts`]),
    );
  });
});
