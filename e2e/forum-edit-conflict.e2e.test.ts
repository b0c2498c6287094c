import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { VIEWPORTS } from './support/browser';
import { pagesForFile } from './support/pages';

/**
 * Optimistic concurrency in the forum (docs/event-sourcing.md, "Edits across requests"): the same member in two
 * browsers opens the same post's edit form; the first saves; the second's save is refused and shows the newer
 * version beside its own typed values, still in the form, and it then saves its version over the newer one. And a
 * delete of a post someone changed since the page read it is refused, said in Swedish, and works when asked again.
 * Real headless Chromium against the `npm start` server of e2e/global-setup.ts; each test makes its own member.
 */
const baseUrl = inject('e2eBaseUrl');
const PASSWORD = 'e2e-password-1';
const newPage = pagesForFile({ baseUrl, name: 'forum-conflict' });

/** A browser signed in as the member (registered by the first call, signed in by the later ones; names are unique). */
const memberTab = (email: string, register: boolean) =>
  newPage(VIEWPORTS.desktop, async (context) => {
    const answer = register
      ? await context.request.post('/api/auth/register', { data: { email, password: PASSWORD, displayName: `Krock ${email.replace(/\D/g, '')}` } })
      : await context.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
    expect(answer.status(), await answer.text()).toBe(register ? 201 : 200);
  });

type PostBody = { id: string; title: string; content: string; tags: string[] };
const postOf = async (page: Page, id: string) => (await (await page.request.get(`/api/forum/posts/${id}`)).json()) as PostBody;

async function createPost(page: Page, title: string): Promise<PostBody> {
  const created = await page.request.post('/api/forum/posts', {
    data: { title, content: 'Någon som har finalen på VHS?', category: 'lost-media', tags: ['VHS'] },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as PostBody;
}

async function openEditForm(page: Page, post: PostBody) {
  await page.goto(`/forum/post/${post.id}`);
  await page.getByRole('heading', { level: 1, name: post.title }).waitFor();
  await page.getByRole('button', { name: 'Hantera inlägget' }).click();
  await page.getByRole('menuitem', { name: 'Redigera' }).click();
  await page.getByRole('heading', { level: 1, name: 'Redigera inlägg' }).waitFor();
}

const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

describe('forum: edit conflicts (desktop, one member in two browsers)', () => {
  it('shows the second browser the newer post beside its unsaved values, and saves its version over it', { timeout: 90_000 }, async () => {
    const email = `forum-conflict-${Date.now()}@example.se`;
    const first = await memberTab(email, true);
    const second = await memberTab(email, false);
    const post = await createPost(first, `Saknas: finalen ${Date.now()}`);
    for (const page of [first, second]) await openEditForm(page, post);

    // The first browser saves a new title.
    const newerTitle = `${post.title} (hittad!)`;
    await textbox(first, 'Titel').fill(newerTitle);
    await first.getByRole('button', { name: 'Spara ändringar' }).click();
    await first.getByRole('heading', { level: 1, name: newerTitle }).waitFor();

    // The second, opened before that save (and shown it live on the page), changes the content and saves: refused.
    const mine = 'Jag har en kopia på Betamax, inte VHS.';
    await textbox(second, 'Innehåll').fill(mine);
    await second.getByRole('button', { name: 'Spara ändringar' }).click();
    const conflict = second.getByRole('alert', { name: 'Krock med en nyare version' });
    await conflict.waitFor();
    await expect.poll(() => conflict.textContent()).toContain('Någon annan har ändrat inlägget sedan du öppnade det');
    const differences = conflict.getByRole('table', { name: 'Skillnader mot den nya versionen' });
    const titleRow = differences.getByRole('row').filter({ hasText: 'Titel' });
    expect(await titleRow.getByRole('cell').allTextContents()).toEqual(['Titel', post.title, newerTitle]);
    const contentRow = differences.getByRole('row').filter({ hasText: 'Innehåll' });
    expect(await contentRow.getByRole('cell').allTextContents()).toEqual(['Innehåll', mine, post.content]);
    // Nothing typed is lost, and nothing of it was saved.
    expect(await textbox(second, 'Innehåll').inputValue()).toBe(mine);
    expect(await textbox(second, 'Titel').inputValue()).toBe(post.title);
    expect(await postOf(second, post.id)).toMatchObject({ title: newerTitle, content: post.content });

    // Resolved: the second saves its own version over the newer one (sent with the newer ETag).
    await conflict.getByRole('button', { name: 'Spara min version ändå' }).click();
    await second.getByRole('heading', { level: 1, name: post.title }).waitFor();
    expect(await postOf(second, post.id)).toMatchObject({ title: post.title, content: mine, tags: ['VHS'] });
  });

  it('does not delete a post changed since the page read it: says so, shows the newer one, and deletes when asked again', { timeout: 60_000 }, async () => {
    const email = `forum-conflict-delete-${Date.now()}@example.se`;
    const page = await memberTab(email, true);
    const post = await createPost(page, `Att radera ${Date.now()}`);
    await page.goto(`/forum/post/${post.id}`);
    await page.getByRole('heading', { level: 1, name: post.title }).waitFor();

    // Someone (the same member elsewhere) changes the post after the page read it.
    const newerTitle = `${post.title} (ändrad)`;
    const put = await page.request.put(`/api/forum/posts/${post.id}`, { data: { title: newerTitle } });
    expect(put.status(), await put.text()).toBe(200);

    const deleteOnce = async () => {
      await page.getByRole('button', { name: 'Hantera inlägget' }).click();
      await page.getByRole('menuitem', { name: 'Radera' }).click();
      await page.getByRole('alertdialog').or(page.getByRole('dialog')).getByRole('button', { name: 'Radera' }).click();
    };
    await deleteOnce();
    await page.getByRole('alert').filter({ hasText: 'Inlägget har ändrats sedan du öppnade det och har inte raderats' }).waitFor();
    await page.getByRole('heading', { level: 1, name: newerTitle }).waitFor();
    expect((await page.request.get(`/api/forum/posts/${post.id}`)).status()).toBe(200);

    // Having seen the newer version, the member deletes it.
    await deleteOnce();
    await page.waitForURL('**/forum');
    expect((await page.request.get(`/api/forum/posts/${post.id}`)).status()).toBe(404);
  });
});
