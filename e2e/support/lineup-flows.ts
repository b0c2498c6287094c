import type { Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { headMeta, screenshot, shown, type Viewport } from './browser';
import { pagesForFile } from './pages';

/** The lead-in of the data's English free text (frontend DataNote.tsx): the words a reader sees, checked as such. */
const DATA_NOTE_LEAD = 'Ur källmaterialets anteckningar (på engelska):';

/** The year page's lineup section ('Startfält {year}'), once its entries are there. */
async function lineupOf(page: Page, year: number): Promise<Locator> {
  const section = page.getByRole('region', { name: `Startfält ${year}` });
  await shown(section.locator('[data-entry]'));
  return section;
}

/** An entry's row (desktop) or card (phone) in a show, by its song. */
const entryIn = (scope: Locator, song: string) => scope.locator('[data-entry]', { hasText: song });

/** Opens an entry's 'Källor' and hands back the popover. */
async function openSources(scope: Locator, artist: string, song: string): Promise<Locator> {
  await (await shown(scope.getByRole('button', { name: `Källor för ${artist} – ${song}` }))).click();
  return shown(scope.page().getByRole('dialog'));
}

/** The lineup screens against the real archive import (data/lineups.json), once per viewport. */
export function lineupFlows(viewport: Viewport) {
  const baseUrl = inject('e2eBaseUrl');
  // A fresh page (own context) per test; the file's browser, failure screenshots and page errors: pages.ts.
  const newPage = pagesForFile({ baseUrl, name: viewport.name });
  let page: Page;
  beforeEach(async () => {
    page = await newPage(viewport);
  });

  describe(`lineups, ${viewport.name} (${viewport.width}×${viewport.height})`, () => {
    it('2012: four heats, Andra chansen and the final, with Loreen’s Euphoria as the winner; no sideways scroll', async () => {
      await page.goto('/year/2012');
      const lineup = await lineupOf(page, 2012);
      const shows = await lineup.getByRole('heading', { level: 3 }).allTextContents();
      expect(shows).toEqual(['Deltävling 1', 'Deltävling 2', 'Deltävling 3', 'Deltävling 4', 'Andra chansen', 'Final']);
      const final = lineup.getByRole('region', { name: 'Final' });
      const winner = final.locator('[data-result="winner"]');
      expect(await winner.count()).toBe(1);
      const winnerText = (await winner.textContent()) ?? '';
      for (const part of ['Loreen', 'Euphoria', 'Vinnare']) expect(winnerText).toContain(part);
      // The artist and songwriter names are links to their pages.
      expect(await winner.getByRole('link', { name: 'Loreen' }).getAttribute('href')).toBe('/artist/loreen');
      expect(await winner.getByRole('link', { name: 'Thomas G:son' }).getAttribute('href')).toBe('/songwriter/thomas-g-son');
      // The page says its lineup is incomplete and lists what is missing.
      await shown(lineup.getByText('Startfältet är ofullständigt'));
      await winner.scrollIntoViewIfNeeded();
      await screenshot(page, viewport, 'lineup-2012-final');
      const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
      expect(widths.scroll, 'the page must not scroll sideways').toBeLessThanOrEqual(widths.inner);
    });

    it('1963: a list of songwriters breaks after its commas, never before one', async () => {
      await page.goto('/year/1963');
      const lineup = await lineupOf(page, 1963);
      // Every ', ' between two names: on the line where the name before it ends (a link laid out as a box of its own
      // let the comma wrap to the start of the next line).
      const strays = await lineup.evaluate((section) => {
        const found: string[] = [];
        const walker = document.createTreeWalker(section, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const before = node.previousSibling;
          if (node.textContent !== ', ' || !(before instanceof Element)) continue;
          const comma = document.createRange();
          comma.setStart(node, 0);
          comma.setEnd(node, 1);
          const nameEnds = Array.from(before.getClientRects()).at(-1);
          const commaAt = comma.getClientRects()[0];
          if (nameEnds && commaAt && Math.abs(commaAt.top - nameEnds.top) > 2) found.push(`${before.textContent}|, ${node.nextSibling?.textContent}`);
        }
        return found;
      });
      expect(strays).toEqual([]);
    });

    it('1974: an entry’s Media shows its video, one without offers a hunt; each entry is an anchor for /year/1974#entry-…', async () => {
      await page.goto('/year/1974');
      const lineup = await lineupOf(page, 1974);
      const winner = await shown(lineup.locator('[data-result="winner"]'));
      const winnerId = await winner.getAttribute('data-entry');
      expect(await winner.getAttribute('id')).toBe(`entry-${winnerId}`);
      await winner.getByRole('button', { name: /^Media: video och efterlysningar för ABBA/ }).click();
      const video = page.getByRole('link', { name: /Se video/ }).first();
      await video.waitFor();
      expect(await video.getAttribute('href')).toMatch(/^https:\/\//);
      await page.keyboard.press('Escape');
      const other = await shown(lineup.locator('[data-entry]:not([data-result="winner"])'));
      const otherId = await other.getAttribute('data-entry');
      await other.getByRole('button', { name: /^Media: video och efterlysningar för/ }).click();
      const hunt = page.getByRole('link', { name: /Saknas video\? Starta en efterlysning/ });
      await hunt.waitFor();
      expect(await hunt.getAttribute('href')).toBe(`/forum?ny=efterlysning&bidrag=${otherId}`);
    });

    it('1974: one table for the single final, ABBA’s Waterloo the winner', async () => {
      await page.goto('/year/1974');
      const lineup = await lineupOf(page, 1974);
      expect(await lineup.getByRole('heading', { level: 3 }).count()).toBe(0);
      const final = lineup.getByLabel('Finalen 1974');
      expect(await final.count()).toBe(1);
      expect(await final.locator('[data-entry]').count()).toBe(10);
      const winnerText = (await final.locator('[data-result="winner"]').textContent()) ?? '';
      for (const part of ['ABBA', 'Waterloo', 'Vinnare']) expect(winnerText).toContain(part);
      await screenshot(page, viewport, 'lineup-1974');
    });

    it('1974: hydration keeps the server’s entries for this screen and drops the other layout, never rendering them anew', async () => {
      // Every entry element the parser made (both layouts, before any script of the page runs) is marked; a layout
      // React mounted again after the screen's answer would hold unmarked copies (a long task on a slow phone).
      await page.addInitScript(() => {
        document.addEventListener('readystatechange', () => {
          if (document.readyState !== 'interactive') return;
          document.querySelectorAll('[data-entry]').forEach((element) => element.setAttribute('data-parsed', ''));
        });
      });
      await page.goto('/year/1974');
      const lineup = await lineupOf(page, 1974);
      const entries = lineup.locator('[data-entry]');
      expect(await entries.count(), 'one layout, ten entries').toBe(10);
      expect(await lineup.locator('[data-entry]:not([data-parsed])').count(), 'entries rendered anew').toBe(0);
      const shownLayout = viewport.mobile ? 'li' : 'tr';
      expect(await entries.evaluateAll((elements) => elements.map((element) => element.tagName.toLowerCase()))).toEqual(Array(10).fill(shownLayout));
    });

    it('an unknown value shows “–” with “uppgift saknas” for screen readers and on hover, never 0', async () => {
      await page.goto('/year/1983');
      const lineup = await lineupOf(page, 1983);
      // Kerstin Dahlberg's final place was not published (only the top places were ranked).
      const entry = entryIn(lineup, 'Här är min sång till dig');
      const unknown = entry.locator('[data-unknown]').first();
      expect(await unknown.getAttribute('title')).toBe('uppgift saknas');
      expect(await unknown.locator('[aria-hidden="true"]').textContent()).toBe('–');
      // The accessible text: visually hidden, but what a screen reader reads.
      expect(await unknown.textContent()).toContain('uppgift saknas');
      await expect.poll(() => unknown.evaluate((element) => element.getBoundingClientRect().width > 0)).toBe(true);
    });

    it('a disputed value opens, from the keyboard, every value with its sources', async () => {
      await page.goto('/year/2012');
      const lineup = await lineupOf(page, 2012);
      const munther = entryIn(lineup.getByRole('region', { name: 'Final' }), 'Soldiers');
      const marker = munther.getByRole('button', { name: /^Omstridd uppgift: Placering i finalen/ });
      await marker.focus();
      await page.keyboard.press('Enter');
      const dispute = await shown(page.getByRole('dialog'));
      const text = (await dispute.textContent()) ?? '';
      expect(text).toContain('Källorna är oeniga: Placering i finalen');
      expect(text).toContain('3=');
      expect(text).toMatch(/deliciosa/);
      await screenshot(page, viewport, 'lineup-dispute');
      await page.keyboard.press('Escape');
      await dispute.waitFor({ state: 'hidden' });

      // Every entry shows its sources on demand.
      await munther.getByRole('button', { name: 'Källor för Ulrik Munther – Soldiers' }).click();
      const sources = await shown(page.getByRole('dialog'));
      expect(await sources.textContent()).toMatch(/Källor.*Bekräftad av/);
    });

    it('2010: a heat result the sources disagree on is marked beside the result, and opens both values', async () => {
      await page.goto('/year/2010');
      const lineup = await lineupOf(page, 2010);
      const johnson = entryIn(lineup.getByRole('region', { name: 'Deltävling 2' }), 'We Can Work It Out');
      await (await shown(johnson.getByRole('button', { name: /^Omstridd uppgift: Resultat i deltävlingen/ }))).click();
      const dispute = await shown(page.getByRole('dialog'));
      expect(await dispute.textContent()).toContain('Källorna är oeniga: Resultat i deltävlingen');
    });

    it('2012: the data’s English words (format, gaps, an entry’s and a dispute’s notes) are marked as such, with a Swedish lead-in', async () => {
      await page.goto('/year/2012');
      const lineup = await lineupOf(page, 2012);
      const format = lineup.locator('[data-format]');
      expect(await format.textContent()).toMatch(/^Ur källmaterialets anteckningar \(på engelska\): 4 heats of 8/);
      expect(await format.locator('[lang="en"]').textContent()).toMatch(/^4 heats of 8 \(televote/);
      const gap = await shown(lineup.locator('li [lang="en"]', { hasText: '2012: final jury/televote split confirmed' }));
      expect(await gap.evaluate((element) => element.closest('ul')?.previousElementSibling?.textContent)).toBe(DATA_NOTE_LEAD);

      const sources = await openSources(lineup, 'Ulrik Munther', 'Soldiers');
      const notes = sources.locator('[lang="en"]', { hasText: /^DISAGREEMENT: deliciosa/ });
      expect(await notes.evaluate((element) => element.previousElementSibling?.textContent)).toBe(DATA_NOTE_LEAD);
      const disputeNote = sources.locator('[lang="en"]', { hasText: /^both 88 pts; sv\.wikipedia breaks the tie/ });
      expect(await disputeNote.evaluate((element) => element.parentElement?.textContent)).toMatch(
        /^Ur källmaterialets anteckningar \(på engelska\): both 88 pts/,
      );
    });

    it('2012: an entry’s Källor lists the fields that rest on one source only, by their Swedish names', async () => {
      await page.goto('/year/2012');
      const sources = await openSources(await lineupOf(page, 2012), 'Ulrik Munther', 'Soldiers');
      const single = await shown(sources.locator('[data-single-source]'));
      expect(await single.textContent()).toMatch(/^Vilar på en enda källa/);
      const lines = single.getByRole('listitem');
      expect(await lines.allTextContents()).toEqual(['Jurypoäng / Tittarpoäng – split (totals confirmed by nat12f/ef12f; split from del12 only)']);
      // The data's words about the fields stay English, marked as such.
      expect(await lines.locator('[lang="en"]').textContent()).toBe('split (totals confirmed by nat12f/ef12f; split from del12 only)');
      await single.scrollIntoViewIfNeeded();
      await screenshot(page, viewport, 'lineup-sources');
    });

    it('a source in an entry’s Källor links to its entry on /kallor, which the page goes to once its list is there', async () => {
      await page.goto('/year/2012');
      const sources = await openSources(await lineupOf(page, 2012), 'Ulrik Munther', 'Soldiers');
      // A source with a record reads as its description; the keys in a dispute's own words ('nat12f, ef12f') each
      // link on their own.
      const deliciosa = sources
        .getByRole('list')
        .first()
        .getByRole('link', { name: /^GitHub LCHansson\/deliciosa/ });
      expect(await deliciosa.getAttribute('href')).toBe('/kallor#del12');
      const natfinals = sources.getByRole('link', { name: 'nat12f', exact: true });
      expect(await natfinals.getAttribute('href')).toBe('/kallor#nat12f');
      expect(await sources.getByRole('link', { name: 'ef12f', exact: true }).getAttribute('href')).toBe('/kallor#ef12f');
      await natfinals.click();
      await page.waitForURL('**/kallor#nat12f');
      // Far down the list (the 446th of 583 keys), so in view only if the page went there.
      const entry = await shown(page.locator('[id="nat12f"]'));
      expect(await entry.textContent()).toBe('nat12f');
      expect(await entry.evaluate((element) => element.nextElementSibling?.textContent)).toMatch(/^natfinals\.50webs\.com/);
      await expect
        .poll(() =>
          entry.evaluate((element) => {
            const { top, bottom } = element.getBoundingClientRect();
            return top >= 0 && bottom <= window.innerHeight;
          }),
        )
        .toBe(true);
    });

    it('an artist with entries in several decades lists them all, with the page’s meta', async () => {
      await page.goto('/year/1983');
      const lineup = await lineupOf(page, 1983);
      await (await shown(lineup.getByRole('link', { name: 'Carola Häggkvist' }))).click();
      await page.waitForURL('**/artist/carola-haggkvist');
      await shown(page.getByRole('heading', { level: 1, name: 'Carola Häggkvist', exact: true }));
      const years = await page
        .getByRole('main')
        .locator('a[href^="/year/"]')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      expect(years).toEqual(['/year/1983', '/year/1990', '/year/1991', '/year/2006']);
      await shown(page.getByText('Även känd som Carola'));
      await expect.poll(async () => (await headMeta(page)).title).toBe('Carola Häggkvist i Melodifestivalen | Melloarkivet');
      expect((await headMeta(page)).jsonLd[0]).toMatchObject({ '@type': 'MusicGroup', name: 'Carola Häggkvist' });
      await screenshot(page, viewport, 'artist-carola');
    });

    it("an artist's page lists the act's videos, each opening in a new tab", async () => {
      await page.goto('/artist/loreen');
      await shown(page.getByRole('heading', { level: 1, name: 'Loreen', exact: true }));
      const videos = page.getByRole('region', { name: 'Videor' });
      const euphoria = await shown(videos.getByRole('link', { name: '2012 · Euphoria (öppnas i en ny flik)' }));
      expect(await euphoria.getAttribute('href')).toBe('https://www.youtube.com/watch?v=Pfo-8z86x80');
      expect(await euphoria.getAttribute('target')).toBe('_blank');
      await shown(videos.getByRole('link', { name: '2023 · Tattoo (öppnas i en ny flik)' }));
      expect(await videos.getByRole('link').count()).toBe(2);
    });

    it('an unknown artist is the not-found view, HTTP 404 from the server', async () => {
      const response = await page.goto('/artist/okand-artist');
      expect(response?.status()).toBe(404);
      await shown(page.getByRole('heading', { level: 1, name: 'Artisten hittades inte' }));
    });

    it('/years links the statistics, which count every entry', async () => {
      await page.goto('/years');
      await (await shown(page.getByRole('main').getByRole('link', { name: /Statistik/ }))).click();
      await page.waitForURL('**/statistik');
      const counts = await shown(page.locator('dl[aria-label="Arkivet i siffror"]'));
      expect((await counts.textContent())?.replace(/\s/g, ' ')).toMatch(/bidrag ?1 099/);
      await shown(page.getByRole('link', { name: 'Linda Bengtzing' }));
      await screenshot(page, viewport, 'statistics');
    });
  });
}
