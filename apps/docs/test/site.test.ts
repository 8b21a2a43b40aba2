// The built site (dist/, from `pnpm run build`) as a reader meets it, in Debian's Chromium driven
// headless by playwright-core, offline: every page is loaded and must render without a console
// error, an uncaught exception, a failed request or an image that does not load, and every link
// must lead to a page (and anchor) that exists. A few key pages are shot into test-results/ (CI
// keeps them as artefacts) and looked at: their title and sidebar are there and the picture is not
// blank. The search box finds a page with the site's own index, no service behind it.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageInfo, sidebarFromPages } from "../.vitepress/sidebar.js";
import { launchChromium } from "./chromium.js";
import { decodePng, inkShare } from "./png.js";
import { checkPages } from "./site-check.js";
import { type StaticServer, serveDirectory } from "./static-server.js";

const docsDir = fileURLToPath(new URL("..", import.meta.url));
const dist = join(docsDir, "dist");
const pagesDir = join(docsDir, "pages");
const results = join(docsDir, "test-results");
const viewport = { width: 1280, height: 800 };
/** VitePress has mounted its app: the page is hydrated and its client-side parts are there. */
const HYDRATED = `document.querySelector("#app")?.__vue_app__ !== undefined`;
/**
 * How long a page may take to show what is awaited. The suite runs beside the whole workspace's
 * tests on a busy machine, where loading the 1.8 MB search index alone took over a second (the
 * default of expect.poll) in CI: a guard against a hang, never a timing assertion.
 */
const PATIENCE = { timeout: 90_000 } as const;

/** Every page of the built site, as site paths (`/getting-started/index.html`); not the 404 page. */
function sitePages(dir = dist): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (dir !== dist || entry.name !== "assets") found.push(...sitePages(path));
    } else if (entry.name.endsWith(".html") && !(dir === dist && entry.name === "404.html")) {
      found.push(`/${relative(dist, path)}`);
    }
  }
  return found.sort();
}

/** The source of a built page, for messages: `/concepts/schema.html` → `pages/concepts/schema.md`. */
function sourceOf(path: string): string {
  return `pages${path.replace(/\.html$/, ".md")}`;
}

let browser: Browser;
let context: BrowserContext;
let server: StaticServer;

beforeAll(async () => {
  if (!existsSync(join(dist, "index.html"))) {
    throw new Error(
      `${join(dist, "index.html")} is missing: build the site first with \`pnpm run build\` in apps/docs (turbo's test task builds it before running these tests)`,
    );
  }
  browser = await launchChromium();
  context = await browser.newContext({ viewport });
  context.setDefaultTimeout(PATIENCE.timeout);
  context.setDefaultNavigationTimeout(PATIENCE.timeout);
  server = await serveDirectory(dist);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
});

describe("the page check", () => {
  // A small site with one of each fault, so a check that stopped noticing one fails here.
  it("reports a missing page, a missing anchor, a missing image and a console error", async () => {
    const root = mkdtempSync(join(tmpdir(), "tsvider-docs-check-"));
    try {
      writeFileSync(
        join(root, "index.html"),
        `<!doctype html><link rel="icon" href="data:,"><title>home</title><h1 id="top">home</h1>
<a href="missing.html">gone</a> <a href="other.html#nowhere">no anchor</a> <a href="other.html#here">fine</a>
<a href="#top">top</a> <a href="https://example.com/">elsewhere</a> <img src="missing.png" alt="">
<script>console.error("boom")</script>`,
      );
      writeFileSync(
        join(root, "other.html"),
        `<!doctype html><link rel="icon" href="data:,"><title>other</title><h2 id="here">here</h2><a href="index.html">home</a>`,
      );
      const local = await serveDirectory(root);
      try {
        const reports = await checkPages(context, ["/index.html", "/other.html"], {
          origin: local.origin,
          root,
          tabs: 1,
        });
        const home = reports.get("/index.html")!.problems;
        expect(home).toContain('link "gone" to /missing.html: no such page');
        expect(home).toContain('link "no anchor" to /other.html#nowhere: /other.html has no anchor #nowhere');
        expect(home).toContain("image missing.png did not load");
        expect(home.some((problem) => problem.startsWith("console error: boom"))).toBe(true);
        expect(home.some((problem) => problem.includes("/missing.png answered 404"))).toBe(true);
        // The link to another site is not followed (offline), the others are fine.
        expect(home.filter((problem) => problem.includes("example.com"))).toEqual([]);
        expect(home.filter((problem) => problem.includes('"fine"') || problem.includes('"top"'))).toEqual([]);
        expect(reports.get("/other.html")!.problems).toEqual([]);
      } finally {
        await local.close();
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("the built site", () => {
  it("loads every page without errors, failed requests, missing images or broken links", {
    timeout: 900_000,
  }, async () => {
    const pages = sitePages();
    for (const key of [
      "/index.html",
      "/getting-started/index.html",
      "/tutorial/index.html",
      "/api/index.html",
    ]) {
      expect(pages, `the site has no ${key} (from ${sourceOf(key)})`).toContain(key);
    }
    // Every page outside the API reference is loaded in full (its HTML, then hydration); the
    // reference's pages, one TypeDoc template each, are shown by client-side navigation.
    const clientSide = (path: string) => path.startsWith("/api/") && path !== "/api/index.html";
    const ordered = [...pages.filter((path) => !clientSide(path)), ...pages.filter(clientSide)];
    const reports = await checkPages(context, ordered, {
      origin: server.origin,
      root: dist,
      ready: HYDRATED,
      clientSide,
    });
    expect(reports.size).toBe(pages.length);
    const problems = [...reports.values()].flatMap((report) =>
      report.problems.map((problem) => `${sourceOf(report.path)} (${report.path}): ${problem}`),
    );
    mkdirSync(results, { recursive: true });
    writeFileSync(
      join(results, "pages.txt"),
      `${pages.length} pages checked\n${problems.length === 0 ? "no problems\n" : `${problems.join("\n")}\n`}`,
    );
    expect(problems, `${problems.length} problems (also in apps/docs/test-results/pages.txt)`).toEqual([]);
  });

  /** Loads a page, checks it rendered, and shoots it into test-results/<name>.png. */
  async function shoot(page: Page, name: string, path: string): Promise<void> {
    const response = await page.goto(server.origin + path, { waitUntil: "load" });
    expect(response?.status(), `${path} answered`).toBe(200);
    await page.waitForFunction(HYDRATED);
    mkdirSync(results, { recursive: true });
    const png = await page.screenshot({ path: join(results, `${name}.png`) });
    const image = decodePng(png);
    expect([image.width, image.height]).toEqual([viewport.width, viewport.height]);
    // A rendered page has text, a nav bar and a sidebar: a good share of pixels is not the
    // background. A blank or unstyled-white page has next to none.
    expect(inkShare(image), `test-results/${name}.png looks blank`).toBeGreaterThan(0.03);
  }

  /** The visible sidebar's link texts, and the text of the item marked as the current page. */
  async function sidebar(page: Page): Promise<{ links: string[]; active: string | undefined }> {
    await expect.poll(() => page.locator(".VPSidebar").isVisible(), PATIENCE).toBe(true);
    return page.evaluate(() => ({
      links: [...document.querySelectorAll(".VPSidebar a")].map((a) => (a.textContent ?? "").trim()),
      active: document
        .querySelector(".VPSidebar .VPSidebarItem.is-active > .item .text")
        ?.textContent?.trim(),
    }));
  }

  /**
   * A page's frontmatter `title` is its window title and its entry in the sidebar, marked as the
   * current page there; its own heading may say more.
   */
  async function expectTitled(page: Page, source: string): Promise<{ title: string; links: string[] }> {
    const { title } = pageInfo(join(pagesDir, source), pagesDir);
    expect(await page.title()).toBe(`${title} | tsvider`);
    expect((await page.locator(".vp-doc h1").first().textContent())?.trim()).not.toBe("");
    const side = await sidebar(page);
    expect(side.active, `the sidebar marks no entry "${title}" as the current page`).toBe(title);
    return { title, links: side.links };
  }

  it("renders the home page with its title and the Guide, Tutorial and API links", async () => {
    const page = await context.newPage();
    try {
      await shoot(page, "home", "/index.html");
      expect((await page.locator(".VPHero .name").textContent())?.trim()).toBe("tsvider");
      const nav = await page
        .locator(".VPNavBar .VPNavBarMenuLink")
        .evaluateAll((links) =>
          links.map((a) => [(a.textContent ?? "").trim(), new URL((a as HTMLAnchorElement).href).pathname]),
        );
      expect(nav).toEqual([
        ["Guide", "/getting-started/"],
        ["Tutorial", "/tutorial/"],
        ["API", "/api/"],
      ]);
    } finally {
      await page.close();
    }
  });

  it("renders getting started with its title and the sidebar's groups", async () => {
    const page = await context.newPage();
    try {
      await shoot(page, "getting-started", "/getting-started/index.html");
      const { links } = await expectTitled(page, "getting-started/index.md");
      // One group per top-level folder of pages/, each with its index.md's title.
      for (const group of sidebarFromPages(pagesDir)) expect(links).toContain(group.text);
    } finally {
      await page.close();
    }
  });

  it("renders the first tutorial part with the tutorial's parts in the sidebar, in order", async () => {
    const tutorial = sidebarFromPages(pagesDir).find((group) => group.link === "/tutorial/");
    const parts = tutorial?.items ?? [];
    expect(parts.length, "pages/tutorial/ has no parts besides its index.md").toBeGreaterThan(0);
    const first = parts[0]!;
    const page = await context.newPage();
    try {
      await shoot(page, "tutorial-part", `${first.link}.html`);
      const { links } = await expectTitled(page, `${first.link!.slice(1)}.md`);
      const shown = links.filter((text) => parts.some((part) => part.text === text));
      expect(shown).toEqual(parts.map((part) => part.text));
    } finally {
      await page.close();
    }
  });

  it("renders the API reference with its packages in the sidebar", async () => {
    const page = await context.newPage();
    try {
      await shoot(page, "api", "/api/index.html");
      expect((await page.locator(".vp-doc h1").first().textContent())?.trim()).toMatch(/API reference/);
      const side = await sidebar(page);
      for (const name of ["@tsvider/framework", "@tsvider/cty", "@tsvider/hcl", "@tsvider/rpcplugin"]) {
        expect(side.links).toContain(name);
      }
    } finally {
      await page.close();
    }
  });

  it("finds the getting-started page with the offline search box", { timeout: 300_000 }, async () => {
    const page = await context.newPage();
    try {
      await page.goto(`${server.origin}/index.html`, { waitUntil: "load" });
      await page.waitForFunction(HYDRATED);
      await page.locator(".VPNavBar .DocSearch-Button").click();
      const input = page.locator(".VPLocalSearchBox .search-input");
      await input.fill("tsvider install");
      const results = page.locator(".VPLocalSearchBox .results a.result");
      await expect.poll(() => results.count(), PATIENCE).toBeGreaterThan(0);
      const hrefs = await results.evaluateAll((links) =>
        links.map((a) => new URL((a as HTMLAnchorElement).href).pathname),
      );
      expect(hrefs.some((href) => href.startsWith("/getting-started/"))).toBe(true);
      // Enter goes to the page of the result marked as selected (the first, unless the pointer
      // rests on another).
      const selected = page.locator(".VPLocalSearchBox .results a.result.selected");
      await expect.poll(() => selected.count(), PATIENCE).toBe(1);
      const chosen = await selected.evaluate((a) => new URL((a as HTMLAnchorElement).href).pathname);
      expect(hrefs).toContain(chosen);
      await input.press("Enter");
      await expect.poll(() => new URL(page.url()).pathname, PATIENCE).toBe(chosen);
    } finally {
      await page.close();
    }
  });
});
