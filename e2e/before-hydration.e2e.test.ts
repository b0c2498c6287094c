import { request as playwrightRequest, type Browser, type Page } from 'playwright-core';
import { authApi } from '@mello/contracts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, VIEWPORTS } from './support/browser';

/**
 * The page is the server's HTML before its JavaScript has run (docs/rendering.md: the client is asked for after the
 * first paint), and for a reader without JavaScript it stays so. What a reader types into a form in that time
 * counts: a search typed before the page is interactive is the search made once it is, and without JavaScript the
 * browser's own submission of the form does the same search.
 */
const baseUrl = inject('e2eBaseUrl');
const MEMBER = { email: `before-hydration-${Date.now()}@example.se`, password: 'e2e-password-1', displayName: `Tidig ${Date.now()}` };
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
  const api = await playwrightRequest.newContext({ baseURL: baseUrl });
  const registered = await api.post(authApi.register.path, { data: MEMBER });
  expect(registered.status(), await registered.text()).toBe(201);
  await api.dispose();
});
afterAll(async () => {
  await browser?.close();
});

async function openPage(javaScriptEnabled: boolean): Promise<Page> {
  const { width, height } = VIEWPORTS.mobile;
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width, height },
    isMobile: true,
    hasTouch: true,
    locale: 'sv-SE',
    javaScriptEnabled,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

describe('without JavaScript', () => {
  it('the sign-in form says it needs JavaScript and never puts the password in the address', async () => {
    const page = await openPage(false);
    await page.goto('/login');
    await page.getByLabel('E-post').first().fill(MEMBER.email);
    const password = page.getByLabel('Lösenord').first();
    await password.fill(MEMBER.password);
    await password.press('Enter');
    await page.getByRole('button', { name: 'Logga in' }).last().click({ force: true });
    await page.waitForTimeout(500);
    expect(page.url()).not.toContain(encodeURIComponent(MEMBER.password));
    expect(page.url()).not.toContain('password');
    expect(await page.getByRole('main').textContent()).toContain('Inloggningen kräver JavaScript.');
    await page.context().close();
  });

  it("the home search block searches: /search with the text and the filters chosen, the archive's hits shown", async () => {
    const page = await openPage(false);
    await page.goto('/');
    const block = page.getByRole('main').getByRole('search');
    await block.getByRole('searchbox', { name: 'Sökord' }).fill('  Waterloo ');
    await block.getByRole('combobox', { name: 'Decennium' }).selectOption('1970');
    await block.getByRole('button', { name: 'Sök' }).click();
    await page.waitForURL((url) => url.pathname === '/search');
    const params = new URL(page.url()).searchParams;
    expect(params.get('q')?.trim()).toBe('Waterloo');
    expect(params.get('decade')).toBe('1970');
    expect(await page.getByRole('main').textContent()).toContain('ABBA - Waterloo');
    await page.context().close();
  });

  it('the forum search keeps its text (and the category chosen) in the address', async () => {
    const page = await openPage(false);
    await page.goto('/forum?category=lost-media');
    const box = page.getByRole('searchbox', { name: 'Sök i forumet' });
    await box.fill('VHS');
    await box.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === 'VHS');
    expect(new URL(page.url()).searchParams.get('category')).toBe('lost-media');
    await page.context().close();
  });
});

/** A page whose client chunks are held until `release` is called, as on a slow phone. */
async function openWithJavaScriptHeld(path: string): Promise<{ page: Page; release: () => void }> {
  const page = await openPage(true);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  return { page, release };
}

describe('typed before the page is interactive', () => {
  it('the home search block searches the text typed while its JavaScript was still on its way', async () => {
    const { page, release } = await openWithJavaScriptHeld('/');
    const block = page.getByRole('main').getByRole('search');
    await block.getByRole('searchbox', { name: 'Sökord' }).pressSequentially('Waterloo');
    await block.getByRole('combobox', { name: 'Decennium' }).selectOption('1970');
    expect(await page.locator('html[data-hydrated]').count()).toBe(0);
    release();
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await block.getByRole('searchbox', { name: 'Sökord' }).press('Enter');
    await page.waitForURL((url) => url.pathname === '/search');
    expect(new URL(page.url()).search).toBe('?q=Waterloo&decade=1970');
    await page.context().close();
  });

  it('the sign-in form signs in with what was typed before it was interactive, never sending it in an address', async () => {
    const { page, release } = await openWithJavaScriptHeld('/login');
    await page.getByLabel('E-post').first().fill(MEMBER.email);
    const password = page.getByLabel('Lösenord').first();
    await password.fill(MEMBER.password);
    await password.press('Enter');
    await page.waitForTimeout(500);
    expect(page.url()).toBe(`${baseUrl}/login`);
    release();
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Logga in' }).last().click();
    await page.waitForURL(`${baseUrl}/`);
    const user = await page.request.get(authApi.user.path);
    expect(user.status()).toBe(200);
    expect(((await user.json()) as { email: string }).email).toBe(MEMBER.email);
    await page.context().close();
  });

  it("the results page's search box searches the text typed while its JavaScript was still on its way", async () => {
    const { page, release } = await openWithJavaScriptHeld('/search?q=abba');
    const box = page.getByRole('main').getByRole('search', { name: 'Sök i arkivet' }).getByRole('searchbox', { name: 'Sökord' });
    await box.fill('Carola');
    expect(await page.locator('html[data-hydrated]').count()).toBe(0);
    release();
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await box.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === 'Carola');
    await page.context().close();
  });

  it('the forum search filters by the text typed while its JavaScript was still on its way', async () => {
    const { page, release } = await openWithJavaScriptHeld('/forum');
    await page.getByRole('searchbox', { name: 'Sök i forumet' }).pressSequentially('VHS');
    expect(await page.locator('html[data-hydrated]').count()).toBe(0);
    release();
    await page.waitForURL((url) => url.searchParams.get('q') === 'VHS');
    await page.context().close();
  });
});
