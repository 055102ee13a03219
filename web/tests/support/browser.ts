// Debian's Chromium driven by playwright-core (never `playwright install`), closed when the test ends.
// Each page records what went wrong in it: console errors, uncaught exceptions, Content-Security-Policy
// violations and failed requests (problemsOf).
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { after } from "node:test";
import { chromium, type Browser, type Page } from "playwright-core";

import { webDir } from "./paths";

const chromiumPath = process.env.TAVOLO_CHROMIUM ?? "/usr/bin/chromium";

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(chromiumPath))
    throw new Error(`Chromium not found at ${chromiumPath}: run bash deploy/setup.sh (Debian's chromium package)`);
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    // No sandbox as root; no GPU here; no calls home (refused by this machine's network, many at a time).
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  after(() => browser.close());
  return browser;
}

const problems = new WeakMap<Page, string[]>();

// A page in a context of its own (its own cookies and storage). The locale defaults to en-US so the
// player client's language does not depend on the machine.
export async function newPage(
  browser: Browser,
  opts: { viewport?: { width: number; height: number }; locale?: string } = {},
): Promise<Page> {
  const context = await browser.newContext({
    viewport: opts.viewport ?? { width: 1280, height: 800 },
    locale: opts.locale ?? "en-US",
  });
  // A CSP violation as a console error, with the directive and what it blocked.
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) =>
      console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || "(inline)"}`),
    );
  });
  const page = await context.newPage();
  const seen: string[] = [];
  problems.set(page, seen);
  page.on("console", (m) => {
    if (m.type() === "error") seen.push(`console: ${m.text()} (${m.location().url || "page"})`);
  });
  page.on("pageerror", (e) => seen.push(`exception: ${e.message}`));
  page.on("requestfailed", (r) => seen.push(`request failed: ${r.url()} (${r.failure()?.errorText ?? "?"})`));
  return page;
}

// What went wrong in the page so far (empty when nothing did).
export function problemsOf(page: Page): string[] {
  return [...(problems.get(page) ?? [])];
}

// web/test-results/<name>.png (git-ignored), its folder made.
export function screenshotPath(name: string): string {
  const dir = join(webDir(), "test-results");
  mkdirSync(dir, { recursive: true });
  return join(dir, `${name}.png`);
}
