import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { VIEWPORTS } from './support/browser';
import { pagesForFile, signInAsAdmin } from './support/pages';

/**
 * Optimistic concurrency in the browser (docs/event-sourcing.md, "Edits across requests"): two admin tabs open the
 * same year's edit page; the first saves; the second's save is refused and shows the newer version beside its
 * own typed values, which are still in the form; it then saves its version over the newer one. And an admin form
 * with an empty required field sends nothing and names the field as the form labels it. Edits 1995, a year no
 * other e2e file reads, and puts it back.
 */
const baseUrl = inject('e2eBaseUrl');
const YEAR = 1995;
const newPage = pagesForFile({ baseUrl, name: 'conflict' });

const adminTab = () => newPage(VIEWPORTS.desktop, signInAsAdmin);

const textbox = (scope: Page | Locator, name: string) => scope.getByRole('textbox', { name, exact: true });
type YearBody = { id: string; winner: string; host: string };
const yearOf = async (page: Page) => (await (await page.request.get(`/api/years/by-year/${YEAR}`)).json()) as YearBody;

describe('admin: edit conflicts (desktop)', () => {
  it('shows the second tab the newer version beside its unsaved values, and saves its version over it', { timeout: 90_000 }, async () => {
    const first = await adminTab();
    const second = await adminTab();
    const original = await yearOf(first);
    const path = `/admin/edit-year/${original.id}`;
    try {
      for (const page of [first, second]) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1, name: 'Redigera år' }).waitFor();
      }

      // The first tab saves a new winner.
      await textbox(first, 'Vinnare').fill('Vinnare från flik ett');
      await first.getByRole('button', { name: 'Spara ändringar' }).click();
      await first.waitForURL(`**/year/${YEAR}`);

      // The second tab, opened before that save, changes the host and saves: refused, nothing typed is lost.
      await textbox(second, 'Programledare').fill('Programledare från flik två');
      await second.getByRole('button', { name: 'Spara ändringar' }).click();
      const conflict = second.getByRole('alert', { name: 'Krock med en nyare version' });
      await conflict.waitFor();
      await expect.poll(() => conflict.textContent()).toContain('Någon annan har ändrat året sedan du öppnade det');
      const differences = conflict.getByRole('table', { name: 'Skillnader mot den nya versionen' });
      const winnerRow = differences.getByRole('row').filter({ hasText: 'Vinnare' });
      expect(await winnerRow.getByRole('cell').allTextContents()).toEqual(['Vinnare', original.winner, 'Vinnare från flik ett']);
      const hostRow = differences.getByRole('row').filter({ hasText: 'Programledare' });
      expect(await hostRow.getByRole('cell').allTextContents()).toEqual(['Programledare', 'Programledare från flik två', original.host || '—']);
      expect(await textbox(second, 'Programledare').inputValue()).toBe('Programledare från flik två');
      expect(second.url()).toContain(path);
      expect((await yearOf(second)).host).toBe(original.host);

      // Resolved: the second tab saves its own version over the newer one (sent with the newer ETag).
      await conflict.getByRole('button', { name: 'Spara min version ändå' }).click();
      await second.waitForURL(`**/year/${YEAR}`);
      const saved = await yearOf(second);
      expect(saved.host).toBe('Programledare från flik två');
      expect(saved.winner).toBe(original.winner);
    } finally {
      const put = await first.request.put(`/api/years/${original.id}`, { data: { winner: original.winner, host: original.host } });
      expect(put.status(), await put.text()).toBe(200);
    }
  });

  it('refuses an admin form with an empty required field before sending, naming the field as labelled', { timeout: 60_000 }, async () => {
    const page = await adminTab();
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/articles') posts.push(request.url());
    });
    await page.goto('/admin?tab=artiklar');
    const form = page.getByRole('form', { name: 'Lägg till artikel' });
    await form.waitFor();
    await textbox(form, 'Titel').fill('En artikel utan ingress');
    await textbox(form, 'Innehåll (markdown)').fill('Text.');
    await form.getByRole('button', { name: 'Skapa artikel' }).click();
    await page
      .getByText(/Ingress: /)
      .first()
      .waitFor();
    expect(await page.getByText(/excerpt/).count()).toBe(0);
    expect(await textbox(form, 'Ingress').getAttribute('aria-invalid')).toBe('true');
    expect(posts).toEqual([]);
  });
});
