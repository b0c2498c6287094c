import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { VIEWPORTS, launchChromium, openContext, watchErrors } from './support/browser';
import { untilHydrated } from './support/pages';

/**
 * Issue 16: the forum's forms check what they would send with the contract's own schemas, so an invalid post or
 * reply is refused in the browser with the spec's Swedish message under its field, and no request leaves the page.
 * Real headless Chromium against the `npm start` server of e2e/global-setup.ts.
 */
const baseUrl = inject('e2eBaseUrl');
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** Every forum write the page sends (method and path), to show that a refused form sent none. */
function watchForumWrites(page: Page): string[] {
  const writes: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.method() !== 'GET' && pathname.startsWith('/api/forum/')) writes.push(`${request.method()} ${pathname}`);
  });
  return writes;
}

/** The forum's new-post dialog, opened from /forum and filled in (not sent). */
async function newPostDialog(page: Page, values: { title: string; content: string }) {
  await page.goto('/forum');
  await page.getByRole('button', { name: 'Skapa inlägg' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Titel').fill(values.title);
  await dialog.getByLabel('Innehåll').fill(values.content);
  return dialog;
}

describe('forum forms (desktop, one member)', () => {
  it('refuse an invalid post and an empty reply in the browser, with the Swedish message and no request', { timeout: 30_000 }, async () => {
    context = await openContext(browser, baseUrl, VIEWPORTS.desktop);
    const email = `forum-forms-${Date.now()}@example.se`;
    const answer = await context.request.post('/api/auth/register', { data: { email, password: 'e2e-password-1', displayName: 'Frida Formulär' } });
    expect(answer.status(), await answer.text()).toBe(201);
    const page = await context.newPage();
    untilHydrated(page);
    page.setDefaultTimeout(10_000);
    const errors = watchErrors(page);
    const writes = watchForumWrites(page);

    // A post with too short a title and content: both messages under their fields, nothing sent.
    const dialog = await newPostDialog(page, { title: 'Kort', content: 'för kort' });
    await dialog.getByRole('button', { name: 'Skapa inlägg' }).click();
    await dialog.getByText('Titel måste vara minst 5 tecken').waitFor();
    await dialog.getByText('Innehåll måste vara minst 10 tecken').waitFor();
    expect(writes).toEqual([]);

    // Put right, the same dialog sends it once.
    const title = `Formulärtest ${Date.now()}`;
    await dialog.getByLabel('Titel').fill(title);
    await dialog.getByLabel('Innehåll').fill('Ett innehåll som är långt nog att skickas.');
    await dialog.getByRole('button', { name: 'Skapa inlägg' }).click();
    await page.getByText('Inlägg skapat!').waitFor();
    expect(writes).toEqual(['POST /api/forum/posts']);

    // A reply of blanks sent with Ctrl+Enter: the message under the box, nothing sent.
    await page.getByRole('link', { name: title }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    const box = page.getByLabel('Ditt svar');
    await box.fill('   \n  ');
    await box.press('Control+Enter');
    await page.getByText('Svaret får inte vara tomt').waitFor();
    expect(writes).toEqual(['POST /api/forum/posts']);

    // A real reply goes out and clears the message.
    await box.fill('Nu med ett riktigt svar.');
    expect(await page.getByText('Svaret får inte vara tomt').count()).toBe(0);
    await page.getByRole('button', { name: 'Skicka svar' }).click();
    await page.getByRole('heading', { name: 'Svar (1)' }).waitFor();
    expect(writes).toEqual(['POST /api/forum/posts', expect.stringMatching(/^POST \/api\/forum\/posts\/[0-9a-f-]{36}\/replies$/)]);
    expect(errors, 'uncaught errors on the page').toEqual([]);
  });

  it(
    'keep keyboard focus: edit mode starts in its form and returns to the post menu, a refused form focuses its first bad field',
    { timeout: 30_000 },
    async () => {
      const member = await openContext(browser, baseUrl, VIEWPORTS.desktop);
      try {
        const answer = await member.request.post('/api/auth/register', {
          data: { email: `forum-focus-${Date.now()}@example.se`, password: 'e2e-password-1', displayName: `Fokus ${Date.now()}` },
        });
        expect(answer.status(), await answer.text()).toBe(201);
        const created = await member.request.post('/api/forum/posts', {
          data: { title: `Fokustest ${Date.now()}`, content: 'Ett inlägg att redigera med tangentbordet.' },
        });
        expect(created.status(), await created.text()).toBe(201);
        const post = (await created.json()) as { id: string };
        const page = await member.newPage();
        untilHydrated(page);
        page.setDefaultTimeout(10_000);
        const errors = watchErrors(page);
        const focused = (locator: ReturnType<Page['locator']>) => locator.evaluate((element) => element === document.activeElement);

        await page.goto(`/forum/post/${post.id}`);
        const menu = page.getByRole('button', { name: 'Hantera inlägget' });
        await menu.focus();
        await page.keyboard.press('Enter');
        // Enter chooses the highlighted item: wait until the menu has highlighted its first (CI once pressed Enter on a
        // menu still opening under load, and nothing was chosen).
        const edit = page.getByRole('menuitem', { name: 'Redigera' });
        await expect.poll(() => edit.getAttribute('data-highlighted')).not.toBeNull();
        await page.keyboard.press('Enter');
        await page.getByRole('heading', { level: 1, name: 'Redigera inlägg' }).waitFor();
        const title = page.getByLabel('Titel');
        await expect.poll(() => focused(title)).toBe(true);

        // Too short a title, saved from the keyboard: refused, and focus goes to the field that says why.
        await title.fill('Kort');
        await page.getByRole('button', { name: 'Spara ändringar' }).focus();
        await page.keyboard.press('Enter');
        await page.getByText('Titel måste vara minst 5 tecken').waitFor();
        await expect.poll(() => focused(title)).toBe(true);

        // Avbryt: back to the post, focus on the menu it was opened from.
        await page.getByRole('button', { name: 'Avbryt' }).focus();
        await page.keyboard.press('Enter');
        await page.getByRole('heading', { level: 2, name: 'Svar (0)' }).waitFor();
        await expect.poll(() => focused(page.getByRole('button', { name: 'Hantera inlägget' }))).toBe(true);

        // Radera chosen with the mouse, then Avbryt: focus goes back to the menu too (the menu item that had it is gone).
        await page.getByRole('button', { name: 'Hantera inlägget' }).click();
        await page.getByRole('menuitem', { name: 'Radera inlägget' }).click();
        const asked = page.getByRole('alertdialog');
        await asked.getByRole('button', { name: 'Avbryt' }).click();
        await asked.waitFor({ state: 'detached' });
        await expect.poll(() => focused(page.getByRole('button', { name: 'Hantera inlägget' }))).toBe(true);

        // The new-post dialog: a valid title but too short a content focuses the content.
        const dialog = await newPostDialog(page, { title: 'En titel som duger', content: 'för kort' });
        await dialog.getByRole('button', { name: 'Skapa inlägg' }).focus();
        await page.keyboard.press('Enter');
        await dialog.getByText('Innehåll måste vara minst 10 tecken').waitFor();
        await expect.poll(() => focused(dialog.getByLabel('Innehåll'))).toBe(true);
        expect(errors, 'uncaught errors on the page').toEqual([]);
      } finally {
        await member.close();
      }
    },
  );
});
