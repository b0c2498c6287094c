import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVER_RENDER_PATH, articleApi, forumApi, searchApi, yearApi } from '@mello/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, ApiClient, sampleYear, startTestBackend, type TestBackend } from '../../test/harness';

/**
 * The server's page rendering and its cache (backend/src/ssr), against a real backend with a stand-in for the
 * client build's server render: a module with the same seam (contracts: ServerRenderModule) that asks the API
 * through the transport the server gives it, exactly as frontend/src/entry-server.tsx does, and writes what it got
 * and how many renders it has made into the page. (The real render, in Chromium and without JavaScript, is the
 * e2e suite's server-rendered.e2e.test.ts.)
 */
const RENDER_MODULE = `
let send = null;
let renders = 0;
export function setApiTransport(transport) { send = transport; }
const apiOf = (pathname) =>
  pathname.startsWith('/forum/post/') ? '${forumApi.post.path.replace(':id', '')}' + pathname.split('/')[3]
  : pathname === '/forum' ? '${searchApi.forum.path}'
  : pathname === '/blog' ? '${articleApi.list.path}'
  : '${yearApi.list.path}';
export async function render({ url, now }) {
  renders += 1;
  const api = apiOf(new URL(url, 'http://x').pathname);
  const answer = await send(api, { method: 'GET' });
  const json = await answer.text();
  const text = json.replace(/[<&]/g, ' ');
  return { html: '<main data-render="' + renders + '" data-now="' + now + '" data-status="' + answer.status + '">' + text + '</main>', styles: '<style data-server-styles="css test">.x{}</style>', queries: [{ key: [api], json }], missing: [], errors: [] };
}
`;

let backend: TestBackend;
let dist: string;
let visitor: ApiClient;
let admin: ApiClient;

/** The last build's modification time: each write's is a second later, so no two builds share one. */
let builtAt = Date.now();
const writeRenderModule = (source: string) => {
  const file = path.join(dist, ...SERVER_RENDER_PATH);
  writeFileSync(file, source);
  // A new build is a newer file, even within the same millisecond as the last. (A random time could repeat an
  // earlier build's, and the renderer, which imports a build by its time, would be given that build again.)
  builtAt = Math.max(builtAt, Date.now()) + 1000;
  const later = new Date(builtAt);
  utimesSync(file, later, later);
};

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'mello-ssr-dist-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><!--app-head--></head><body><div id="root"></div></body></html>');
  mkdirSync(path.join(dist, SERVER_RENDER_PATH[0]));
  writeRenderModule(RENDER_MODULE);
  backend = await startTestBackend({ VIEW_FLUSH_MS: '3600000' }, { backend: { clientDir: dist } });
  visitor = new ApiClient(backend.url);
  admin = await adminClient(backend);
});
afterAll(async () => {
  await backend?.stop();
  rmSync(dist, { recursive: true, force: true });
});

type Page = { status: number; html: string; render: number; etag: string | null };
async function page(client: ApiClient, url: string, headers: Record<string, string> = {}): Promise<Page> {
  const reply = await client.get(url, { accept: 'text/html', ...headers });
  const render = Number(/data-render="(\d+)"/.exec(reply.text)?.[1] ?? -1);
  return { status: reply.status, html: reply.text, render, etag: reply.headers.get('etag') };
}

async function newPost(client: ApiClient, title: string): Promise<string> {
  const created = await client.post(forumApi.createPost.path, { title, content: 'Finns den kvar någonstans?', category: 'lost-media', tags: [] });
  expect(created.status, created.text).toBe(201);
  return (created.body as { id: string }).id;
}

describe('server-rendered pages', () => {
  it('keeps no page with a query string: endless variants cannot push the readers’ pages out of the cache', async () => {
    const kept = await page(visitor, '/years');
    const first = await page(visitor, '/years?variant=1');
    expect(first.status).toBe(200);
    expect(first.html).toContain('<main data-render=');
    const again = await page(visitor, '/years?variant=1');
    expect(again.render).toBeGreaterThan(first.render);
    expect((await page(visitor, '/years')).render).toBe(kept.render);
  });

  it('renders a page once, then serves it from memory with an ETag (304 when unchanged)', async () => {
    const first = await page(visitor, '/years');
    expect(first.status).toBe(200);
    expect(first.html).toContain('<div id="root"><main data-render=');
    const again = await page(visitor, '/years');
    expect(again.render).toBe(first.render);
    expect(again.etag).toBe(first.etag);
    const revalidated = await visitor.get('/years', { accept: 'text/html', 'if-none-match': first.etag! });
    expect(revalidated.status).toBe(304);
    // The data it was rendered from is in the page for the client, with the time it was rendered at.
    const script = /<script type="application\/json" id="initial-data">([\s\S]*?)<\/script>/.exec(first.html)?.[1];
    const initial = JSON.parse(script!) as { now: number; queries: Array<{ key: unknown[]; data: unknown }> };
    expect(initial.queries).toEqual([{ key: [yearApi.list.path], data: [] }]);
    expect(first.html).toContain(`data-now="${initial.now}"`);
  });

  it('renders a page again after a write to a read model it shows, in the very next request', async () => {
    const before = await page(visitor, '/years');
    expect((await admin.post(yearApi.create.path, sampleYear({ year: 1991, winner: 'Carola', song: 'Fångad av en stormvind' }))).status).toBe(201);
    const after = await page(visitor, '/years');
    expect(after.render).toBeGreaterThan(before.render);
    expect(after.html).toContain('Fångad av en stormvind');
  });

  it('keeps an archive page through forum activity, while the forum pages are rendered again', async () => {
    const member = new ApiClient(backend.url);
    await member.register('ssr-forum@example.org');
    const years = await page(visitor, '/years');
    const forum = await page(visitor, '/forum');
    await newPost(member, 'Saknas: Carola 1983 i färg');
    // The post's position is reached (read your writes) before the next request: the forum list shows it.
    const forumAfter = await page(visitor, '/forum');
    expect(forumAfter.render).toBeGreaterThan(forum.render);
    expect(forumAfter.html).toContain('Saknas: Carola 1983 i färg');
    expect((await page(visitor, '/years')).render).toBe(years.render);
  });

  it('gives a member the same page as a visitor: no user in it', async () => {
    const member = new ApiClient(backend.url);
    await member.register('ssr-same@example.org', 'member-password-1', { displayName: 'Samma Sida' });
    const forVisitor = await page(visitor, '/blog');
    const forMember = await page(member, '/blog');
    expect(forMember.html).toBe(forVisitor.html);
    expect(forMember.html).not.toContain('Samma Sida');
  });

  it("counts a forum post's page request as one view: its render's own call of the API counts none", async () => {
    const author = new ApiClient(backend.url);
    await author.register('ssr-author@example.org');
    const postId = await newPost(author, 'Saknas: mellanakten 1977');
    const reader = new ApiClient(backend.url);
    await reader.register('ssr-reader@example.org');
    expect(backend.views.pendingFor(postId)).toBe(0);
    const opened = await page(reader, `/forum/post/${postId}`);
    expect(opened.status).toBe(200);
    expect(opened.html).toContain('data-status="200"');
    expect(backend.views.pendingFor(postId)).toBe(1);
    // From the cache: still a view of its own (another reader), and the render did not run again.
    const other = new ApiClient(backend.url);
    await other.register('ssr-other@example.org');
    const cached = await page(other, `/forum/post/${postId}`);
    expect(backend.views.pendingFor(postId)).toBe(2);
    expect(cached.render).toBe(opened.render);
  });

  it('keeps no 404 page, and renders every request for one (an unbounded set of addresses)', async () => {
    const first = await page(visitor, '/finns-inte');
    const second = await page(visitor, '/finns-inte');
    expect(first.status).toBe(404);
    expect(second.render).toBeGreaterThan(first.render);
  });

  it('serves pages of a new build once it replaces the server render, without a restart', async () => {
    const before = await page(visitor, '/years');
    writeRenderModule(RENDER_MODULE.replace("'<main data-render=\"'", '\'<main data-build="2" data-render="\''));
    const after = await page(visitor, '/years');
    expect(after.html).toContain('data-build="2"');
    expect(before.html).not.toContain('data-build="2"');
  });

  it('sends the page unrendered (the browser renders it) when the server render fails to load', async () => {
    writeRenderModule('export const broken = ;');
    const reply = await page(visitor, '/years');
    expect(reply.status).toBe(200);
    expect(reply.html).toContain('<div id="root"></div>');
    writeRenderModule(RENDER_MODULE);
    expect((await page(visitor, '/years')).html).toContain('<main data-render=');
  });
});
