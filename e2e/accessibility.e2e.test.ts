import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { request as playwrightRequest, type Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { authApi, forumApi, pathOf } from '@mello/contracts';
import { VIEWPORTS } from './support/browser';
import { pagesForFile, signInAsAdmin, signInAsNewMember } from './support/pages';

/**
 * The public screens, a member's forum and the admin panel through axe-core (the rules Lighthouse's accessibility
 * audit runs): no serious or critical violation, on a desktop and a phone. Against the `npm start` server of
 * e2e/global-setup.ts, with the real archive import.
 */
const baseUrl = inject('e2eBaseUrl');
const newPage = pagesForFile({ baseUrl, name: 'accessibility' });
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const STAMP = Date.now();
let postId = '';
let articleId = '';

beforeAll(async () => {
  const api = await playwrightRequest.newContext({ baseURL: baseUrl });
  const registered = await api.post(authApi.register.path, {
    data: { email: `a11y-${STAMP}@example.se`, password: 'e2e-password-1', displayName: `Tillgänglig ${STAMP}` },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const created = await api.post(forumApi.createPost.path, {
    data: { title: `Finns Melodifestivalen 1961 på band? ${STAMP}`, content: 'Jag letar efter **hela** sändningen.', category: 'lost-media' },
  });
  expect(created.status(), await created.text()).toBe(201);
  postId = ((await created.json()) as { id: string }).id;
  const reply = await api.post(pathOf(forumApi.createReply, { id: postId }), { data: { content: 'Kolla i SVT:s Öppet arkiv.' } });
  expect(reply.status(), await reply.text()).toBe(201);
  // GET /api/articles answers the whole list, newest first.
  articleId = ((await (await api.get('/api/articles')).json()) as Array<{ id: string }>)[0]!.id;
  await api.dispose();
});

/** axe-core's serious and critical violations on the page as it stands, one line each with its first elements. */
async function violations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: AxeViolation[] }> } }).axe;
    type AxeViolation = { id: string; impact: string | null; nodes: Array<{ target: string[] }> };
    const { violations: found } = await axe.run(document);
    return found
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${violation.id}: ${violation.nodes
            .slice(0, 3)
            .map((node) => node.target.join(' '))
            .join(' ; ')}`,
      );
  });
}

describe('no serious or critical accessibility violation (axe-core)', () => {
  const publicPaths = () => [
    '/',
    '/years',
    '/year/1974',
    '/year/1963',
    '/forum',
    `/forum/post/${postId}`,
    '/video-archive',
    '/blog',
    `/article/${articleId}`,
    '/about',
    '/search?q=abba',
    '/statistik',
    '/artist/abba',
    '/kallor',
    '/login',
    '/finns-inte',
  ];
  for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.mobile]) {
    it(`the public screens for a visitor (${viewport.name})`, { timeout: 120_000 }, async () => {
      const page = await newPage(viewport);
      const found: string[] = [];
      for (const path of publicPaths()) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        found.push(...(await violations(page)).map((line) => `${path} ${line}`));
      }
      expect(found).toEqual([]);
    });
  }

  it("a member's forum list and post, and the administrator's panel", { timeout: 120_000 }, async () => {
    const found: string[] = [];
    for (const [signIn, paths] of [
      [signInAsNewMember('a11y-member', `Läsare ${STAMP}`), ['/forum', `/forum/post/${postId}`, '/notiser']],
      [signInAsAdmin, ['/admin', `/forum/post/${postId}`]],
    ] as const) {
      const page = await newPage(VIEWPORTS.desktop, signIn);
      for (const path of paths) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        found.push(...(await violations(page)).map((line) => `${path} ${line}`));
      }
    }
    expect(found).toEqual([]);
  });
});
