import { describe, expect, inject, it } from 'vitest';
import { VIEWPORTS } from './support/browser';
import { pagesForFile } from './support/pages';

/**
 * A video's picture that cannot be loaded (removed from YouTube, or no network) shows the stock picture, never the
 * alt text in an empty box: also a picture that failed while the page was the server's HTML, before React listened
 * for its error. Real Chromium against `npm start`, with every request off the site refused, as offline.
 */
const baseUrl = inject('e2eBaseUrl');
const newPage = pagesForFile({ baseUrl, name: 'video-thumbnails' });

/**
 * Every video picture on the page: what it shows, and whether it is broken (done loading, no pixels: the alt text
 * in an empty box). A lazy one far from the viewport has not been asked for yet, and is neither.
 */
const pictures = (page: import('playwright-core').Page) =>
  page
    .locator('img[alt^="Bild ur videon"]')
    .evaluateAll((images) =>
      (images as HTMLImageElement[]).map((image) => ({ src: image.currentSrc || image.src, broken: image.complete && image.naturalWidth === 0 })),
    );

/** The stock picture is the site's own (a file, or inlined as data:); a YouTube thumbnail is off the site. */
const offSite = (src: string, site: string) => /^https?:/.test(src) && new URL(src).origin !== site;

describe('video pictures that cannot be loaded', () => {
  for (const path of ['/video-archive', '/search?q=waterloo']) {
    it(`${path}: none is left broken: the first, failed before hydration, shows the stock picture`, async () => {
      const page = await newPage(VIEWPORTS.desktop);
      const site = new URL(baseUrl).origin;
      await page.route(
        (url) => url.origin !== site,
        (route) => route.abort('internetdisconnected'),
      );
      await page.goto(path);
      await expect.poll(async () => (await pictures(page)).length).toBeGreaterThan(0);
      // Lazy pictures load once near the viewport.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      // The first (loaded eagerly with the server's HTML, so it failed before hydration) turns into the stock picture.
      await expect.poll(async () => offSite((await pictures(page))[0]!.src, site)).toBe(false);
      await expect.poll(async () => (await pictures(page)).filter((picture) => picture.broken)).toEqual([]);
    });
  }
});
