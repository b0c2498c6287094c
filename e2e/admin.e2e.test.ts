import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { E2E_ADMIN } from './support/app-server';
import { VIEWPORTS, screenshot } from './support/browser';
import { pagesForFile, signInAsAdmin } from './support/pages';

/**
 * Issue 7 in real Chromium (desktop): the administrator creates a year in /admin, edits it, sees both events in
 * its history with the field-by-field diff, restores the first version (a third event) and deletes the year;
 * its history stays reachable. A member opening /admin sees 'Åtkomst nekad'.
 */
const baseUrl = inject('e2eBaseUrl');
const viewport = VIEWPORTS.desktop;
const newPage = pagesForFile({ baseUrl, name: 'admin' });

const browserFor = (signIn: (context: BrowserContext) => Promise<void>) => newPage(viewport, signIn);

/** A year number the archive does not have yet (the admin may record up to next year). */
async function freeYear(page: Page): Promise<number> {
  const years = (await (await page.request.get('/api/years')).json()) as { year: number }[];
  const taken = new Set(years.map((year) => year.year));
  for (let year = new Date().getFullYear() + 1; year >= 1958; year -= 1) if (!taken.has(year)) return year;
  throw new Error('every year is taken');
}

const textbox = (scope: Page | Locator, name: string) => scope.getByRole('textbox', { name, exact: true });

/**
 * From now on, whether an element in <main> ever reads exactly `text` on the page at `path`: a save's page
 * opening on the old copy of what was saved (and swapping in the new one a moment later). Returns the check.
 */
async function watchForText(page: Page, path: string, text: string): Promise<() => Promise<boolean>> {
  await page.evaluate(
    ({ path, text }) => {
      const seen = window as unknown as { textSeen: boolean };
      seen.textSeen = false;
      new MutationObserver(() => {
        // The edit page shows the old title as its subject until it is gone: the address changes a moment before.
        const editPage = Array.from(document.querySelectorAll('h1')).some((heading) => heading.textContent?.startsWith('Redigera'));
        if (location.pathname !== path || editPage) return;
        if (Array.from(document.querySelectorAll('main *')).some((element) => element.childElementCount === 0 && element.textContent?.trim() === text)) {
          seen.textSeen = true;
        }
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    },
    { path, text },
  );
  return () => page.evaluate(() => (window as unknown as { textSeen: boolean }).textSeen);
}
const timelineEntries = (page: Page) => page.getByRole('listitem', { name: /^Händelse \d+:/ });

describe('admin (desktop)', () => {
  it('creates a year, edits it, sees the diff in its history, restores the first version and deletes it', { timeout: 60_000 }, async () => {
    const page = await browserFor(signInAsAdmin);
    const yearNumber = await freeYear(page);

    // Create in the År tab; the form starts at the current year.
    await page.goto('/admin');
    await page.getByRole('heading', { level: 1, name: 'Admin Panel' }).waitFor();
    await page.getByRole('tab', { name: 'År' }).click();
    const form = page.getByRole('form', { name: 'Lägg till år' });
    expect(await form.getByRole('spinbutton', { name: 'År' }).inputValue()).toBe(String(new Date().getFullYear()));
    await form.getByRole('spinbutton', { name: 'År' }).fill(String(yearNumber));
    await textbox(form, 'Vinnare').fill('E2E Vinnare');
    await textbox(form, 'Låt').fill('E2E Låt');
    await textbox(form, 'Beskrivning').fill('Första beskrivningen av året.');
    await textbox(form, 'Intressanta fakta').fill('Fakta ett, Fakta två');
    await form.getByRole('button', { name: 'Skapa år' }).click();
    await page.getByText('År skapat!').waitFor();
    const listed = page
      .getByRole('list', { name: 'År' })
      .getByRole('listitem')
      .filter({ hasText: `${yearNumber} – E2E Vinnare` });
    await listed.waitFor();

    // Edit: a new winner, one fact removed and one added.
    await listed.getByRole('link', { name: /^Redigera/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Redigera år' }).waitFor();
    expect(await textbox(page, 'Intressanta fakta 2').inputValue()).toBe('Fakta två');
    await textbox(page, 'Vinnare').fill('E2E Vinnare Ändrad');
    await page.getByRole('button', { name: 'Ta bort faktum 2' }).click();
    await textbox(page, 'Nytt faktum').fill('Fakta tre');
    await textbox(page, 'Nytt faktum').press('Enter');
    await page.getByRole('button', { name: 'Spara ändringar' }).click();
    await page.waitForURL(`**/year/${yearNumber}`);
    await page.getByText('År uppdaterat!').waitFor();
    await page.getByRole('heading', { level: 1, name: /E2E Vinnare Ändrad/ }).waitFor();

    // The year page's admin actions (a chunk loaded for the administrator only): its delete asks first, and
    // 'Avbryt' keeps the year; then 'Redigera' → the edit page's 'Historik': two events, the second with its diff.
    await page.getByRole('button', { name: `Radera året ${yearNumber}`, exact: true }).click();
    const asked = page.getByRole('alertdialog');
    expect(await asked.innerText()).toContain(`Är du säker på att du vill radera året ${yearNumber}?`);
    await asked.getByRole('button', { name: 'Avbryt' }).click();
    await asked.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Redigera' }).click();
    await page.getByRole('heading', { level: 1, name: 'Redigera år' }).waitFor();
    await page.getByRole('link', { name: 'Historik' }).click();
    await page.getByRole('heading', { level: 1, name: /^Historik:/ }).waitFor();
    await expect.poll(() => timelineEntries(page).count()).toBe(2);
    const created = timelineEntries(page).nth(0);
    const edited = timelineEntries(page).nth(1);
    expect(await created.getAttribute('aria-label')).toBe('Händelse 1: Skapad');
    expect(await edited.getAttribute('aria-label')).toBe('Händelse 2: Ändrad');
    expect(await edited.innerText()).toContain(E2E_ADMIN.email);
    expect(await edited.locator('del').allInnerTexts()).toEqual(expect.arrayContaining([expect.stringContaining('E2E Vinnare'), '− Fakta två']));
    expect(await edited.locator('ins').allInnerTexts()).toEqual(expect.arrayContaining([expect.stringContaining('E2E Vinnare Ändrad'), '+ Fakta tre']));
    await screenshot(page, viewport, 'admin-history');

    // 'Visa version' of the first event: the year as created.
    await created.getByRole('button', { name: 'Visa version' }).click();
    const version = page.getByRole('region', { name: 'Version efter händelse 1' });
    await version.getByText('E2E Vinnare', { exact: true }).waitFor();
    expect(await version.innerText()).toContain('Fakta ett; Fakta två');

    // 'Återställ' the first version: a third event brings the old winner and facts back.
    await created.getByRole('button', { name: 'Återställ' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Återställ' }).click();
    await page.getByText('Version återställd!').waitFor();
    await expect.poll(() => timelineEntries(page).count()).toBe(3);
    const restored = timelineEntries(page).nth(2);
    expect(await restored.getAttribute('aria-label')).toBe('Händelse 3: Återställd');
    await restored.getByText('återställer händelse 1').waitFor();
    expect(await restored.locator('ins').allInnerTexts()).toEqual(expect.arrayContaining([expect.stringContaining('E2E Vinnare'), '+ Fakta två']));
    await page.goto(`/year/${yearNumber}`);
    await page.getByRole('heading', { level: 1, name: 'E2E Vinnare – ”E2E Låt”' }).waitFor();
    await page.getByText('Fakta två').waitFor();

    // Delete from the admin panel's list; the history stays reachable and ends with the deletion.
    await page.goto('/admin?tab=ar');
    const row = page
      .getByRole('list', { name: 'År' })
      .getByRole('listitem')
      .filter({ hasText: `${yearNumber} – E2E Vinnare` });
    // Every delete button names its item, and so does the confirmation's (issue 18: one read only "Radera", and an
    // item was deleted by mistake): found by its full name on the whole page, it is this row's.
    const named = `Radera året ${yearNumber}`;
    await page.getByRole('button', { name: named, exact: true }).click();
    const confirm = page.getByRole('alertdialog');
    expect(await confirm.innerText()).toContain(`Är du säker på att du vill radera året ${yearNumber}?`);
    await confirm.getByRole('button', { name: named, exact: true }).click();
    await page.getByText('År borttaget!').waitFor();
    await row.waitFor({ state: 'detached' });

    await page.getByRole('tab', { name: 'Historik' }).click();
    const log = page.getByRole('table', { name: 'Händelser' });
    const deletedRow = log
      .getByRole('row')
      .filter({ hasText: `${yearNumber} – E2E Vinnare` })
      .first();
    await deletedRow.getByText('Raderad').waitFor();
    await deletedRow.getByText('Borttaget').waitFor();
    await deletedRow.getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: /^Historik:/ }).waitFor();
    await expect.poll(() => timelineEntries(page).count()).toBe(4);
    expect(await timelineEntries(page).nth(3).getAttribute('aria-label')).toBe('Händelse 4: Raderad');
  });

  it('a video saved from the admin panel shows its new title in the video archive it lands on, without a reload', { timeout: 60_000 }, async () => {
    const page = await browserFor(signInAsAdmin);
    // This year: the archive lists the newest year first, so it is on the first page.
    const stamp = Date.now();
    const created = await page.request.post('/api/videos', {
      data: { title: `E2E Video ${stamp}`, artist: 'E2E Artist', year: new Date().getFullYear(), videoUrl: 'https://www.youtube.com/watch?v=e2e' },
      headers: { 'Idempotency-Key': `admin-video-${stamp}` },
    });
    expect(created.status(), await created.text()).toBe(201);
    const video = (await created.json()) as { id: string };

    // The panel holds every video; the edit page's save leads to the archive, which must not start from that copy.
    await page.goto('/admin');
    const listed = page.getByRole('listitem').filter({ hasText: `E2E Video ${stamp}` });
    await listed.getByRole('link', { name: /^Redigera/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Redigera video' }).waitFor();
    await textbox(page.getByRole('main'), 'Titel').fill(`E2E Video ${stamp} ändrad`);
    const oldTitleShown = await watchForText(page, '/video-archive', `E2E Video ${stamp}`);
    await page.getByRole('button', { name: 'Spara ändringar' }).click();
    await page.waitForURL('**/video-archive');
    await page.getByText('Video uppdaterad!').waitFor();
    await page.getByRole('main').getByText(`E2E Video ${stamp} ändrad`).waitFor();
    expect(await page.getByRole('main').getByText(`E2E Video ${stamp}`, { exact: true }).count()).toBe(0);
    // Not even for a moment.
    expect(await oldTitleShown()).toBe(false);

    expect((await page.request.delete(`/api/videos/${video.id}`)).status()).toBe(200);
  });

  it('an article saved from its edit page opens with its new title, never the old one first', { timeout: 60_000 }, async () => {
    const page = await browserFor(signInAsAdmin);
    const stamp = Date.now();
    const created = await page.request.post('/api/articles', {
      data: { title: `E2E Artikel ${stamp}`, excerpt: 'En artikel att byta namn på.', category: 'history' },
      headers: { 'Idempotency-Key': `admin-article-${stamp}` },
    });
    expect(created.status(), await created.text()).toBe(201);
    const article = (await created.json()) as { id: string };
    const path = `/article/${article.id}`;

    // The article's page holds the list it was picked from; its Redigera leads to the edit page, whose save leads back.
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: `E2E Artikel ${stamp}` }).waitFor();
    await page.getByRole('link', { name: 'Redigera' }).click();
    await page.getByRole('heading', { level: 1, name: /Redigera/ }).waitFor();
    await textbox(page.getByRole('main'), 'Titel').fill(`E2E Artikel ${stamp} ändrad`);
    const oldTitleShown = await watchForText(page, path, `E2E Artikel ${stamp}`);
    await page.getByRole('button', { name: 'Spara ändringar' }).click();
    await page.waitForURL(`**${path}`);
    await page.getByRole('heading', { level: 1, name: `E2E Artikel ${stamp} ändrad` }).waitFor();
    expect(await oldTitleShown()).toBe(false);

    expect((await page.request.delete(`/api/articles/${article.id}`)).status()).toBe(200);
  });

  it('an article page shows the administrator its Redigera, to the edit page, and its Radera, which asks first', async () => {
    const page = await browserFor(signInAsAdmin);
    const [article] = (await (await page.request.get('/api/articles')).json()) as { id: string; title: string }[];
    await page.goto(`/article/${encodeURIComponent(article!.id)}`);
    await page.getByRole('heading', { level: 1, name: article!.title }).waitFor();
    await page.getByRole('button', { name: `Radera artikeln "${article!.title}"`, exact: true }).click();
    const asked = page.getByRole('alertdialog');
    expect(await asked.innerText()).toContain(`Är du säker på att du vill radera artikeln "${article!.title}"?`);
    await asked.getByRole('button', { name: 'Avbryt' }).click();
    await asked.waitFor({ state: 'detached' });
    // Kept: the page still shows it, and so does the API.
    expect((await page.request.get(`/api/articles/${encodeURIComponent(article!.id)}`)).status()).toBe(200);
    await page.getByRole('link', { name: 'Redigera' }).click();
    await page.waitForURL(`**/admin/edit-article/${encodeURIComponent(article!.id)}`);
    await page.getByRole('heading', { level: 1, name: /Redigera/ }).waitFor();
  });

  // 1024 px, the narrowest with the links in the bar (lg): there the name gives way entirely, and Logga ut stays on screen.
  it.each([1024, viewport.width])(
    'the header keeps the administrator’s controls beside the links and on screen at %i px (the name gives way)',
    async (width) => {
      const page = await newPage({ ...viewport, width }, signInAsAdmin);
      await page.goto('/years');
      const header = page.getByRole('banner');
      await header.getByRole('link', { name: 'Logga ut' }).waitFor();
      await header.getByRole('link', { name: /^Notiser/ }).waitFor();
      // The six links, and the controls right of them (the bell, Admin, the name, Logga ut); the brand is left of them.
      const { links, lastLink, firstControl, lastControl } = await page.evaluate(() => {
        const header = document.querySelector('header')!;
        const shown = (element: Element) => element.getClientRects().length > 0;
        const links = Array.from(header.querySelectorAll('ul a'))
          .filter(shown)
          .map((link) => link.getBoundingClientRect());
        const controls = Array.from(header.querySelectorAll('a, button, p'))
          .filter((element) => shown(element) && !element.closest('ul') && element.getBoundingClientRect().left > links[0]!.left)
          .map((element) => element.getBoundingClientRect());
        return {
          links: links.length,
          lastLink: Math.max(...links.map((box) => box.right)),
          firstControl: Math.min(...controls.map((box) => box.left)),
          lastControl: Math.max(...controls.map((box) => box.right)),
        };
      });
      expect(links).toBe(6);
      expect(firstControl).toBeGreaterThanOrEqual(lastLink);
      expect(lastControl).toBeLessThanOrEqual(width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    },
  );

  it('a member opening /admin sees “Åtkomst nekad”', async () => {
    const page = await browserFor(async (context) => {
      const answer = await context.request.post('/api/auth/register', {
        data: {
          email: `admin-e2e-member-${Date.now()}@example.se`,
          password: 'e2e-password-1',
          firstName: 'Mona',
          lastName: 'Medlem',
          displayName: `Mona ${Date.now()}`,
        },
      });
      expect(answer.status(), await answer.text()).toBe(201);
    });
    await page.goto('/admin');
    await page.getByRole('heading', { level: 1, name: 'Åtkomst nekad' }).waitFor();
    await page.getByText('Endast administratörer kan komma åt denna sida.').waitFor();
    expect(await page.getByRole('heading', { name: 'Admin Panel' }).count()).toBe(0);
    // The server agrees: the audit log is not for members.
    expect((await page.request.get('/api/admin/history')).status()).toBe(403);
  });
});
