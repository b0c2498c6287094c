import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { VIEWPORTS } from './support/browser';
import { pagesForFile, signInAsAdmin, signInAsNewMember } from './support/pages';

/**
 * Issue 18's Drift tab in real Chromium, against the `npm start` server (the imported archive is its log): an
 * admin rebuilds every read model from the tab and watches the bar reach 100 %, while a second admin page, open on
 * the tab before the rebuild started, sees the same run live (Socket.IO), without a reload; on a phone's width. A
 * member opening the tab sees 'Åtkomst nekad'.
 */
const baseUrl = inject('e2eBaseUrl');
const newPage = pagesForFile({ baseUrl, name: 'admin-drift' });

const panelOf = (page: Page) => page.getByRole('region', { name: 'Ombyggnad', exact: true });
const figuresOf = (page: Page) => panelOf(page).getByTestId('rebuild-figures');

async function openDrift(page: Page) {
  await page.goto('/admin?tab=drift');
  await page.getByRole('table', { name: 'Projektioner' }).waitFor();
}

describe('the Drift tab', () => {
  it('an admin rebuilds every read model and a second admin sees the same progress live', { timeout: 120_000 }, async () => {
    const [watcher, starter] = [await newPage(VIEWPORTS.desktop, signInAsAdmin), await newPage(VIEWPORTS.mobile, signInAsAdmin)];
    await openDrift(watcher);
    await openDrift(starter);
    const rows = starter.getByRole('table', { name: 'Projektioner' }).getByRole('row');
    expect(await rows.count()).toBeGreaterThan(5);
    await expect.poll(() => panelOf(watcher).count()).toBe(0);

    // The button says what it rebuilds, and asks first.
    await starter.getByRole('button', { name: 'Bygg om alla läsmodeller' }).click();
    const dialog = starter.getByRole('alertdialog').or(starter.getByRole('dialog'));
    await dialog.getByText('Alla läsmodeller byggs om från händelseloggen').waitFor();
    await dialog.getByRole('button', { name: 'Bygg om alla läsmodeller' }).click();

    // Both pages follow the run to its end: 100 %, every event of the log, 'Klar'.
    for (const page of [starter, watcher]) {
      await panelOf(page).waitFor();
      await panelOf(page).getByText('Klar', { exact: true }).waitFor({ timeout: 60_000 });
      await expect.poll(() => panelOf(page).getByText('100 %').count()).toBe(1);
    }
    const finalFigures = await figuresOf(starter).innerText();
    expect(finalFigures).toMatch(/^([\d\s\u00a0]+) av \1 händelser/);
    expect((await figuresOf(watcher).innerText()).split(' · ')[0]).toBe(finalFigures.split(' · ')[0]);

    // The outcome is in the list of runs, with who started it.
    const runs = watcher.getByRole('region', { name: 'Ombyggnader', exact: true });
    await expect.poll(async () => (await runs.getByRole('listitem').first().innerText()).includes('admin@e2e.melloarkivet.se')).toBe(true);
    expect(await runs.getByRole('listitem').first().innerText()).toContain('Ombyggnad av alla läsmodeller');

    // Usable at 390 px: nothing wider than the screen.
    expect(await starter.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('a member opening the tab sees Åtkomst nekad', { timeout: 60_000 }, async () => {
    const page = await newPage(VIEWPORTS.desktop, signInAsNewMember('drift-medlem', 'Medlem Drift'));
    await page.goto('/admin?tab=drift');
    await page.getByRole('heading', { name: 'Åtkomst nekad' }).waitFor();
    expect(await page.getByRole('table', { name: 'Projektioner' }).count()).toBe(0);
  });
});
