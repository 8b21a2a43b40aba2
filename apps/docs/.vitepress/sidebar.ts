// The sidebar is built from the directory tree of pages/, so a page is added by writing its file:
// no list to keep in step. Each top-level folder is one group, titled and placed by the
// frontmatter of its index.md; each page is placed by its own `title` and `order`. pages/api is
// TypeDoc's output and has a sidebar of its own (pages/api/typedoc-sidebar.json, read in config.ts).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { DefaultTheme } from "vitepress";

/** Folders of pages/ that are not groups of the main sidebar. */
const NOT_GROUPS = new Set(["api", "public"]);

/** What the sidebar reads from a page: its frontmatter `title` and `order`, its first heading. */
export interface PageInfo {
  readonly title: string;
  /** Pages and groups without one come after those with one, by title. */
  readonly order: number;
}

/**
 * The `title` and `order` keys of a page's frontmatter (the `---` block VitePress reads too),
 * else its first `# ` heading, else its file name. Only these two keys are read here, and only
 * as plain scalars: VitePress itself parses the whole block when it renders the page.
 */
export function pageInfo(file: string, pagesDir: string): PageInfo {
  const text = readFileSync(file, "utf8");
  const where = relative(pagesDir, file);
  let title: string | undefined;
  let order = Number.POSITIVE_INFINITY;
  const lines = text.split(/\r?\n/);
  let body = 0;
  if (lines[0] === "---") {
    const end = lines.indexOf("---", 1);
    if (end === -1) {
      throw new Error(
        `pages/${where}:1: the frontmatter opened by "---" is never closed: end it with a line holding only "---"`,
      );
    }
    for (let i = 1; i < end; i++) {
      const match = /^(title|order):\s*(.*?)\s*$/.exec(lines[i]!);
      if (match === null) continue;
      const value = unquote(match[2]!);
      if (match[1] === "title") title = value;
      else {
        order = Number(value);
        if (value === "" || !Number.isFinite(order)) {
          throw new Error(
            `pages/${where}:${i + 1}: order must be a number (it places the page in the sidebar, lowest first), not "${match[2]}"`,
          );
        }
      }
    }
    body = end + 1;
  }
  if (title === undefined || title === "") {
    const heading = lines.slice(body).find((line) => line.startsWith("# "));
    title = heading?.slice(2).trim() ?? file.replace(/^.*\//, "").replace(/\.md$/, "");
  }
  return { title, order };
}

function unquote(value: string): string {
  const quoted = /^"(.*)"$/.exec(value) ?? /^'(.*)'$/.exec(value);
  return quoted === null ? value : quoted[1]!.replace(/\\"/g, '"').replace(/''/g, "'");
}

type Entry = PageInfo & { readonly item: DefaultTheme.SidebarItem };

function byOrder(a: Entry, b: Entry): number {
  return a.order - b.order || a.title.localeCompare(b.title);
}

/**
 * The items of one folder: its pages (index.md aside, which the folder's group links to) and its
 * subfolders as nested groups, collapsed, placed by their own index.md.
 */
function folderEntry(dir: string, pagesDir: string, collapsed: boolean): Entry {
  const link = `/${relative(pagesDir, dir)}/`;
  const index = join(dir, "index.md");
  const name = dir.replace(/^.*\//, "");
  const info = existsSync(index)
    ? pageInfo(index, pagesDir)
    : { title: name, order: Number.POSITIVE_INFINITY };
  const entries: Entry[] = [];
  for (const dirent of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, dirent.name);
    if (dirent.isDirectory()) {
      if (!dirent.name.startsWith(".") && hasPages(path)) entries.push(folderEntry(path, pagesDir, true));
    } else if (dirent.name.endsWith(".md") && dirent.name !== "index.md") {
      const page = pageInfo(path, pagesDir);
      entries.push({
        ...page,
        item: { text: page.title, link: `/${relative(pagesDir, path).slice(0, -3)}` },
      });
    }
  }
  const group: DefaultTheme.SidebarItem = {
    text: info.title,
    items: entries.sort(byOrder).map((entry) => entry.item),
    collapsed,
  };
  if (existsSync(index)) group.link = link;
  return { ...info, item: group };
}

function hasPages(dir: string): boolean {
  return readdirSync(dir, { withFileTypes: true }).some((dirent) =>
    dirent.isDirectory() ? hasPages(join(dir, dirent.name)) : dirent.name.endsWith(".md"),
  );
}

/** The main sidebar: one group per top-level folder of `pagesDir` (pages/api aside), in order. */
export function sidebarFromPages(pagesDir: string): DefaultTheme.SidebarItem[] {
  const entries: Entry[] = [];
  for (const dirent of readdirSync(pagesDir, { withFileTypes: true })) {
    const path = join(pagesDir, dirent.name);
    if (!dirent.isDirectory() || dirent.name.startsWith(".") || NOT_GROUPS.has(dirent.name)) continue;
    if (hasPages(path)) entries.push(folderEntry(path, pagesDir, false));
  }
  return entries.sort(byOrder).map((entry) => entry.item);
}
