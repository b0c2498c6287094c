import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The machine has no network: without these flags Chromium keeps trying to reach Google's services. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

export type Viewport = { name: 'desktop' | 'mobile'; width: number; height: number; mobile: boolean };
export const VIEWPORTS: Record<Viewport['name'], Viewport> = {
  desktop: { name: 'desktop', width: 1280, height: 800, mobile: false },
  mobile: { name: 'mobile', width: 390, height: 844, mobile: true },
};

export const SCREENSHOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

/** A fresh browser profile (no cookies) in the viewport's size; page errors fail the flow that caused them. */
export async function openContext(browser: Browser, baseURL: string, viewport: Viewport): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: { width: viewport.width, height: viewport.height },
    isMobile: viewport.mobile,
    hasTouch: viewport.mobile,
    deviceScaleFactor: 1,
    locale: 'sv-SE',
    reducedMotion: 'reduce',
  });
}

/** Collects uncaught page errors, so a flow can assert the app did not crash on its way. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

export async function screenshot(page: Page, viewport: Viewport, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${viewport.name}-${name}.png`), fullPage: false });
}

/** The page meta in document.head as the browser has it now (after the client replaced the server's tags). */
export function headMeta(page: Page) {
  return page.evaluate(() => {
    const all = (selector: string) => Array.from(document.head.querySelectorAll(selector));
    const scripts = all('script[type="application/ld+json"]');
    return {
      title: document.title,
      titles: all('title').length,
      descriptions: all('meta[name="description"]').length,
      canonicals: all('link[rel="canonical"]').map((link) => link.getAttribute('href')),
      ogTitles: all('meta[property="og:title"]').map((meta) => meta.getAttribute('content')),
      jsonLd: scripts.map((script) => JSON.parse(script.textContent ?? 'null')),
    };
  });
}

/**
 * Waits for the first visible match (Playwright's auto-wait), then hands it back. Visible only: the layout keeps
 * both the desktop and the mobile variant of some controls in the page and hides one with CSS.
 */
export async function shown(locator: Locator): Promise<Locator> {
  const visible = locator.filter({ visible: true }).first();
  await visible.waitFor({ state: 'visible' });
  return visible;
}
