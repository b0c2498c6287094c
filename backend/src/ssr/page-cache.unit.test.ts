import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CachedPage, PageCache } from './page-cache';

const page = (html: string, stamp = 's1', readModels: readonly string[] = ['years']) => new CachedPage(200, Buffer.from(html), readModels, stamp);
const same = () => 's1';

describe('page cache', () => {
  it('serves a page while the stamp of its read models is the one it was rendered at, and drops it after', () => {
    const cache = new PageCache(1 << 20);
    cache.set('/years', page('<p>år</p>'));
    expect(cache.get('/years', same)?.html.toString()).toBe('<p>år</p>');
    const asked: Array<readonly string[]> = [];
    expect(
      cache.get('/years', (readModels) => {
        asked.push(readModels);
        return 's2';
      }),
    ).toBeNull();
    expect(asked).toEqual([['years']]);
    // Dropped: not even the old stamp brings it back.
    expect(cache.get('/years', same)).toBeNull();
    expect(cache.size).toBe(0);
    expect(cache.heldBytes).toBe(0);
  });

  it('stays within its bytes (HTML and both compressed forms counted), least recently used out first', () => {
    const html = (n: number) => `<p>${String(n).repeat(4000)}</p>`;
    const one = page(html(1)).prepare();
    const cache = new PageCache(one * 2 + 10);
    cache.set('/a', page(html(1)));
    cache.set('/b', page(html(2)));
    expect(cache.get('/a', same)).not.toBeNull(); // /a is now the most recent
    cache.set('/c', page(html(3)));
    expect(cache.size).toBe(2);
    expect(cache.heldBytes).toBeLessThanOrEqual(one * 2 + 10);
    expect(cache.get('/b', same)).toBeNull();
    expect(cache.get('/a', same)).not.toBeNull();
    expect(cache.get('/c', same)).not.toBeNull();
  });

  it('keeps nothing with a bound of 0, and replacing an entry recounts its bytes', () => {
    const none = new PageCache(0);
    none.set('/a', page('<p>a</p>'));
    expect(none.get('/a', same)).toBeNull();
    const cache = new PageCache(1 << 20);
    cache.set('/a', page('<p>first</p>'));
    cache.set('/a', page('<p>second, longer</p>'));
    expect(cache.size).toBe(1);
    expect(cache.heldBytes).toBe(page('<p>second, longer</p>').prepare());
  });

  it('answers the page as it is, gzip or brotli, each made once, with a strong ETag of its content', () => {
    const cached = page('<p>Waterloo</p>'.repeat(200));
    expect(gunzipSync(cached.body('gzip')).toString()).toBe(cached.html.toString());
    expect(brotliDecompressSync(cached.body('br')).toString()).toBe(cached.html.toString());
    expect(cached.body('br')).toBe(cached.body('br'));
    expect(cached.etag).toBe(page('<p>Waterloo</p>'.repeat(200), 'other').etag);
    expect(cached.etag).not.toBe(page('<p>Snabbfakta</p>').etag);
  });
});
