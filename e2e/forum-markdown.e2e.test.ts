import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { VIEWPORTS, launchChromium, openContext, watchErrors } from './support/browser';
import { untilHydrated } from './support/pages';

/**
 * Issue 19 in real headless Chromium: a post written in markdown renders bold, a demoted heading and a new-tab
 * link, its raw HTML never runs, the editor's preview shows it before sending; the author saves it under
 * "Sparade"; a visitor opens the edited post's versions and sees what changed.
 */
const baseUrl = inject('e2eBaseUrl');
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

const CONTENT = [
  '## Rubrik',
  '',
  'Jag söker **VHS** från finalen, se https://www.svt.se/melodifestivalen för mer.',
  '',
  '<img src="x" onerror="window.__xss = 1"> <script>window.__xss = 2</script>',
].join('\n');

describe('forum markdown, bookmarks and edit history (desktop)', () => {
  it('renders a markdown post safely, previews it, saves it and shows a reader its versions', { timeout: 60_000 }, async () => {
    const author = await openContext(browser, baseUrl, VIEWPORTS.desktop);
    contexts.push(author);
    const email = `forum-markdown-${Date.now()}@example.se`;
    const registered = await author.request.post('/api/auth/register', { data: { email, password: 'e2e-password-1', displayName: 'Maja Markdown' } });
    expect(registered.status(), await registered.text()).toBe(201);
    const page = await author.newPage();
    untilHydrated(page);
    page.setDefaultTimeout(10_000);
    const errors = watchErrors(page);

    // Write the post; the preview shows the markdown rendered, and writing again brings the text box back.
    await page.goto('/forum');
    await page.getByRole('button', { name: 'Skapa inlägg' }).click();
    const dialog = page.getByRole('dialog');
    const title = `Markdowntest ${Date.now()}`;
    await dialog.getByLabel('Titel').fill(title);
    await dialog.getByLabel('Innehåll').fill(CONTENT);
    await dialog.getByRole('button', { name: 'Förhandsgranska' }).click();
    const preview = dialog.getByTestId('markdown-preview');
    await preview.locator('strong', { hasText: 'VHS' }).waitFor();
    expect(await dialog.getByLabel('Innehåll').isVisible()).toBe(false);
    await dialog.getByRole('button', { name: 'Skriv' }).click();
    expect(await dialog.getByLabel('Innehåll').inputValue()).toBe(CONTENT);
    await dialog.getByRole('button', { name: 'Skapa inlägg' }).click();
    await page.getByText('Inlägg skapat!').waitFor();

    // The post page: bold, the heading two levels below the page's, the link in a new tab, no HTML run.
    await page.getByRole('link', { name: title }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    const postId = new URL(page.url()).pathname.split('/').pop()!;
    const body = page.getByRole('article').getByTestId('post-markdown');
    expect(await body.locator('strong').textContent()).toBe('VHS');
    expect(await body.locator('h4').textContent()).toBe('Rubrik');
    expect(await body.locator('h1, h2, h3').count()).toBe(0);
    const link = body.getByRole('link', { name: 'https://www.svt.se/melodifestivalen' });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await body.locator('img, script').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();

    // Save it: the button shows the state, and "Sparade" lists it.
    await page.getByRole('button', { name: 'Spara inlägget' }).click();
    await page.getByRole('button', { name: 'Ta bort inlägget från sparade' }).waitFor();
    expect(await page.getByRole('button', { name: 'Ta bort inlägget från sparade' }).getAttribute('aria-pressed')).toBe('true');
    await page.goto('/forum');
    await page.getByRole('link', { name: 'Sparade' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sparade' }).waitFor();
    await page.getByTestId('saved-item').getByRole('link', { name: title }).waitFor();

    // The author edits the text; a visitor sees "redigerat" and opens the versions with the diff.
    const edited = await author.request.put(`/api/forum/posts/${postId}`, { data: { content: CONTENT.replace('finalen', 'deltävlingen') } });
    expect(edited.status(), await edited.text()).toBe(200);

    const visitor = await openContext(browser, baseUrl, VIEWPORTS.desktop);
    contexts.push(visitor);
    const reader = await visitor.newPage();
    untilHydrated(reader);
    reader.setDefaultTimeout(10_000);
    const readerErrors = watchErrors(reader);
    await reader.goto(`/forum/post/${postId}`);
    await reader.getByText(/^redigerat /).waitFor();
    await reader.getByRole('button', { name: 'Visa versioner' }).click();
    const latest = reader.getByRole('listitem', { name: 'Version 2' });
    await latest.waitFor();
    expect(await latest.locator('del').first().textContent()).toContain('finalen');
    expect(await latest.locator('ins').first().textContent()).toContain('deltävlingen');
    await reader.getByRole('listitem', { name: 'Version 1' }).getByText('Maja Markdown').waitFor();
    expect(errors, 'uncaught errors on the author page').toEqual([]);
    expect(readerErrors, 'uncaught errors on the reader page').toEqual([]);
  });
});
