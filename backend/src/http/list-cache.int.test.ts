import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, ApiClient, sampleArticle, sampleVideo, sampleYear, startTestBackend, type TestBackend } from '../../test/harness';
import { etagOf } from './list-cache';

/**
 * The list routes serve their JSON from a per-process cache keyed by the read-model position (list-cache.ts):
 * a write is in the next GET, conditional GETs get 304, and two backends on one database never serve a list
 * older than what their own commands waited for.
 */
let first: TestBackend;
let second: TestBackend;
let adminOnFirst: ApiClient;
let adminOnSecond: ApiClient;
let visitorOnFirst: ApiClient;
let visitorOnSecond: ApiClient;

beforeAll(async () => {
  first = await startTestBackend();
  second = await startTestBackend({}, { database: { uri: first.databaseUri } });
  adminOnFirst = await adminClient(first);
  adminOnSecond = await adminClient(second);
  visitorOnFirst = new ApiClient(first.url);
  visitorOnSecond = new ApiClient(second.url);
});
afterAll(async () => {
  await second?.stop();
  await first?.stop();
});

const yearsOf = (reply: { body: unknown }) => (reply.body as Array<{ year: number }>).map((y) => y.year);

describe('list cache', () => {
  it('serves a write in the very next GET of the list', async () => {
    const before = await visitorOnFirst.get('/api/articles');
    expect(before.status).toBe(200);
    expect(before.body).toEqual([]);
    expect((await visitorOnFirst.get('/api/articles')).body).toEqual([]);

    const created = await adminOnFirst.post('/api/articles', sampleArticle());
    expect(created.status).toBe(201);
    expect((await visitorOnFirst.get('/api/articles')).body).toEqual([created.body]);

    const updated = await adminOnFirst.put(`/api/articles/${created.body.id}`, { title: 'Från Cirkus till Friends' });
    expect(updated.status).toBe(200);
    expect((await visitorOnFirst.get('/api/articles')).body).toEqual([updated.body]);

    expect((await adminOnFirst.delete(`/api/articles/${created.body.id}`)).status).toBe(200);
    expect((await visitorOnFirst.get('/api/articles')).body).toEqual([]);
  });

  it('answers If-None-Match with 304 while the list is unchanged, and the new list once it changed', async () => {
    const full = await visitorOnFirst.get('/api/videos');
    const etag = full.headers.get('etag')!;
    expect(etag).toBe(etagOf(full.text));
    expect(full.headers.get('cache-control')).toBe('no-cache');
    expect(full.headers.get('content-type')).toBe('application/json; charset=utf-8');

    const unchanged = await visitorOnFirst.get('/api/videos', { 'if-none-match': etag });
    expect(unchanged.status).toBe(304);
    expect(unchanged.text).toBe('');
    expect(unchanged.headers.get('etag')).toBe(etag);

    const other = await visitorOnFirst.get('/api/videos', { 'if-none-match': '"something-else"' });
    expect(other.status).toBe(200);
    expect(other.text).toBe(full.text);

    const created = await adminOnFirst.post('/api/videos', sampleVideo());
    expect(created.status).toBe(201);
    const changed = await visitorOnFirst.get('/api/videos', { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual([created.body]);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(changed.headers.get('etag')).toBe(etagOf(changed.text));
  });

  it('never serves a list older than the position a command of the same backend waited for, with two backends on one database', async () => {
    // Both backends cache the empty list first.
    expect((await visitorOnFirst.get('/api/years')).body).toEqual([]);
    expect((await visitorOnSecond.get('/api/years')).body).toEqual([]);

    expect((await adminOnFirst.post('/api/years', sampleYear({ year: 1974 }))).status).toBe(201);
    expect(yearsOf(await visitorOnFirst.get('/api/years'))).toEqual([1974]);

    // The second backend's command waits for a position after the first one's write: its list has both.
    expect((await adminOnSecond.post('/api/years', sampleYear({ year: 1984, winner: 'Herreys', song: 'Diggi-Loo Diggi-Ley' }))).status).toBe(201);
    const onSecond = await visitorOnSecond.get('/api/years');
    expect(yearsOf(onSecond)).toEqual([1984, 1974]);

    // And the other way round; then both answer the same bytes under the same ETag, so either validates the other's.
    expect((await adminOnFirst.post('/api/videos', sampleVideo({ title: 'Diggi-Loo Diggi-Ley', year: 1984 }))).status).toBe(201);
    const onFirst = await visitorOnFirst.get('/api/years');
    expect(onFirst.text).toBe(onSecond.text);
    expect(onFirst.headers.get('etag')).toBe(onSecond.headers.get('etag'));
    const revalidated = await visitorOnSecond.get('/api/years', { 'if-none-match': onFirst.headers.get('etag')! });
    expect(revalidated.status).toBe(304);
  });

  it('answers HEAD like GET without a body', async () => {
    const head = await visitorOnFirst.request('HEAD', '/api/years');
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.headers.get('etag')).toBe((await visitorOnFirst.get('/api/years')).headers.get('etag'));
  });
});
