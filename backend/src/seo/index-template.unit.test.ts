import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pageMeta } from '@mello/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { HEAD_MARKER, IndexTemplate } from './index-template';
import { matchClientRoute } from './client-routes';

const dirs: string[] = [];
const distWith = (html: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mello-dist-'));
  dirs.push(dir);
  writeFileSync(path.join(dir, 'index.html'), html);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('index.html template', () => {
  it('without a client build, a built-in page still carries the route meta', () => {
    const template = new IndexTemplate(path.join(os.tmpdir(), 'no-such-dist-folder'));
    expect(template.built).toBe(false);
    const html = template.render(pageMeta.about(), 'http://localhost:3000');
    expect(html).toContain('<title data-page-meta>Om Oss | Melloarkivet</title>');
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/about" data-page-meta>');
    expect(html).not.toContain(HEAD_MARKER);
  });

  it("replaces the marker, drops index.html's own title and description, and reloads after a rebuild", () => {
    const dir = distWith(`<html><head><title>Gammal</title><meta name="description" content="gammal">${HEAD_MARKER}</head><body>v1</body></html>`);
    const template = new IndexTemplate(dir);
    const first = template.render(pageMeta.home(), 'http://x');
    expect(first.match(/<title/g)).toHaveLength(1);
    expect(first).not.toContain('Gammal');
    expect(first.match(/name="description"/g)).toHaveLength(1);
    expect(first).toContain('v1');
    writeFileSync(path.join(dir, 'index.html'), `<html><head>${HEAD_MARKER}</head><body>v2</body></html>`);
    utimesSync(path.join(dir, 'index.html'), new Date(), new Date(Date.now() + 5000));
    expect(template.render(pageMeta.home(), 'http://x')).toContain('v2');
  });

  it('puts the tags before </head> when the marker is missing, and takes $ patterns in titles literally', () => {
    const template = new IndexTemplate(distWith('<html><head><meta charset="utf-8"></head><body></body></html>'));
    const html = template.render({ title: 'Pris $& och $1', description: 'd', path: '/' }, 'http://x');
    expect(html).toMatch(/<title data-page-meta>Pris \$&amp; och \$1<\/title>[\s\S]*<\/head>/);
  });
});

describe('client routes', () => {
  it.each([
    ['/', 'home'],
    ['/years', 'years'],
    ['/years/', 'years'],
    ['/year/1974', 'year'],
    ['/article/abc', 'article'],
    ['/video-archive', 'videoArchive'],
    ['/blog', 'blog'],
    ['/search', 'search'],
    ['/about', 'about'],
    ['/login', 'login'],
    ['/forum', 'forum'],
    ['/lost-media', 'forum'],
    ['/forum/post/abc', 'forumPost'],
    ['/admin', 'admin'],
    ['/admin/edit-year/abc', 'admin'],
  ])('%s is the %s page', (pathname, page) => expect(matchClientRoute(pathname)?.page).toBe(page));

  it.each(['/nope', '/year', '/year/1974/extra', '/article', '/forum/post', '/admin/other/x', '/article/%E0%A4%A'])('%s is not a page', (pathname) =>
    expect(matchClientRoute(pathname)).toBeNull(),
  );

  it('a year that is not a number is a year route without a number (answered 404)', () => {
    expect(matchClientRoute('/year/abc')).toEqual({ page: 'year', year: null });
  });
});
