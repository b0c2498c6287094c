import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { VIEWPORTS, launchChromium, openContext, watchErrors } from './support/browser';
import { untilHydrated } from './support/pages';

/**
 * "Saknas video? Starta en efterlysning": /forum?ny=efterlysning&bidrag={entryId} opens the new-post dialog as a
 * lost-media hunt about the entry, filled in from it; the post made from it links back to the entry on its year
 * page and to the artist. And a video card links to the entry it shows. Real Chromium against `npm start`.
 */
const baseUrl = inject('e2eBaseUrl');
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchChromium();
  context = await openContext(browser, baseUrl, VIEWPORTS.desktop);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

type LineupEntry = { id: string; artist: string; song: string };

describe('a hunt for an entry (desktop)', () => {
  it('opens pre-filled from /forum?ny=efterlysning&bidrag=…, and the post links back to /year/2012#entry-…', { timeout: 60_000 }, async () => {
    const lineup = (await (await context.request.get('/api/years/by-year/2012/lineup')).json()) as { shows: Array<{ entries: LineupEntry[] }> };
    const euphoria = lineup.shows.flatMap((show) => show.entries).find((entry) => entry.artist === 'Loreen' && entry.song === 'Euphoria');
    expect(euphoria).toBeDefined();
    const entryId = euphoria!.id;

    const email = `jagare-${Date.now()}@example.se`;
    const answer = await context.request.post('/api/auth/register', { data: { email, password: 'e2e-password-1', displayName: 'Jägaren' } });
    expect(answer.status(), await answer.text()).toBe(201);
    const page = await context.newPage();
    untilHydrated(page);
    page.setDefaultTimeout(10_000);
    const errors = watchErrors(page);

    // The video archive's Euphoria card links to the entry and the artist.
    await page.goto('/video-archive');
    const entryLinks = page.getByTestId('video-entry').filter({ hasText: '2012 · Loreen – Euphoria' });
    await entryLinks.first().waitFor();
    expect(await entryLinks.first().getByRole('link', { name: '2012 · Loreen – Euphoria' }).getAttribute('href')).toBe(`/year/2012#entry-${entryId}`);

    await page.goto(`/forum?ny=efterlysning&bidrag=${entryId}`);
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('hunt-entry').getByText('2012 · Loreen – Euphoria').waitFor();
    expect(await dialog.getByTestId('hunt-entry').innerText()).toContain('Gäller: 2012 · Loreen – Euphoria');
    const title = dialog.getByLabel('Titel');
    await expect.poll(() => title.inputValue()).toBe('Saknas: Loreen – Euphoria (2012)');
    expect(await dialog.getByLabel('År (valfritt)').inputValue()).toBe('2012');
    expect(await dialog.getByLabel('Kategori', { exact: true }).inputValue()).toBe('lost-media');

    const unique = `Saknas: Loreen – Euphoria (2012) deltävlingen ${Date.now()}`;
    await title.fill(unique);
    await dialog.getByLabel('Innehåll').fill('Någon som har deltävlingen i Växjö inspelad i full längd?');
    await dialog.getByRole('button', { name: 'Skapa inlägg' }).click();
    await page.getByText('Inlägg skapat!').waitFor();
    expect(new URL(page.url()).search).toBe('');

    await page.getByRole('link', { name: unique }).click();
    await page.getByRole('heading', { level: 1, name: unique }).waitFor();
    const postEntry = page.getByTestId('post-entry');
    await postEntry.getByRole('link', { name: '2012 · Loreen – Euphoria' }).waitFor();
    expect(await postEntry.getByRole('link', { name: '2012 · Loreen – Euphoria' }).getAttribute('href')).toBe(`/year/2012#entry-${entryId}`);
    expect(await postEntry.getByRole('link', { name: 'Mer om Loreen' }).getAttribute('href')).toBe('/artist/loreen');

    // The entry lists the post as an open hunt.
    const links = (await (await context.request.get(`/api/entries/${entryId}/links`)).json()) as { hunts: Array<{ title: string }> };
    expect(links.hunts.map((hunt) => hunt.title)).toContain(unique);
    expect(errors).toEqual([]);
  });
});
