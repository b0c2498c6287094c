import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { VIEWPORTS, screenshot } from './support/browser';
import { pagesForFile, signInAsAdmin } from './support/pages';

/**
 * Issue 18's event browser in real Chromium at 390 px: the administrator filters the log by a year's stream, opens
 * it, steps through its events and sees the year's state and the diff after each; the page never scrolls sideways.
 */
const baseUrl = inject('e2eBaseUrl');
const viewport = VIEWPORTS.mobile;
const newPage = pagesForFile({ baseUrl, name: 'event-browser' });

async function freeYear(page: Page): Promise<number> {
  const years = (await (await page.request.get('/api/years')).json()) as { year: number }[];
  const taken = new Set(years.map((year) => year.year));
  for (let year = 1958; year <= new Date().getFullYear() + 1; year += 1) if (!taken.has(year)) return year;
  throw new Error('every year is taken');
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('event browser (mobile)', () => {
  it('filters the log by a stream, opens it and steps through its events with state and diff', { timeout: 60_000 }, async () => {
    const page = await newPage(viewport, signInAsAdmin);
    // A year of its own with three events (created, edited, deleted), so the archive is as it was afterwards.
    const year = await freeYear(page);
    const created = await page.request.post('/api/years', {
      data: {
        year,
        winner: 'E2E Händelse',
        song: 'Första låten',
        venue: 'Konserthuset',
        city: 'Göteborg',
        host: 'Första värden',
        date: '9 februari 1974',
        description: 'Ett år för händelsebläddraren.',
        facts: ['Ett faktum'],
        controversies: [],
        sources: ['Testkälla'],
        isClassic: false,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect((await page.request.put(`/api/years/${id}`, { data: { host: 'Andra värden' } })).status()).toBe(200);
    expect((await page.request.delete(`/api/years/${id}`)).status()).toBe(200);
    const stream = `year-${id}`;

    await page.goto('/admin?tab=handelser');
    const filters = page.getByRole('form', { name: 'Filtrera händelserna' });
    await filters.waitFor();
    await filters.getByRole('textbox', { name: 'Ström' }).fill(stream);
    await filters.getByRole('button', { name: 'Filtrera' }).click();
    const rows = page.getByRole('list', { name: 'Händelser' }).getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.allInnerTexts()).toEqual([
      expect.stringContaining('YearDeleted'),
      expect.stringContaining('YearUpdated'),
      expect.stringContaining('YearCreated'),
    ]);
    expect(page.url()).toContain(`stream=${encodeURIComponent(stream)}`);
    expect(await noSidewaysScroll(page)).toBe(true);

    // Open at the first event: the year as created, every field new.
    await rows.nth(2).getByRole('button', { name: 'Öppna strömmen' }).click();
    await page.getByRole('heading', { level: 2, name: stream }).waitFor();
    const step = page.getByTestId('stream-step');
    expect(await step.innerText()).toBe('Händelse 1 av 3');
    const state = page.getByRole('region', { name: 'Tillstånd efter händelsen' });
    const changes = page.getByRole('region', { name: 'Ändringar' });
    expect(await state.innerText()).toContain('Första värden');
    expect(await changes.innerText()).toContain('E2E Händelse');
    await screenshot(page, viewport, 'event-browser-stream');

    // Next: the edit, with its diff (the old host struck out, the new one inserted) and the state after it.
    await page.getByRole('button', { name: 'Nästa' }).click();
    await expect.poll(() => step.innerText()).toBe('Händelse 2 av 3');
    expect(await changes.locator('del').allInnerTexts()).toEqual([expect.stringContaining('Första värden')]);
    expect(await changes.locator('ins').allInnerTexts()).toEqual([expect.stringContaining('Andra värden')]);
    expect(await state.innerText()).toContain('Andra värden');
    expect(await state.innerText()).toContain('E2E Händelse');

    // Last: the deletion keeps the last state, marked deleted; 'Nästa' ends there, 'Föregående' goes back.
    await page.getByRole('button', { name: 'Nästa' }).click();
    await expect.poll(() => step.innerText()).toBe('Händelse 3 av 3');
    expect(await changes.innerText()).toContain('Dokumentet raderades.');
    expect(await page.getByRole('button', { name: 'Nästa' }).isDisabled()).toBe(true);
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.getByRole('button', { name: 'Föregående' }).click();
    await expect.poll(() => step.innerText()).toBe('Händelse 2 av 3');

    // Back to the list: the filter is still applied.
    await page.getByRole('button', { name: 'Tillbaka till händelserna' }).click();
    await expect.poll(() => rows.count()).toBe(3);
  });
});
