import { describe, expect, it } from 'vitest';
import { etagOf, ifNoneMatchHits, ListCache } from './list-cache';

/** A read-model position that the test moves by hand, and a list query that counts its calls. */
function setup() {
  const readModels = { position: '00000000000000000001' as string | null };
  const calls: string[] = [];
  let release: Array<() => void> = [];
  let gated = false;
  const query = (text: string) => () => {
    calls.push(text);
    if (!gated) return Promise.resolve(text);
    return new Promise<string>((resolve) => release.push(() => resolve(text)));
  };
  return {
    readModels,
    cache: new ListCache(readModels),
    calls,
    query,
    gate: () => void (gated = true),
    releaseAll: () => {
      const pending = release;
      release = [];
      gated = false;
      for (const done of pending) done();
    },
  };
}

describe('ListCache', () => {
  it('queries a list once per read-model position', async () => {
    const { readModels, cache, calls, query } = setup();
    expect((await cache.get('years', query('[1]'))).body.toString()).toBe('[1]');
    expect((await cache.get('years', query('[2]'))).body.toString()).toBe('[1]');
    expect(calls).toEqual(['[1]']);

    readModels.position = '00000000000000000002';
    const fresh = await cache.get('years', query('[2]'));
    expect(fresh).toEqual({ position: '00000000000000000002', body: Buffer.from('[2]'), etag: etagOf('[2]') });
    expect(calls).toEqual(['[1]', '[2]']);
  });

  it('keeps each list apart', async () => {
    const { cache, query } = setup();
    expect((await cache.get('years', query('[1]'))).body.toString()).toBe('[1]');
    expect((await cache.get('articles', query('[]'))).body.toString()).toBe('[]');
  });

  it('caches before any position is known, until one is', async () => {
    const { readModels, cache, calls, query } = setup();
    readModels.position = null;
    await cache.get('years', query('[]'));
    await cache.get('years', query('[]'));
    readModels.position = '00000000000000000001';
    expect((await cache.get('years', query('[1]'))).body.toString()).toBe('[1]');
    expect(calls).toEqual(['[]', '[1]']);
  });

  it('shares one query between concurrent misses at the same position, not with a later position', async () => {
    const { readModels, cache, calls, query, gate, releaseAll } = setup();
    gate();
    const a = cache.get('years', query('[1]'));
    const b = cache.get('years', query('[1]'));
    readModels.position = '00000000000000000002';
    const c = cache.get('years', query('[2]'));
    releaseAll();
    expect((await a).body.toString()).toBe('[1]');
    expect((await b).body.toString()).toBe('[1]');
    expect((await c).body.toString()).toBe('[2]');
    expect(calls).toEqual(['[1]', '[2]']);
    // The newer entry stays: no query at the current position.
    expect((await cache.get('years', query('[3]'))).body.toString()).toBe('[2]');
  });

  it('does not let a failed query stick', async () => {
    const { cache } = setup();
    await expect(cache.get('years', () => Promise.reject(new Error('database away')))).rejects.toThrow('database away');
    expect((await cache.get('years', () => Promise.resolve('[1]'))).body.toString()).toBe('[1]');
  });

  it('derives a strong ETag from the content', () => {
    expect(etagOf('[1]')).toBe(etagOf('[1]'));
    expect(etagOf('[1]')).not.toBe(etagOf('[2]'));
    expect(etagOf('[1]')).toMatch(/^"[A-Za-z0-9_-]+"$/);
  });

  it('matches If-None-Match against the ETag: lists, weak tags and *', () => {
    const etag = '"abc"';
    expect(ifNoneMatchHits('"abc"', etag)).toBe(true);
    expect(ifNoneMatchHits('W/"abc"', etag)).toBe(true);
    expect(ifNoneMatchHits('"x", "abc"', etag)).toBe(true);
    expect(ifNoneMatchHits('*', etag)).toBe(true);
    expect(ifNoneMatchHits('"abcd"', etag)).toBe(false);
    expect(ifNoneMatchHits('', etag)).toBe(false);
    expect(ifNoneMatchHits(undefined, etag)).toBe(false);
  });
});
