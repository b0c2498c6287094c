import { request as playwrightRequest, type Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { authApi, forumApi } from '@mello/contracts';
import { VIEWPORTS } from './support/browser';
import { pagesForFile, signInAsNewMember } from './support/pages';

/**
 * A keyboard user acts on a post where they are: like, save, watch and send a reply with Enter. Focus stays on the
 * button pressed, through its pending state and after it (liked: it cannot be pressed again; a reply sent: the box
 * is empty), never dropped to the top of the document.
 */
const baseUrl = inject('e2eBaseUrl');
const newPage = pagesForFile({ baseUrl, name: 'forum-keyboard' });
let postId = '';

beforeAll(async () => {
  const author = await playwrightRequest.newContext({ baseURL: baseUrl });
  const registered = await author.post(authApi.register.path, {
    data: { email: `kb-author-${Date.now()}@example.se`, password: 'e2e-password-1', displayName: `Tangentförfattare ${Date.now()}` },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const created = await author.post(forumApi.createPost.path, {
    data: { title: 'Finns mellanakten från 1985 kvar?', content: 'Jag letar efter mellanakten från finalen 1985.', category: 'lost-media' },
  });
  expect(created.status(), await created.text()).toBe(201);
  postId = ((await created.json()) as { id: string }).id;
  await author.dispose();
});

/** The accessible name of the focused element, or its tag when it has none (BODY: focus was dropped). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return element instanceof HTMLButtonElement ? `button:${element.textContent?.trim() ?? ''}` : (element?.tagName ?? 'none');
  });

describe('a post acted on from the keyboard', () => {
  it('keeps focus on Gilla, Spara, Bevaka and Skicka svar after Enter', async () => {
    const page = await newPage(VIEWPORTS.desktop, signInAsNewMember('kb-reader', `Tangentläsare ${Date.now()}`));
    await page.goto(`/forum/post/${postId}`);
    const main = page.getByRole('main');

    const like = main.getByRole('button', { name: /^Gilla/ }).first();
    await like.focus();
    await page.keyboard.press('Enter');
    await main
      .getByRole('button', { name: /^Gillat/ })
      .first()
      .waitFor();
    expect(await focused(page)).toMatch(/^button:Gillat/);

    const save = main.getByRole('button', { name: 'Spara inlägget' });
    await save.focus();
    await page.keyboard.press('Enter');
    await main.getByRole('button', { name: 'Ta bort inlägget från sparade' }).waitFor();
    expect(await focused(page)).toMatch(/^button:Sparad/);

    const watch = main.getByRole('button', { name: 'Bevaka' });
    await watch.focus();
    await page.keyboard.press('Enter');
    await main.getByRole('button', { name: 'Tysta' }).waitFor();
    expect(await focused(page)).toBe('button:Tysta');

    await main.getByRole('textbox', { name: 'Ditt svar' }).fill('Jag har den på VHS, hör av dig!');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('button:Skicka svar');
    await page.keyboard.press('Enter');
    await main.getByText('Jag har den på VHS, hör av dig!').waitFor();
    await expect.poll(() => main.getByRole('textbox', { name: 'Ditt svar' }).inputValue()).toBe('');
    expect(await focused(page)).toBe('button:Skicka svar');
  });
});
