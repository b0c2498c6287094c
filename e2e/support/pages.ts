import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { authApi } from '@mello/contracts';
import { E2E_ADMIN } from './app-server';
import { launchChromium, openContext, screenshot, watchErrors, type Viewport } from './browser';

/**
 * The browser of one e2e file, with the house rules of every page it opens: Chromium launched before the file's
 * tests and closed after them; each page in its own context (its own cookies), a 15 s default timeout, uncaught
 * page errors collected; after each test a failed test's pages are screenshot (`failed-<name>-<test>`), every
 * context is closed and any uncaught page error fails the test. `signIn` runs on the context before its page opens.
 */
export function pagesForFile(options: { baseUrl: string; name: string }) {
  let browser: Browser;
  const open: { context: BrowserContext; page: Page; errors: string[]; viewport: Viewport }[] = [];
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterEach(async ({ task }) => {
    for (const { context, page, errors, viewport } of open.splice(0)) {
      if (task.result?.state === 'fail') await screenshot(page, viewport, `failed-${options.name}-${task.name.replace(/\W+/g, '-')}`).catch(() => undefined);
      await context.close();
      expect(errors, 'uncaught errors in the page').toEqual([]);
    }
  });
  afterAll(async () => {
    await browser?.close();
  });
  return async function newPage(viewport: Viewport, signIn?: (context: BrowserContext) => Promise<void>): Promise<Page> {
    const context = await openContext(browser, options.baseUrl, viewport);
    if (signIn) await signIn(context);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    untilHydrated(page);
    open.push({ context, page, errors: watchErrors(page), viewport });
    return page;
  };
}

/**
 * A page arrives rendered by the server and becomes interactive once React has hydrated it (docs/rendering.md):
 * a click before that does nothing. So every full load of a test's page waits until the client marks
 * <html data-hydrated> (frontend/src/app/App.tsx), as a reader waits for a page to answer: goto and reload, and
 * waitForURL too, since a link may lead to a full load (the banner's "Logga in" goes through /api/login, "Logga
 * ut" too). After a client-side navigation the mark is already there, so waitForURL costs nothing more.
 */
export function untilHydrated(page: Page): void {
  const hydrated = () => page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const waitForURL = page.waitForURL.bind(page);
  page.goto = async (...args) => {
    const answer = await goto(...args);
    if (answer === null || answer.headers()['content-type']?.startsWith('text/html')) await hydrated();
    return answer;
  };
  page.reload = async (...args) => {
    const answer = await reload(...args);
    await hydrated();
    return answer;
  };
  page.waitForURL = async (...args) => {
    await waitForURL(...args);
    await hydrated();
  };
}

/** Signs a context in as the e2e server's administrator (through the API, as the sign-in form would). */
export async function signInAsAdmin(context: BrowserContext): Promise<void> {
  const answer = await context.request.post(authApi.login.path, { data: E2E_ADMIN });
  expect(answer.status(), await answer.text()).toBe(200);
}

/**
 * Signs a context in as a member registered just now (the sign-up signs in): an e-mail address made unique by the
 * clock under `label`, and `displayName` (display names are unique too: one member a name).
 */
export const signInAsNewMember =
  (label: string, displayName: string) =>
  async (context: BrowserContext): Promise<void> => {
    const answer = await context.request.post(authApi.register.path, {
      data: { email: `${label}-${Date.now()}@example.se`, password: 'e2e-password-1', displayName },
    });
    expect(answer.status(), await answer.text()).toBe(201);
  };
