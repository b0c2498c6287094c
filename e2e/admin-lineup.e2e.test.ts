import type { APIRequestContext, Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { YearLineup } from '@mello/contracts';
import { VIEWPORTS, screenshot, type Viewport } from './support/browser';
import { pagesForFile, signInAsAdmin } from './support/pages';

/**
 * The year edit page's 'Startfält' in real Chromium: the administrator edits an entry's points (a form refusal
 * before sending, a 409 that keeps the typed values, the saved value after a reload and in the API), moves an
 * entry down and back up (the second time with the keyboard), adds an entry with a new act and deletes it. The
 * points edit shows in the admin history (filtered to entries) as the entry's newest event, 'Ändrad', with the entry's name.
 * A save refused because someone else saved the entry since the form opened (412) shows the newer version beside
 * the typed values, which stay, and saves over it when asked. It edits 1988 (a final only, every running order known), a year no other e2e file reads (they read 1970, 1974
 * and 2012), and puts back whatever it changed.
 */
const baseUrl = inject('e2eBaseUrl');
const YEAR = 1988;
const newPage = pagesForFile({ baseUrl, name: 'lineup' });

const adminPage = (viewport: Viewport) => newPage(viewport, signInAsAdmin);

async function editPath(request: APIRequestContext): Promise<string> {
  const years = (await (await request.get('/api/years')).json()) as { id: string; year: number }[];
  return `/admin/edit-year/${years.find((year) => year.year === YEAR)!.id}`;
}

const lineupOf = async (request: APIRequestContext) => (await (await request.get(`/api/years/by-year/${YEAR}/lineup`)).json()) as YearLineup;
const finalOf = async (request: APIRequestContext) => (await lineupOf(request)).shows.find((show) => show.kind === 'final')!;
const finalList = (page: Page) => page.getByRole('list', { name: 'Startordning Final' });
const rowNames = (list: Locator) => list.locator(':scope > li').evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')));
const textbox = (scope: Page | Locator, name: string) => scope.getByRole('textbox', { name, exact: true });

describe('admin: a year’s lineup (desktop)', () => {
  it('edits points, moves an entry, adds one with a new act and deletes it again', { timeout: 120_000 }, async () => {
    const page = await adminPage(VIEWPORTS.desktop);
    const countBefore = (await lineupOf(page.request)).entryCount;
    const before = await finalOf(page.request);
    const first = before.entries[0]!;
    const second = before.entries[1]!;
    const firstName = `${first.artist} – ${first.song}`;
    expect(first.juryPoints).toBeNull();
    let createdArtist: string | null = null;
    try {
      // The first visit of a run may meet a busy machine: the page's own heading is what counts, not 'load'.
      await page.goto(await editPath(page.request), { waitUntil: 'domcontentloaded', timeout: 60_000 });
      await page.getByRole('heading', { level: 2, name: 'Startfält' }).waitFor({ timeout: 60_000 });
      await expect.poll(() => rowNames(finalList(page))).toEqual(before.entries.map((entry, i) => `${i + 1}. ${entry.artist} – ${entry.song}`));
      const firstRow = finalList(page).getByRole('listitem', { name: `1. ${firstName}` });
      expect(await firstRow.getByTestId('entry-outcome').innerText()).toContain('Jury –');
      await page.getByRole('heading', { level: 2, name: 'Startfält' }).evaluate((heading) => heading.scrollIntoView({ block: 'start' }));
      await screenshot(page, VIEWPORTS.desktop, 'admin-lineup');

      // Edit: an emptied required field is refused in the form, before anything is sent.
      await firstRow.getByRole('button', { name: `Redigera ${firstName}` }).click();
      const form = page.getByRole('form', { name: `Redigera bidrag: ${firstName}` });
      const sent: string[] = [];
      // What is saved (the form's own read of the entry, GET, is not).
      page.on('request', (request) => {
        if (request.url().includes('/api/entries') && request.method() !== 'GET') sent.push(`${request.method()} ${new URL(request.url()).pathname}`);
      });
      await textbox(form, 'Låt').fill('  ');
      await textbox(form, 'Jurypoäng').fill('77');
      await form.getByRole('button', { name: 'Spara bidrag' }).click();
      // The message stands on the field, and the form's alert names the field as it is labelled (not 'song').
      const refusal = form.getByRole('alert', { name: 'Bidraget sparades inte' });
      await refusal.waitFor();
      expect(await refusal.getByRole('listitem').allInnerTexts()).toEqual(['Låt: Får inte vara tomt']);
      await form.getByText('Får inte vara tomt', { exact: true }).waitFor();
      expect(await textbox(form, 'Låt').getAttribute('aria-invalid')).toBe('true');
      expect(sent).toEqual([]);

      // A running order another entry holds: the server's 409 in Swedish, a toast, and the typed values kept.
      await textbox(form, 'Låt').fill(first.song);
      await textbox(form, 'Startnummer i finalen').fill('2');
      await form.getByRole('button', { name: 'Spara bidrag' }).click();
      const taken = `Startnummer 2 i finalen ${YEAR} har redan en annan post`;
      await form.getByRole('alert').getByText(taken).waitFor();
      await page.getByText('Kunde inte spara bidraget').waitFor();
      expect(await textbox(form, 'Jurypoäng').inputValue()).toBe('77');
      expect(await textbox(form, 'Startnummer i finalen').inputValue()).toBe('2');

      // Saved: the row, a reload and the API all have the jury points.
      await textbox(form, 'Startnummer i finalen').fill('1');
      await form.getByRole('button', { name: 'Spara bidrag' }).click();
      await page.getByText('Bidrag uppdaterat!').waitFor();
      await form.waitFor({ state: 'detached' });
      await expect.poll(() => firstRow.getByTestId('entry-outcome').innerText()).toContain('Jury 77');
      expect((await finalOf(page.request)).entries[0]).toMatchObject({ id: first.id, juryPoints: 77, finalRunningOrder: 1, song: first.song });
      await page.reload({ waitUntil: 'domcontentloaded' });
      await expect.poll(() => firstRow.getByTestId('entry-outcome').innerText()).toContain('Jury 77');

      // The admin history, filtered to entries, has the edit as the entry's newest event: 'Ändrad', 'Bidrag', the
      // entry named as '1988 · artist – song' and linked to its own history.
      await page.goto('/admin?tab=historik&kind=entry', { waitUntil: 'domcontentloaded' });
      const label = `${YEAR} · ${firstName}`;
      // The first row naming the entry is its newest event (other files' edits elsewhere may sit above it).
      const newest = page.getByRole('table', { name: 'Händelser' }).getByRole('row').filter({ hasText: label }).first();
      await newest.waitFor();
      expect(await newest.getByRole('link').innerText()).toBe(label);
      expect(await newest.getByRole('link').getAttribute('href')).toBe(`/admin/history/entry/${first.id}`);
      expect(await newest.innerText()).toMatch(/Ändrad\s*Bidrag/);
      await page.goto(await editPath(page.request), { waitUntil: 'domcontentloaded' });
      await expect.poll(() => firstRow.getByTestId('entry-outcome').innerText()).toContain('Jury 77');

      // Cleared again: the emptied field is sent as null, shown as '–'.
      await firstRow.getByRole('button', { name: `Redigera ${firstName}` }).click();
      await textbox(form, 'Jurypoäng').fill('');
      await form.getByRole('button', { name: 'Spara bidrag' }).click();
      await form.waitFor({ state: 'detached' });
      await expect.poll(() => firstRow.getByTestId('entry-outcome').innerText()).toContain('Jury –');
      expect((await finalOf(page.request)).entries[0]).toMatchObject({ id: first.id, juryPoints: null });

      // Move down with a click, back up with the keyboard.
      await firstRow.getByRole('button', { name: `Flytta ned ${firstName}` }).click();
      await expect.poll(async () => (await rowNames(finalList(page))).slice(0, 2)).toEqual([`1. ${second.artist} – ${second.song}`, `2. ${firstName}`]);
      expect((await finalOf(page.request)).entries.slice(0, 2).map((entry) => [entry.id, entry.finalRunningOrder])).toEqual([
        [second.id, 1],
        [first.id, 2],
      ]);
      const moveUp = finalList(page).getByRole('button', { name: `Flytta upp ${firstName}` });
      // The buttons stay disabled until the first move's refetches are done; a disabled button takes no focus.
      await expect.poll(() => moveUp.isEnabled()).toBe(true);
      await moveUp.focus();
      expect(await moveUp.evaluate((button) => button === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      await expect.poll(async () => (await rowNames(finalList(page))).slice(0, 2)).toEqual([`1. ${firstName}`, `2. ${second.artist} – ${second.song}`]);
      expect((await finalOf(page.request)).entries.map((entry) => entry.id)).toEqual(before.entries.map((entry) => entry.id));

      // Add an entry with a new act, created from the picker; then delete it.
      const actName = `E2E Akt ${Date.now()}`;
      const nextOrder = before.entries.length + 1;
      await page
        .getByRole('region', { name: /^Final/ })
        .getByRole('button', { name: 'Lägg till bidrag' })
        .click();
      const addForm = page.getByRole('form', { name: 'Nytt bidrag i Final' });
      expect(await textbox(addForm, 'Startnummer').inputValue()).toBe(String(nextOrder));
      // Empty required fields (no act, no song): refused before sending, each named as the form labels it.
      const sentBefore = sent.length;
      await addForm.getByRole('button', { name: 'Spara nytt bidrag' }).click();
      const addRefusal = addForm.getByRole('alert', { name: 'Bidraget sparades inte' });
      await addRefusal.waitFor();
      expect(await addRefusal.getByRole('listitem').allInnerTexts()).toEqual(['Artist: Välj en artist eller skapa en ny', 'Låt: Får inte vara tomt']);
      expect(sent.length).toBe(sentBefore);
      await textbox(addForm, 'Låt').fill('E2E-låten');
      await addForm.getByRole('button', { name: 'Spara nytt bidrag' }).click();
      await expect.poll(() => addRefusal.getByRole('listitem').allInnerTexts()).toEqual(['Artist: Välj en artist eller skapa en ny']);
      await addForm.getByText('Välj en artist eller skapa en ny', { exact: true }).waitFor();
      expect(sent.length).toBe(sentBefore);
      await addForm.getByRole('combobox', { name: 'Artist' }).fill(actName);
      await page.getByRole('option', { name: `Ny artist: ${actName}` }).click();
      await addForm.getByText(`Vald: ${actName}`).waitFor();
      await addForm.getByRole('button', { name: 'Spara nytt bidrag' }).click();
      await page.getByText('Bidrag tillagt!').waitFor();
      const addedRow = finalList(page).getByRole('listitem', { name: `${nextOrder}. ${actName} – E2E-låten` });
      await addedRow.waitFor();
      expect(await addedRow.getByTestId('entry-outcome').innerText()).toBe('Placering – · Poäng – · Jury – · Tittare –');
      const added = (await finalOf(page.request)).entries.at(-1)!;
      expect(added).toMatchObject({
        artist: actName,
        song: 'E2E-låten',
        runningOrder: nextOrder,
        finalRunningOrder: nextOrder,
        finalPoints: null,
        juryPoints: null,
      });
      createdArtist = added.artistRef.id;

      const named = `Radera bidraget ”E2E-låten” med ${actName} (${YEAR})`;
      await page.getByRole('button', { name: named, exact: true }).click();
      const confirm = page.getByRole('alertdialog');
      expect(await confirm.innerText()).toContain(`radera bidraget ”E2E-låten” med ${actName} (${YEAR})`);
      await confirm.getByRole('button', { name: named, exact: true }).click();
      await page.getByText('Bidrag borttaget!').waitFor();
      await addedRow.waitFor({ state: 'detached' });
      expect((await lineupOf(page.request)).entryCount).toBe(countBefore);
      expect((await finalOf(page.request)).entries.map((entry) => entry.id)).toEqual(before.entries.map((entry) => entry.id));
    } finally {
      // Whatever happened above, the year is left as the data has it (the act, unused now, goes too).
      const request = page.request;
      const now = await finalOf(request);
      for (const entry of now.entries.filter((entry) => !before.entries.some((old) => old.id === entry.id))) await request.delete(`/api/entries/${entry.id}`);
      const changed = now.entries.find((entry) => entry.id === first.id);
      if (changed && (changed.juryPoints !== null || changed.song !== first.song || changed.finalRunningOrder !== first.finalRunningOrder)) {
        await request.put(`/api/entries/${first.id}`, {
          data: { juryPoints: null, song: first.song, runningOrder: first.runningOrder, finalRunningOrder: first.finalRunningOrder },
        });
      }
      const order = (await finalOf(request)).entries.map((entry) => entry.id);
      if (order.join() !== before.entries.map((entry) => entry.id).join()) {
        await request.post('/api/entries/reorder', { data: { year: YEAR, show: 'final', entryIds: before.entries.map((entry) => entry.id) } });
      }
      if (createdArtist) await request.delete(`/api/artists/${createdArtist}`);
    }
  });

  it('shows a save based on an older version beside the newer one, keeps the typed values and saves over it when asked', { timeout: 90_000 }, async () => {
    const page = await adminPage(VIEWPORTS.desktop);
    const target = (await finalOf(page.request)).entries.at(-1)!;
    const name = `${target.artist} – ${target.song}`;
    const cell = (value: number | null) => (value === null ? '—' : String(value));
    const televote = target.televotePoints === 42 ? 43 : 42;
    const jury = target.juryPoints === 55 ? 56 : 55;
    try {
      await page.goto(await editPath(page.request), { waitUntil: 'domcontentloaded', timeout: 60_000 });
      await page.getByRole('heading', { level: 2, name: 'Startfält' }).waitFor({ timeout: 60_000 });
      await finalList(page)
        .getByRole('button', { name: `Redigera ${name}` })
        .click();
      const form = page.getByRole('form', { name: `Redigera bidrag: ${name}` });
      await textbox(form, 'Jurypoäng').waitFor();

      // Another admin saves the entry after the form opened.
      const other = await page.request.put(`/api/entries/${target.id}`, { data: { televotePoints: televote } });
      expect(other.status(), await other.text()).toBe(200);

      // This form's save is refused: the newer version beside the typed values, which stay; nothing is saved.
      await textbox(form, 'Jurypoäng').fill(String(jury));
      await form.getByRole('button', { name: 'Spara bidrag' }).click();
      const conflict = form.getByRole('alert', { name: 'Krock med en nyare version' });
      await conflict.waitFor();
      await expect.poll(() => conflict.textContent()).toContain('Någon annan har ändrat bidraget sedan du öppnade det');
      const differences = conflict.getByRole('table', { name: 'Skillnader mot den nya versionen' });
      const row = (label: string) => differences.getByRole('row').filter({ hasText: label }).getByRole('cell').allTextContents();
      expect(await row('Jurypoäng')).toEqual(['Jurypoäng', String(jury), cell(target.juryPoints)]);
      expect(await row('Tittarpoäng')).toEqual(['Tittarpoäng', cell(target.televotePoints), String(televote)]);
      expect(await textbox(form, 'Jurypoäng').inputValue()).toBe(String(jury));
      const between = (await finalOf(page.request)).entries.find((entry) => entry.id === target.id)!;
      expect(between).toMatchObject({ juryPoints: target.juryPoints, televotePoints: televote });

      // Saved over the newer version when asked (sent with its ETag): the form's values, every field.
      await conflict.getByRole('button', { name: 'Spara min version ändå' }).click();
      await page.getByText('Bidrag uppdaterat!').waitFor();
      await form.waitFor({ state: 'detached' });
      const after = (await finalOf(page.request)).entries.find((entry) => entry.id === target.id)!;
      expect(after).toMatchObject({ juryPoints: jury, televotePoints: target.televotePoints });
    } finally {
      const put = await page.request.put(`/api/entries/${target.id}`, { data: { juryPoints: target.juryPoints, televotePoints: target.televotePoints } });
      expect(put.status(), await put.text()).toBe(200);
    }
  });

  it('is usable at 390 px: the rows and an open entry form fit the width', { timeout: 60_000 }, async () => {
    const page = await adminPage(VIEWPORTS.mobile);
    await page.goto(await editPath(page.request), { waitUntil: 'domcontentloaded', timeout: 60_000 });
    await page.getByRole('heading', { level: 2, name: 'Startfält' }).waitFor({ timeout: 60_000 });
    const row = finalList(page).getByRole('listitem').first();
    await row.getByRole('button', { name: /^Redigera / }).click();
    const form = page.getByRole('form', { name: /^Redigera bidrag:/ });
    await textbox(form, 'Jurypoäng').scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
    await screenshot(page, VIEWPORTS.mobile, 'admin-lineup-form');
    await form.getByRole('button', { name: 'Avbryt' }).click();
    await form.waitFor({ state: 'detached' });
    await row.scrollIntoViewIfNeeded();
    await screenshot(page, VIEWPORTS.mobile, 'admin-lineup');
  });
});
