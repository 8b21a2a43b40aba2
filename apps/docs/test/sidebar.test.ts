// The sidebar built from the tree of pages/ (.vitepress/sidebar.ts), on a small tree of its own:
// groups per top-level folder in their index.md's order, pages by `order` then title, titles from
// frontmatter or the first heading, and an `order` that is not a number refused with its place.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { pageInfo, sidebarFromPages } from "../.vitepress/sidebar.js";

const root = mkdtempSync(join(tmpdir(), "tsvider-docs-sidebar-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function tree(name: string, files: Record<string, string>): string {
  const dir = join(root, name);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

describe("sidebarFromPages", () => {
  it("makes one group per folder, each in its index.md's order, pages by order then title", () => {
    const pages = tree("ordered", {
      "index.md": "---\nlayout: home\n---\n",
      "guides/index.md": "---\ntitle: Guides\norder: 2\n---\n# All the guides\n",
      "guides/b.md": "---\ntitle: Beta\n---\n",
      "guides/a.md": "---\ntitle: 'Alpha: the first'\n---\n",
      "guides/z.md": "---\norder: 1\n---\n# Zulu from its heading\n",
      "guides/deeper/index.md": "---\ntitle: Deeper\n---\n",
      "guides/deeper/page.md": "# Deep page\n",
      "start/index.md": '---\ntitle: "Getting started"\norder: 1\n---\n',
      "start/install.md": "---\ntitle: Install\norder: 1\n---\n",
      "api/index.md": "# API\n",
      "public/ignored.md": "# not a page\n",
      "empty/.keep": "",
    });
    expect(sidebarFromPages(pages)).toEqual([
      {
        text: "Getting started",
        link: "/start/",
        collapsed: false,
        items: [{ text: "Install", link: "/start/install" }],
      },
      {
        text: "Guides",
        link: "/guides/",
        collapsed: false,
        items: [
          { text: "Zulu from its heading", link: "/guides/z" },
          { text: "Alpha: the first", link: "/guides/a" },
          { text: "Beta", link: "/guides/b" },
          {
            text: "Deeper",
            link: "/guides/deeper/",
            collapsed: true,
            items: [{ text: "Deep page", link: "/guides/deeper/page" }],
          },
        ],
      },
    ]);
  });

  it("refuses an order that is not a number, naming the page and line", () => {
    const pages = tree("bad", { "guides/index.md": "---\ntitle: Guides\norder: second\n---\n" });
    expect(() => sidebarFromPages(pages)).toThrow(
      'pages/guides/index.md:3: order must be a number (it places the page in the sidebar, lowest first), not "second"',
    );
  });

  it("refuses frontmatter that is never closed", () => {
    const pages = tree("open", { "a/page.md": "---\ntitle: Open\n# heading\n" });
    expect(() => pageInfo(join(pages, "a/page.md"), pages)).toThrow(/pages\/a\/page\.md:1: the frontmatter/);
  });
});
