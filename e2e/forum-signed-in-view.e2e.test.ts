import { request as playwrightRequest, type APIRequestContext, type BrowserContext } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { authApi } from '@mello/contracts';
import { E2E_ADMIN } from './support/app-server';
import { VIEWPORTS } from './support/browser';
import { pagesForFile, signInAsAdmin } from './support/pages';

/**
 * The server's HTML of a forum page is the visitor's view (public HTML is the same for everyone); after hydration a
 * signed-in reader sees their own: the administrator a hidden post's text and the hidden post in the list, a member
 * their own like and bookmark of the post. Every page is a full load, so its forum data came with the server's HTML.
 */
const baseUrl = inject('e2eBaseUrl');
const newPage = pagesForFile({ baseUrl, name: 'forum-signed-in-view' });
const STAMP = Date.now();
const HIDDEN_TITLE = `Dold tråd ${STAMP}`;
const HIDDEN_TEXT = `Texten bara administratören ser ${STAMP}`;
const SHOWN_TITLE = `Synlig tråd ${STAMP}`;
const MEMBER = { email: `signed-in-view-${STAMP}@example.se`, password: 'e2e-password-1', displayName: `Läsaren ${STAMP}` };
let hiddenId = '';
let shownId = '';

async function api(): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL: baseUrl });
}

beforeAll(async () => {
  const author = await api();
  const registered = await author.post(authApi.register.path, {
    data: { email: `signed-in-author-${STAMP}@example.se`, password: 'e2e-password-1', displayName: `Skribenten ${STAMP}` },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const post = async (title: string, content: string) => {
    const answer = await author.post('/api/forum/posts', {
      data: { title, content, category: 'general' },
      headers: { 'Idempotency-Key': `siv-${STAMP}-${title.length}-${Math.random()}` },
    });
    expect(answer.status(), await answer.text()).toBe(201);
    return ((await answer.json()) as { id: string }).id;
  };
  hiddenId = await post(HIDDEN_TITLE, HIDDEN_TEXT);
  shownId = await post(SHOWN_TITLE, 'Ett inlägg som läsaren gillar och sparar.');
  await author.dispose();

  const admin = await api();
  expect((await admin.post(authApi.login.path, { data: E2E_ADMIN })).status()).toBe(200);
  const hidden = await admin.post(`/api/admin/moderation/posts/${hiddenId}`, { data: { action: 'hide' } });
  expect(hidden.status(), await hidden.text()).toBe(200);
  await admin.dispose();

  const member = await api();
  expect((await member.post(authApi.register.path, { data: MEMBER })).status()).toBe(201);
  expect((await member.post(`/api/forum/posts/${shownId}/like`)).status()).toBe(200);
  expect((await member.put(`/api/forum/posts/${shownId}/bookmark`)).status()).toBe(200);
  await member.dispose();
});

describe("after hydration a signed-in reader sees their own view of the server's forum page", () => {
  it("the administrator: a hidden post's text, and the hidden post in the list", async () => {
    const page = await newPage(VIEWPORTS.desktop, signInAsAdmin);
    await page.goto(`/forum/post/${hiddenId}`);
    await page.getByText(HIDDEN_TEXT).waitFor();
    await page.getByText('(bara du ser innehållet)').waitFor();

    await page.goto('/forum?category=general&sort=newest');
    await page.getByRole('link', { name: HIDDEN_TITLE }).first().waitFor();
  });

  it('a member: their own like and bookmark of the post', async () => {
    const page = await newPage(VIEWPORTS.desktop, async (context) => {
      expect((await context.request.post(authApi.login.path, { data: { email: MEMBER.email, password: MEMBER.password } })).status()).toBe(200);
    });
    await page.goto(`/forum/post/${shownId}`);
    const main = page.getByRole('main');
    await expect
      .poll(() => main.getByRole('button', { name: /^Gillat · \d+ gillning(?:ar)?, Du gillar detta inlägg$/ }).getAttribute('aria-pressed'))
      .toBe('true');
    await expect.poll(() => main.getByRole('button', { name: 'Ta bort inlägget från sparade' }).getAttribute('aria-pressed')).toBe('true');
  });

  it("on a phone, a member's and the administrator's post page fit the screen: every action in view, nothing sideways", async () => {
    const asMember = async (context: BrowserContext) => {
      expect((await context.request.post(authApi.login.path, { data: { email: MEMBER.email, password: MEMBER.password } })).status()).toBe(200);
    };
    for (const signIn of [asMember, signInAsAdmin]) {
      const page = await newPage(VIEWPORTS.mobile, signIn);
      await page.goto(`/forum/post/${shownId}`);
      // The last of the post's actions, once the reader is known (the administrator's menu comes after it).
      const report = page
        .getByRole('main')
        .getByRole('button', { name: /Rapportera/ })
        .first();
      await report.waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
      const box = (await report.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
    }
  });

  it("a visitor's page is the visitor's view: the hidden post's text is not on it", async () => {
    const page = await newPage(VIEWPORTS.desktop);
    await page.goto(`/forum/post/${hiddenId}`);
    await page.getByText('Inlägget är dolt i väntan på granskning').first().waitFor();
    expect(await page.getByText(HIDDEN_TEXT).count()).toBe(0);
  });
});
