// Loads pages of a served site in Chromium and reports what a reader would meet: console errors,
// uncaught exceptions, requests that fail or answer 4xx/5xx, images that do not load, and links to
// pages or anchors that do not exist. Links are checked against the pages loaded: a link to a
// loaded page must name an id that page has (after it rendered, so ids made by the client count);
// a link to anything else on the site must be a file the server has.
import { existsSync } from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { fileFor } from "./static-server.js";

export interface PageReport {
  /** The page's path on the site, `/getting-started/index.html`. */
  readonly path: string;
  readonly problems: string[];
  /** Absolute URLs of the page's links, with their text. */
  readonly links: { readonly href: string; readonly text: string }[];
  readonly ids: Set<string>;
}

export interface CheckOptions {
  /** `http://127.0.0.1:<port>`. */
  readonly origin: string;
  /** The directory the server serves, to tell a link to a file that exists from a broken one. */
  readonly root: string;
  /** Tabs loading pages at once. */
  readonly tabs?: number;
  /**
   * What must hold in the page before it is looked at, evaluated in the page; for VitePress, that
   * the app is mounted (hydrated), so errors from rendering have happened and client-side links
   * and ids are there.
   */
  readonly ready?: string;
  /**
   * The pages to show by VitePress's own client-side navigation, as a reader following a link
   * sees them, instead of loading their HTML: about a sixth of the CPU of a full load each,
   * for the many pages made from one template (the API reference), whose hydration is checked
   * on those loaded in full. Only when the tab already shows a page of the site.
   */
  readonly clientSide?: (path: string) => boolean;
}

/** The key a page is known by: `/a/` and `/a/index.html` are one page. */
export function pageKey(pathname: string): string {
  return pathname.endsWith("/") ? `${pathname}index.html` : pathname;
}

/**
 * Shows `path` the way VitePress's router does when a reader follows a link (history entry, then
 * the popstate its router listens to), and waits until the new page's content has replaced the
 * old: VitePress renders a page's markdown as one element inside `.vp-doc`, new for each page.
 */
async function navigateClientSide(page: Page, path: string): Promise<string | undefined> {
  await page.evaluate((target) => {
    for (const element of document.querySelectorAll(".vp-doc > div")) element.setAttribute("data-seen", "");
    history.pushState({}, "", target);
    window.dispatchEvent(new PopStateEvent("popstate", { state: {} }));
  }, path);
  const shown = await page.waitForFunction(() => {
    if (document.querySelector(".NotFound") !== null) return "not found";
    return document.querySelector(".vp-doc > div:not([data-seen])") !== null ? "shown" : false;
  });
  return (await shown.jsonValue()) === "shown" ? undefined : "VitePress's router showed its 404 page for it";
}

async function loadPage(page: Page, report: PageReport, options: CheckOptions): Promise<void> {
  if (options.clientSide?.(report.path) && page.url().startsWith(`${options.origin}/`)) {
    const problem = await navigateClientSide(page, report.path);
    if (problem !== undefined) {
      report.problems.push(problem);
      return;
    }
  } else {
    const response = await page.goto(options.origin + report.path, { waitUntil: "load" });
    if (response === null || response.status() !== 200) {
      report.problems.push(`the page itself answered ${response?.status() ?? "nothing"}`);
      return;
    }
    if (options.ready !== undefined) await page.waitForFunction(options.ready);
  }
  const seen = await page.evaluate(async () => {
    // Lazy images load only when scrolled to: load them all, then look.
    const images = [...document.images];
    for (const image of images) image.loading = "eager";
    await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
    return {
      links: [...document.querySelectorAll<HTMLAnchorElement>("a[href]")].map((a) => ({
        href: a.href,
        // A heading's permalink has only a zero-width space for text: name it by its title.
        text:
          (a.textContent ?? "")
            .replace(/\u200b/g, "")
            .trim()
            .replace(/\s+/g, " ")
            .slice(0, 80) ||
          a.getAttribute("aria-label") ||
          "(no text)",
      })),
      ids: [
        ...[...document.querySelectorAll("[id]")].map((element) => element.id),
        ...[...document.querySelectorAll("a[name]")].map((a) => a.getAttribute("name") ?? ""),
      ],
      brokenImages: images
        .filter((image) => !image.complete || image.naturalWidth === 0)
        .map((image) => image.getAttribute("src") ?? "(no src)"),
    };
  });
  report.links.push(...seen.links);
  for (const id of seen.ids) report.ids.add(id);
  for (const src of seen.brokenImages) report.problems.push(`image ${src} did not load`);
}

/** Loads every path in `paths` (site paths such as `/index.html`) and reports each. */
export async function checkPages(
  context: BrowserContext,
  paths: readonly string[],
  options: CheckOptions,
): Promise<Map<string, PageReport>> {
  const reports = new Map<string, PageReport>();
  const queue = [...paths];
  const tab = async () => {
    const page = await context.newPage();
    // VitePress prefetches the pages of the links in view (a dozen or more requests a page, each
    // one reported to this process) and skips that when the reader asks to save data. Every page
    // is loaded here anyway, so the prefetches would only repeat those loads; and a navigation
    // cancels the prefetches still running, which are no failures of the site.
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "connection", { value: { saveData: true, effectiveType: "4g" } });
    });
    let current: PageReport | undefined;
    const problem = (text: string) => current?.problems.push(text);
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      const { url, lineNumber } = message.location();
      problem(`console error: ${message.text()}${url ? ` (${url}:${lineNumber + 1})` : ""}`);
    });
    page.on("pageerror", (error) => problem(`uncaught ${error.name}: ${error.message}`));
    page.on("requestfailed", (request) => {
      const reason = request.failure()?.errorText ?? "no reason given";
      // Cancelled by the next navigation (the icon, a late image): not the site's failure. A
      // missing file answers 404, reported below; a request that needs the network fails with
      // net::ERR_NAME_NOT_RESOLVED.
      if (reason !== "net::ERR_ABORTED") problem(`request for ${request.url()} failed: ${reason}`);
    });
    page.on("response", (response) => {
      if (response.status() >= 400) problem(`${response.url()} answered ${response.status()}`);
    });
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      current = { path, problems: [], links: [], ids: new Set() };
      reports.set(pageKey(path), current);
      try {
        await loadPage(page, current, options);
      } catch (err) {
        current.problems.push(`could not be loaded: ${(err as Error).message.split("\n")[0]}`);
      }
    }
    current = undefined;
    await page.close();
  };
  await Promise.all(Array.from({ length: options.tabs ?? 2 }, tab));
  for (const report of reports.values()) report.problems.push(...brokenLinks(report, reports, options));
  return reports;
}

function brokenLinks(report: PageReport, reports: Map<string, PageReport>, options: CheckOptions): string[] {
  const problems = new Set<string>();
  for (const { href, text } of report.links) {
    let url: URL;
    try {
      url = new URL(href);
    } catch {
      problems.add(`link "${text}" has an href that is not a URL: ${href}`);
      continue;
    }
    // Other sites are not fetched: the check runs offline.
    if (url.origin !== options.origin) continue;
    const target = reports.get(pageKey(url.pathname));
    const shown = url.pathname + url.hash;
    if (target === undefined) {
      const file = fileFor(options.root, url.pathname);
      if (file === undefined || !existsSync(file)) problems.add(`link "${text}" to ${shown}: no such page`);
      continue;
    }
    const id = decodeURIComponent(url.hash.slice(1));
    if (id !== "" && !target.ids.has(id)) {
      problems.add(`link "${text}" to ${shown}: ${url.pathname} has no anchor #${id}`);
    }
  }
  return [...problems];
}
