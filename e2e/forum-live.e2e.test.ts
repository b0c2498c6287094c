import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { VIEWPORTS, launchChromium, openContext, watchErrors } from './support/browser';
import { untilHydrated } from './support/pages';

/**
 * Issue 6: two members in two browser contexts. Ante creates a post through the new-post dialog and stays on its
 * page; Mia opens it, replies and likes it; Ante sees the reply and the like count arrive over Socket.IO without
 * reloading. Real headless Chromium against the `npm start` server of e2e/global-setup.ts.
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

async function signedInMember(firstName: string, lastName: string): Promise<{ page: Page; errors: string[] }> {
  const context = await openContext(browser, baseUrl, VIEWPORTS.desktop);
  contexts.push(context);
  // Registering signs the context in (the session cookie lands in its jar, shared with its pages).
  const email = `forum-${firstName.toLowerCase()}-${Date.now()}@example.se`;
  const answer = await context.request.post('/api/auth/register', {
    data: { email, password: 'e2e-password-1', firstName, lastName, displayName: `${firstName} ${lastName}` },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  const page = await context.newPage();
  untilHydrated(page);
  page.setDefaultTimeout(10_000);
  return { page, errors: watchErrors(page) };
}

describe('forum live (desktop, two members)', () => {
  it('a reply and a like from one member appear on the other member’s open post without a reload', { timeout: 30_000 }, async () => {
    const ante = await signedInMember('Ante', 'Author');
    const mia = await signedInMember('Mia', 'Medlem');
    const title = `Saknas: mellanakten ${Date.now()}`;

    // Ante creates a post through the dialog and opens it.
    await ante.page.goto('/forum');
    await ante.page.getByRole('button', { name: 'Skapa inlägg' }).click();
    const dialog = ante.page.getByRole('dialog');
    await dialog.getByLabel('Titel').fill(title);
    await dialog.getByLabel('Innehåll').fill('Har någon spelat in mellanakten? Den saknas i arkivet.');
    await dialog.getByLabel('Kategori', { exact: true }).selectOption('lost-media');
    await dialog.getByRole('textbox', { name: 'Taggar' }).fill('VHS');
    await dialog.getByRole('textbox', { name: 'Taggar' }).press('Enter');
    await dialog.getByRole('button', { name: 'Skapa inlägg' }).click();
    await ante.page.getByText('Inlägg skapat!').waitFor();
    await ante.page.getByRole('link', { name: title }).click();
    await ante.page.getByRole('heading', { level: 1, name: title }).waitFor();
    await ante.page.getByRole('heading', { name: 'Svar (0)' }).waitFor();
    // Set on this document only: still there at the end means the page was never reloaded.
    await ante.page.evaluate(() => Object.assign(window, { forumE2eMarker: true }));
    const postUrl = ante.page.url();
    expect(postUrl).toMatch(/\/forum\/post\/[0-9a-f-]{36}$/);

    // Mia opens it: Ante sees a second reader.
    await mia.page.goto(postUrl);
    await mia.page.getByRole('heading', { level: 1, name: title }).waitFor();
    await ante.page.getByText('2 läser nu').waitFor();

    // Mia replies and likes the post.
    await mia.page.getByLabel('Ditt svar').fill('Jag har den på ett VHS-band!');
    await mia.page.getByRole('button', { name: 'Skicka svar' }).click();
    await mia.page.getByRole('heading', { name: 'Svar (1)' }).waitFor();
    await mia.page.getByRole('button', { name: /^Gilla · \d+ gillning(?:ar)?, Gilla inlägg$/ }).click();
    await mia.page.getByText('Gillat!').waitFor();

    // Ante sees both, in the same document.
    const replies = ante.page.getByRole('list', { name: 'Svar' });
    await replies.getByText('Jag har den på ett VHS-band!').waitFor();
    await replies.getByText('Mia Medlem').waitFor();
    await ante.page.getByRole('heading', { name: 'Svar (1)' }).waitFor();
    const counts = ante.page.getByTestId('post-counts');
    await counts.getByText('1 gillning').waitFor();
    expect(await counts.innerText()).toMatch(/1\s*gillning[\s\S]*1\s*svar/);
    expect(await ante.page.evaluate(() => (window as unknown as { forumE2eMarker?: boolean }).forumE2eMarker)).toBe(true);
    // Ante cannot like his own post.
    expect(await ante.page.getByRole('button', { name: /Du kan inte gilla ditt eget inlägg/ }).isDisabled()).toBe(true);

    expect(ante.errors, 'uncaught errors on Ante’s page').toEqual([]);
    expect(mia.errors, 'uncaught errors on Mia’s page').toEqual([]);
  });
});

/**
 * The server's HTML holds the post (or the list) as it was when rendered, and the tab joins the room only once its
 * socket has connected, later. What was written in between reaches no one's socket: the screen must ask for the
 * current state when it joins. The socket's first request is held here until the other member has written, so the
 * change falls in that gap every time.
 */
describe('forum live: changes made before the socket joined', () => {
  async function holdSocket(page: Page): Promise<() => void> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/socket.io/**', async (route) => {
      await released;
      await route.continue();
    });
    return release;
  }

  it('a reply written while the post page was connecting appears once it has joined', { timeout: 30_000 }, async () => {
    const ante = await signedInMember('Ante', 'Tidig');
    const mia = await signedInMember('Mia', 'Tidig');
    const created = await ante.page.context().request.post('/api/forum/posts', {
      data: { title: `Saknas: pausnumret ${Date.now()}`, content: 'Finns pausnumret inspelat någonstans?' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const post = (await created.json()) as { id: string };

    const release = await holdSocket(ante.page);
    await ante.page.goto(`/forum/post/${post.id}`);
    await ante.page.getByRole('heading', { name: 'Svar (0)' }).waitFor();
    const reply = await mia.page.context().request.post(`/api/forum/posts/${post.id}/replies`, { data: { content: 'Jag har det på band!' } });
    expect(reply.status(), await reply.text()).toBe(201);
    release();

    await ante.page.getByText('1 läser nu').waitFor();
    await ante.page.getByRole('list', { name: 'Svar' }).getByText('Jag har det på band!').waitFor();
    await ante.page.getByRole('heading', { name: 'Svar (1)' }).waitFor();
    expect(ante.errors).toEqual([]);
  });

  it('a post created while the list was connecting is offered behind the banner once it has joined', { timeout: 30_000 }, async () => {
    const ante = await signedInMember('Ante', 'Lista');
    const mia = await signedInMember('Mia', 'Lista');
    const title = `Saknas: vykortet ${Date.now()}`;

    const release = await holdSocket(ante.page);
    await ante.page.goto('/forum');
    await ante.page.getByRole('heading', { level: 1, name: 'Lost Media Forum' }).waitFor();
    const created = await mia.page.context().request.post('/api/forum/posts', { data: { title, content: 'Vykortet före bidrag tre saknas.' } });
    expect(created.status(), await created.text()).toBe(201);
    release();

    // Other e2e files run beside this one and may post in the same moment: the banner counts theirs too.
    await ante.page.getByRole('button', { name: /^Visa (?:1 nytt|\d+ nya) inlägg$/ }).click();
    await ante.page.getByRole('link', { name: title }).waitFor();
    expect(ante.errors).toEqual([]);
  });
});
