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
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { describeDifferences, docsDifferences, hasDifferences, writeDocs } from "./check.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function root(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "tsvider-docs-check-"));
  dirs.push(dir);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

const generated = new Map([
  ["index.md", "# acme\n"],
  ["resources/widget.md", "# widget\n"],
  ["functions/shout.md", "# shout\n"],
]);

describe("docs check", () => {
  it("lists the files that differ, are missing or are extra", () => {
    const dir = root({
      "docs/index.md": "# acme\n",
      "docs/resources/widget.md": "# old widget\n",
      "docs/resources/acme_widget.md": "# widget\n",
    });
    const differences = docsDifferences(dir, generated);
    expect(differences).toEqual({
      changed: ["resources/widget.md"],
      missing: ["functions/shout.md"],
      extra: ["resources/acme_widget.md"],
    });
    expect(describeDifferences(differences)).toEqual([
      "differs  docs/resources/widget.md",
      "missing  docs/functions/shout.md",
      "extra    docs/resources/acme_widget.md",
    ]);
  });

  it("finds nothing to report once the docs are written, and leaves no temporary directory", () => {
    const dir = root({ "docs/resources/acme_widget.md": "stale\n", "README.md": "keep\n" });
    writeDocs(dir, generated);
    expect(hasDifferences(docsDifferences(dir, generated))).toBe(false);
    expect(existsSync(join(dir, "docs/resources/acme_widget.md"))).toBe(false);
    expect(readFileSync(join(dir, "docs/functions/shout.md"), "utf8")).toBe("# shout\n");
    expect(readdirSync(dir).sort()).toEqual(["README.md", "docs"]);
  });

  it("reports every page as missing when there is no docs directory", () => {
    const differences = docsDifferences(root({}), generated);
    expect(differences.missing).toEqual([...generated.keys()]);
  });
});
