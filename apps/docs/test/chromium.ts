// Debian's Chromium, driven by playwright-core (which brings no browser of its own).
// tooling/chromium/install puts it at /usr/bin/chromium; TSVIDER_CHROMIUM names another.
import { accessSync, constants } from "node:fs";
import { type Browser, chromium } from "playwright-core";

export function chromiumPath(): string {
  const path = process.env.TSVIDER_CHROMIUM || "/usr/bin/chromium";
  try {
    accessSync(path, constants.X_OK);
  } catch {
    const named = process.env.TSVIDER_CHROMIUM
      ? `TSVIDER_CHROMIUM=${path}`
      : `${path} (TSVIDER_CHROMIUM is unset)`;
    throw new Error(
      `no Chromium at ${named}: run tooling/chromium/install from the repository root (./dev test runs it before the tests; it installs Debian's chromium package with apt-get), or set TSVIDER_CHROMIUM to a Chromium or Chrome executable`,
    );
  }
  return path;
}

/**
 * Headless, and offline: every host name but the loopback address resolves to nothing, so a page
 * that needs the network (a font, a script, an image from elsewhere) fails its request and the
 * check reports it. The site must work without a network, its search included.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: ["--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1", "--disable-gpu", "--no-first-run"],
  });
}
