import { readFileSync } from 'node:fs';
import type { Locator, Page, Request } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { headMeta, screenshot, shown, type Viewport } from './browser';
import { pagesForFile } from './pages';

/**
 * The years the archive import brings. The browse flow opens one of these, never a year that only exists for a while:
 * the admin e2e file creates and deletes a free year (next year, say) on the same server at the same time.
 */
const seededYears: number[] = (
  JSON.parse(readFileSync(new URL('../../backend/src/archive-import/data/years.json', import.meta.url), 'utf8')) as { year: number }[]
).map((entry) => entry.year);
const seededYearLinks = seededYears.map((year) => `a[href="/year/${year}"]`).join(', ');

const hrefOf = async (link: Locator) => (await link.getAttribute('href')) ?? '';

/** On a phone the navigation sits behind the menu button (spec: collapsible menu). */
async function openMenuOnMobile(page: Page, viewport: Viewport) {
  if (!viewport.mobile) return;
  const toggle = page.getByRole('banner').getByRole('button', { name: /meny/i });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

/** The user flows of the spec, run once per viewport by the desktop and mobile e2e files. */
export function userFlows(viewport: Viewport) {
  const baseUrl = inject('e2eBaseUrl');
  // A fresh page (own context) per test; the file's browser, failure screenshots and page errors: pages.ts.
  const newPage = pagesForFile({ baseUrl, name: viewport.name });
  let page: Page;
  beforeEach(async () => {
    page = await newPage(viewport);
  });

  describe(`${viewport.name} (${viewport.width}×${viewport.height})`, () => {
    it('browses home → a year → back, with each page’s meta in the head', async () => {
      await page.goto('/');
      const firstYear = await shown(page.getByRole('main').locator(seededYearLinks));
      const home = await headMeta(page);
      expect(home.title).toMatch(/ \| Melloarkivet$/);
      expect(home.titles).toBe(1);
      expect(home.descriptions).toBe(1);
      expect(home.canonicals).toEqual([`${baseUrl}/`]);
      expect(home.jsonLd.map((item) => item['@type'])).toEqual(['WebSite']);
      await screenshot(page, viewport, 'home');

      const href = await hrefOf(firstYear);
      const yearNumber = /^\/year\/(\d{4})$/.exec(href)?.[1];
      expect(yearNumber, href).toBeDefined();
      await firstYear.click();
      await page.waitForURL(`**/year/${yearNumber}`);
      await shown(page.getByRole('heading', { name: `Om ${yearNumber}` }));
      await shown(page.getByText('Snabbfakta'));
      await expect.poll(async () => (await headMeta(page)).title).toContain(`Melodifestivalen ${yearNumber}`);
      const year = await headMeta(page);
      expect([year.titles, year.descriptions]).toEqual([1, 1]);
      expect(year.canonicals).toEqual([`${baseUrl}/year/${yearNumber}`]);
      expect(year.jsonLd).toHaveLength(1);
      expect(year.jsonLd[0]).toMatchObject({ '@type': 'MusicEvent', name: `Melodifestivalen ${yearNumber}` });

      await page.goBack();
      await page.waitForURL(`${baseUrl}/`);
      await shown(page.getByRole('main').locator(`a[href="${href}"]`));
      await expect.poll(async () => (await headMeta(page)).title).toBe(home.title);
      expect((await headMeta(page)).jsonLd.map((item) => item['@type'])).toEqual(['WebSite']);
    });

    it('filters the home year grid by decade', async () => {
      await page.goto('/');
      const decade = await shown(page.getByRole('main').getByRole('button', { name: '1970s', exact: true }));
      await decade.click();
      // The grid is the block that holds the decade filter; the timeline elsewhere has its own year links.
      const grid = page
        .getByRole('main')
        .locator('section', { has: page.getByRole('button', { name: '1970s', exact: true }) })
        .last();
      await expect
        .poll(
          async () => {
            const hrefs = await grid.locator('a[href^="/year/"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
            return hrefs.length > 0 && hrefs.every((link) => /^\/year\/197\d$/.test(link ?? ''));
          },
          { timeout: 10_000 },
        )
        .toBe(true);
      await grid.getByRole('button', { name: 'Alla', exact: true }).click();
      await expect
        .poll(
          async () =>
            (await grid.locator('a[href^="/year/"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')))).some(
              (link) => !/197\d$/.test(link ?? ''),
            ),
          { timeout: 10_000 },
        )
        .toBe(true);
    });

    it('searches from the search block and opens a hit', async () => {
      await page.goto('/');
      const box = await shown(page.getByRole('main').getByPlaceholder(/Loreen|Euphoria|2012/));
      await box.fill('  Waterloo  ');
      await box.press('Enter');
      await page.waitForURL(/\/search\?q=Waterloo$/);
      // A year hit shows 'winner - song' and links from its year.
      await shown(page.getByRole('heading', { name: /^År/ }));
      await shown(page.getByRole('main').getByText('ABBA - Waterloo'));
      // Every section shows its count, 0 included; the entry hit opens the entry in its year's lineup.
      for (const section of ['Bidrag', 'Artister', 'Låtskrivare', 'Artiklar', 'Videos', 'Forum']) {
        await shown(page.getByRole('heading', { name: new RegExp(`^${section} \\(\\d+\\)$`) }));
      }
      await shown(page.getByRole('main').locator('a[href^="/year/1974#entry-"]'));
      await page.getByRole('main').getByRole('link', { name: '1974', exact: true }).first().click();
      await page.waitForURL('**/year/1974');
      await shown(page.getByRole('heading', { name: 'Om 1974' }));
      expect(await page.getByRole('main').textContent()).toContain('Waterloo');
      await screenshot(page, viewport, 'year');
    });

    it('opens an article from the article list', async () => {
      await page.goto('/blog');
      const link = await shown(page.getByRole('main').locator('a[href^="/article/"]'));
      const href = await hrefOf(link);
      await link.click();
      await page.waitForURL(`**${href}`);
      // 'Fler artiklar' exists only on the article page: after it, the h1 is the article's, not the list's.
      await shown(page.getByRole('link', { name: 'Fler artiklar' }));
      const heading = await shown(page.getByRole('main').getByRole('heading', { level: 1 }));
      const title = (await heading.textContent())?.trim() ?? '';
      expect(title.length).toBeGreaterThan(0);
      // The client sets the meta in an effect right after the page renders.
      await expect.poll(async () => (await headMeta(page)).title).toBe(`${title} | Melloarkivet`);
      const meta = await headMeta(page);
      expect(meta.ogTitles).toEqual([meta.title]);
      expect(meta.canonicals).toEqual([`${baseUrl}${href}`]);
      expect(meta.jsonLd[0]).toMatchObject({ '@type': 'Article', headline: title });
      await screenshot(page, viewport, 'article');
    });

    it('shows Page Not Found (HTTP 404) for an unknown path', async () => {
      const response = await page.goto('/finns-inte-alls');
      expect(response?.status()).toBe(404);
      await shown(page.getByText('Page Not Found'));
      const meta = await headMeta(page);
      expect(meta.titles).toBe(1);
    });

    it('home’s Kontakta Oss tells a visitor to sign in, and sends them to sign in on the way to /about', async () => {
      await page.goto('/');
      await (await shown(page.getByRole('button', { name: 'Kontakta Oss' }))).click();
      await shown(page.getByText('Du måste logga in för att kontakta oss. Dirigerar till inloggning...'));
      // Where the click was headed, not back to the home page.
      await page.waitForURL(/\/login\?returnTo=%2Fabout$/);
    });

    it('signs up and signs out', async () => {
      const email = `e2e-${viewport.name}-${Date.now()}@example.se`;
      await page.goto('/about');
      await openMenuOnMobile(page, viewport);
      await (await shown(page.getByRole('banner').getByRole('link', { name: 'Logga in' }))).click();
      await page.waitForURL(/\/login\?returnTo=%2Fabout$/);
      await (await shown(page.getByRole('tab', { name: 'Skapa konto' }))).click();
      const form = await shown(page.getByRole('tabpanel', { name: 'Skapa konto' }));
      // An empty form is checked with the contract's schema before sending: Swedish messages under each field, nothing sent.
      const posted: string[] = [];
      const onRequest = (request: Request) => void (request.method() === 'POST' && posted.push(request.url()));
      page.on('request', onRequest);
      await form.getByRole('button', { name: 'Skapa konto' }).click();
      await shown(form.getByText('Ogiltig e-postadress'));
      await shown(form.getByText('Lösenordet måste vara minst 8 tecken'));
      await shown(form.getByText('Visningsnamnet måste vara minst 2 tecken'));
      page.off('request', onRequest);
      expect(posted).toEqual([]);
      await form.getByLabel(/e-post/i).fill(email);
      await form.getByLabel(/^lösenord/i).fill('e2e-password-1');
      await form.getByLabel(/visningsnamn/i).fill(`Ester ${viewport.name} ${Date.now()}`);
      await form.getByLabel(/förnamn/i).fill('Ester');
      await form.getByLabel(/efternamn/i).fill('Testare');
      await form.getByRole('button', { name: 'Skapa konto' }).click();
      await page.waitForURL('**/about');

      await openMenuOnMobile(page, viewport);
      const header = page.getByRole('banner');
      await shown(header.getByText('Ester Testare'));
      if (viewport.mobile) await shown(header.getByText('Inloggad'));
      expect(await header.getByRole('link', { name: 'Logga in' }).count()).toBe(0);
      await header.getByRole('link', { name: 'Logga ut' }).click();
      await page.waitForURL(`${baseUrl}/`);
      await openMenuOnMobile(page, viewport);
      await shown(header.getByRole('link', { name: 'Logga in' }));
      expect(await header.getByText('Ester Testare').filter({ visible: true }).count()).toBe(0);
    });
  });
}
