import { STALE_EDIT_MESSAGES } from '@mello/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, sampleArticle, sampleVideo, sampleYear, startTestBackend, type ApiClient, type TestBackend } from '../../test/harness';

/**
 * Optimistic concurrency across requests (docs/event-sourcing.md): the GET of a single document answers its stream
 * revision as ETag (years, videos, articles, forum posts, entries, artists, sources); a PUT or DELETE with an older
 * If-Match is a 412 that appends nothing; the current one saves and answers the new ETag; no If-Match saves as
 * before; a malformed one is a 400.
 */
let backend: TestBackend;
let admin: ApiClient;
/** The act the entries are of, in a year of their own (the years below start at 1961). */
let entryArtistId: string;
const ENTRY_YEAR = 1958;

beforeAll(async () => {
  backend = await startTestBackend();
  admin = await adminClient(backend);
  expect((await admin.post('/api/years', sampleYear({ year: ENTRY_YEAR }))).status).toBe(201);
  const artist = await admin.post('/api/artists', { name: 'Alice Babs' });
  expect(artist.status).toBe(201);
  entryArtistId = artist.body.id;
});
afterAll(async () => {
  await backend?.stop();
});

type Resource = {
  name: string;
  create: (n: number) => Promise<{ id: string; get: string }>;
  item: (id: string) => string;
  stream: (id: string) => string;
  change: (n: number) => Record<string, unknown>;
  stale: string;
};

let counter = 0;
const resources: Resource[] = [
  {
    name: 'a year',
    create: async (n) => {
      const year = 1960 + n;
      const created = await admin.post('/api/years', sampleYear({ year }));
      expect(created.status).toBe(201);
      return { id: created.body.id, get: `/api/years/by-year/${year}` };
    },
    item: (id) => `/api/years/${id}`,
    stream: (id) => `year-${id}`,
    change: (n) => ({ winner: `Vinnare ${n}` }),
    stale: STALE_EDIT_MESSAGES.year,
  },
  {
    name: 'a video',
    create: async () => {
      const created = await admin.post('/api/videos', sampleVideo());
      expect(created.status).toBe(201);
      return { id: created.body.id, get: `/api/videos/${created.body.id}` };
    },
    item: (id) => `/api/videos/${id}`,
    stream: (id) => `video-${id}`,
    change: (n) => ({ title: `Titel ${n}` }),
    stale: STALE_EDIT_MESSAGES.video,
  },
  {
    name: 'an article',
    create: async (n) => {
      const created = await admin.post('/api/articles', sampleArticle({ title: `Artikel nummer ${n}` }));
      expect(created.status).toBe(201);
      return { id: created.body.id, get: `/api/articles/${created.body.id}` };
    },
    item: (id) => `/api/articles/${id}`,
    stream: (id) => `article-${id}`,
    change: (n) => ({ excerpt: `Ingress ${n}` }),
    stale: STALE_EDIT_MESSAGES.article,
  },
  {
    name: 'a forum post',
    create: async (n) => {
      const created = await admin.post('/api/forum/posts', { title: `Letar efter inspelning ${n}`, content: 'Någon som har den på VHS?' });
      expect(created.status).toBe(201);
      return { id: created.body.id, get: `/api/forum/posts/${created.body.id}` };
    },
    item: (id) => `/api/forum/posts/${id}`,
    stream: (id) => `forum-post-${id}`,
    change: (n) => ({ content: `Någon som har den på VHS? Ändrad ${n}.` }),
    stale: STALE_EDIT_MESSAGES.forumPost,
  },
  {
    name: 'an entry',
    create: async (n) => {
      const created = await admin.post('/api/entries', { year: ENTRY_YEAR, artistId: entryArtistId, song: `Låt ${n}` });
      expect(created.status).toBe(201);
      return { id: created.body.id, get: `/api/entries/${created.body.id}` };
    },
    item: (id) => `/api/entries/${id}`,
    stream: (id) => `entry-${id}`,
    change: (n) => ({ finalPoints: n }),
    stale: STALE_EDIT_MESSAGES.entry,
  },
  {
    name: 'an artist',
    create: async (n) => {
      const created = await admin.post('/api/artists', { name: `Artist nummer ${n}` });
      expect(created.status).toBe(201);
      return { id: created.body.id, get: `/api/artists/${created.body.slug}` };
    },
    item: (id) => `/api/artists/${id}`,
    stream: (id) => `artist-${id}`,
    change: (n) => ({ name: `Omdöpt artist ${n}` }),
    stale: STALE_EDIT_MESSAGES.artist,
  },
  {
    name: 'a source',
    create: async (n) => {
      const created = await admin.post('/api/sources', { key: `kalla-${n}`, description: `Källa ${n}` });
      expect(created.status).toBe(201);
      return { id: created.body.id, get: `/api/sources/kalla-${n}` };
    },
    item: (id) => `/api/sources/${id}`,
    stream: (id) => `source-${id}`,
    change: (n) => ({ description: `Rättad beskrivning ${n}` }),
    stale: STALE_EDIT_MESSAGES.source,
  },
];

const revisions = async (stream: string) => (await backend.store.readStream(stream)).length;

describe.each(resources)('optimistic concurrency of $name', (resource) => {
  it('answers its stream revision as a strong ETag', async () => {
    const { id, get } = await resource.create((counter += 1));
    const opened = await admin.get(get);
    expect(opened.status).toBe(200);
    expect(opened.body.id).toBe(id);
    expect(opened.headers.get('etag')).toBe('"0"');
  });

  it('refuses a PUT with a stale If-Match (412, Swedish, nothing appended) and saves with the current one', async () => {
    const { id, get } = await resource.create((counter += 1));
    const opened = (await admin.get(get)).headers.get('etag')!;
    // Someone else saves first: the document moves on to revision 1.
    const first = await admin.put(resource.item(id), resource.change((counter += 1)), { 'If-Match': opened });
    expect(first.status).toBe(200);
    expect(first.headers.get('etag')).toBe('"1"');
    const before = await revisions(resource.stream(id));

    const stale = await admin.put(resource.item(id), resource.change((counter += 1)), { 'If-Match': opened });
    expect(stale.status).toBe(412);
    expect(stale.body).toEqual({ error: resource.stale });
    expect(await revisions(resource.stream(id))).toBe(before);

    const current = (await admin.get(get)).headers.get('etag')!;
    expect(current).toBe('"1"');
    const saved = await admin.put(resource.item(id), resource.change((counter += 1)), { 'If-Match': current });
    expect(saved.status).toBe(200);
    expect(saved.headers.get('etag')).toBe('"2"');
    expect(await revisions(resource.stream(id))).toBe(before + 1);
    expect((await admin.get(get)).headers.get('etag')).toBe('"2"');
  });

  it('lets exactly one of two saves based on the same revision through; the other is a 412 (the append checks it)', async () => {
    const { id, get } = await resource.create((counter += 1));
    const opened = (await admin.get(get)).headers.get('etag')!;
    const saves = await Promise.all([1, 2].map(() => admin.put(resource.item(id), resource.change((counter += 1)), { 'If-Match': opened })));
    expect(saves.map((save) => save.status).sort()).toEqual([200, 412]);
    expect(await revisions(resource.stream(id))).toBe(2);
  });

  it('refuses a stale If-Match even when the save would change nothing', async () => {
    const { id, get } = await resource.create((counter += 1));
    const opened = (await admin.get(get)).headers.get('etag')!;
    const change = resource.change((counter += 1));
    expect((await admin.put(resource.item(id), change)).status).toBe(200);
    const stale = await admin.put(resource.item(id), change, { 'If-Match': opened });
    expect(stale.status).toBe(412);
  });

  it('refuses a DELETE with a stale If-Match and deletes with the current one', async () => {
    const { id, get } = await resource.create((counter += 1));
    const opened = (await admin.get(get)).headers.get('etag')!;
    expect((await admin.put(resource.item(id), resource.change((counter += 1)))).status).toBe(200);
    const before = await revisions(resource.stream(id));

    const stale = await admin.delete(resource.item(id), { 'If-Match': opened });
    expect(stale.status).toBe(412);
    expect(stale.body).toEqual({ error: resource.stale });
    expect(await revisions(resource.stream(id))).toBe(before);
    expect((await admin.get(get)).status).toBe(200);

    const current = (await admin.get(get)).headers.get('etag')!;
    const deleted = await admin.delete(resource.item(id), { 'If-Match': current });
    expect(deleted.status).toBe(200);
    expect(await revisions(resource.stream(id))).toBe(before + 1);
    expect((await admin.get(get)).status).toBe(404);
  });

  it('saves and deletes without If-Match as before (the last save wins)', async () => {
    const { id, get } = await resource.create((counter += 1));
    const saved = await admin.put(resource.item(id), resource.change((counter += 1)));
    expect(saved.status).toBe(200);
    expect(saved.headers.get('etag')).toBe('"1"');
    expect((await admin.put(resource.item(id), resource.change((counter += 1)), { 'If-Match': '*' })).status).toBe(200);
    expect((await admin.delete(resource.item(id))).status).toBe(200);
    expect((await admin.get(get)).status).toBe(404);
  });

  it('answers a malformed If-Match with a 400 and appends nothing', async () => {
    const { id } = await resource.create((counter += 1));
    for (const header of ['0', 'W/"0"', '"0", "1"', '"abc"']) {
      const put = await admin.put(resource.item(id), resource.change((counter += 1)), { 'If-Match': header });
      expect(put.status).toBe(400);
      expect(put.body.error).toMatch(/If-Match/);
      expect((await admin.delete(resource.item(id), { 'If-Match': header })).status).toBe(400);
    }
    expect(await revisions(resource.stream(id))).toBe(1);
  });
});
