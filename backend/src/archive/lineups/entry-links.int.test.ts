import { randomUUID } from 'node:crypto';
import { SYSTEM_ACTOR, type EventOf } from '@mello/contracts';
import { allProjections, rebuildReadModels } from '@mello/projections';
import { sql } from 'slonik';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, ApiClient, sampleVideo, sampleYear, startTestBackend, type TestBackend } from '../../../test/harness';
import { forumPostStream } from '../../forum/post';
import { toNewEvents } from '../../shared/command-handler';

/**
 * Links between entries, videos and lost-media hunts (docs/content.md): a video's `entry` by year and artist
 * (aliases too), an entry's videos and open hunts, and forum posts that name an entry.
 */
let backend: TestBackend;
let admin: ApiClient;
let member: ApiClient;
let visitor: ApiClient;
const ids = {} as Record<'euphoria' | 'otherLoreen' | 'framling' | 'videoEuphoria' | 'videoFramling' | 'videoLillBabs' | 'videoTattoo', string>;

const countEvents = () => backend.pool.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*)::int AS n FROM es.events`);
const created = async (reply: Promise<{ status: number; body: any; text: string }>) => {
  const answer = await reply;
  if (answer.status !== 201) throw new Error(`not created: ${answer.status} ${answer.text}`);
  return answer.body.id as string;
};
const hunt = (overrides: Record<string, unknown> = {}) => ({
  title: 'Saknas: Loreen – Euphoria (2012)',
  content: 'Någon som har deltävlingen från Växjö inspelad?',
  category: 'lost-media',
  year: 2012,
  entryId: ids.euphoria,
  ...overrides,
});

beforeAll(async () => {
  // No timed view flush: a refused call must append nothing, and a flush landing in that window would look like it did.
  backend = await startTestBackend({ VIEW_FLUSH_MS: String(60 * 60 * 1000) });
  admin = await adminClient(backend);
  visitor = new ApiClient(backend.url);
  member = new ApiClient(backend.url);
  await member.register('jagare@example.se', 'member-password-1', { displayName: 'Jägaren' });
  for (const year of [1983, 2012]) await admin.post('/api/years', sampleYear({ year }));
  const loreen = await created(admin.post('/api/artists', { name: 'Loreen' }));
  const carola = await created(admin.post('/api/artists', { name: 'Carola Häggkvist', aliases: ['Carola'] }));
  // Two entries of one act in one year (the rule's tie): the one that went out is created first, the winner second.
  ids.otherLoreen = await created(admin.post('/api/entries', { year: 2012, artistId: loreen, song: 'Annan låt', heat: 2, runningOrder: 3, heatResult: 'out' }));
  ids.euphoria = await created(
    admin.post('/api/entries', {
      year: 2012,
      artistId: loreen,
      song: 'Euphoria',
      heat: 1,
      runningOrder: 1,
      heatResult: 'final',
      finalRunningOrder: 9,
      finalPlace: 1,
    }),
  );
  ids.framling = await created(admin.post('/api/entries', { year: 1983, artistId: carola, song: 'Främling', runningOrder: 4, finalPlace: 1 }));
  ids.videoEuphoria = await created(admin.post('/api/videos', sampleVideo({ title: 'Euphoria', artist: 'LOREEN', year: 2012 })));
  ids.videoFramling = await created(admin.post('/api/videos', sampleVideo({ title: 'Främling', artist: 'carola', year: 1983 })));
  ids.videoLillBabs = await created(admin.post('/api/videos', sampleVideo({ title: 'April, april', artist: 'Lill-Babs', year: 1983 })));
  ids.videoTattoo = await created(admin.post('/api/videos', sampleVideo({ title: 'Tattoo', artist: 'Loreen', year: 2023 })));
});
afterAll(async () => {
  await backend?.stop();
});

const euphoriaRef = () => ({ id: ids.euphoria, year: 2012, artist: 'Loreen', song: 'Euphoria', artistSlug: 'loreen' });
const framlingRef = () => ({ id: ids.framling, year: 1983, artist: 'Carola Häggkvist', song: 'Främling', artistSlug: 'carola-haggkvist' });

async function expectVideoEntries() {
  const list = (await visitor.get('/api/videos')).body as Array<{ id: string; entry: unknown }>;
  expect(Object.fromEntries(list.map((video) => [video.id, video.entry]))).toEqual({
    [ids.videoEuphoria]: euphoriaRef(),
    [ids.videoFramling]: framlingRef(),
    [ids.videoLillBabs]: null,
    [ids.videoTattoo]: null,
  });
}

describe("a video's entry", () => {
  it('is the entry of its year billed under its artist (case aside), the winner of two; via an alias; null when none matches', async () => {
    await expectVideoEntries();
    const one = await visitor.get(`/api/videos/${ids.videoFramling}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: ids.videoFramling, title: 'Främling', artist: 'carola', entry: framlingRef() });
    expect((await visitor.get(`/api/videos/${ids.videoTattoo}`)).body.entry).toBeNull();
  });

  it('answers 404 for an unknown or malformed video id', async () => {
    expect(await visitor.get(`/api/videos/${randomUUID()}`)).toMatchObject({ status: 404, body: { error: 'Video hittades inte' } });
    expect((await visitor.get('/api/videos/inte-ett-id')).status).toBe(404);
  });

  it('follows an edit (the command answers the video with its entry as GET does)', async () => {
    const moved = await admin.put(`/api/videos/${ids.videoTattoo}`, { year: 2012 });
    expect(moved.body.entry).toEqual(euphoriaRef());
    expect((await visitor.get(`/api/videos/${ids.videoTattoo}`)).body.entry).toEqual(euphoriaRef());
    await admin.put(`/api/videos/${ids.videoTattoo}`, { year: 2023 });
    expect((await visitor.get(`/api/videos/${ids.videoTattoo}`)).body.entry).toBeNull();
  });
});

describe('GET /api/entries/{id}/links', () => {
  it('answers the entry, the videos that match it and its open hunts; the other entry of the act gets no video', async () => {
    const links = await visitor.get(`/api/entries/${ids.euphoria}/links`);
    expect(links.status).toBe(200);
    expect(links.body).toMatchObject({ entry: euphoriaRef(), hunts: [] });
    expect(links.body.videos.map((video: { id: string }) => video.id)).toEqual([ids.videoEuphoria]);
    expect((await visitor.get(`/api/entries/${ids.otherLoreen}/links`)).body.videos).toEqual([]);
    expect((await visitor.get(`/api/entries/${ids.framling}/links`)).body.videos.map((video: { id: string }) => video.id)).toEqual([ids.videoFramling]);
  });

  it('answers 404 for an unknown entry', async () => {
    expect(await visitor.get(`/api/entries/${randomUUID()}/links`)).toMatchObject({ status: 404, body: { error: 'Posten hittades inte' } });
    expect((await visitor.get('/api/entries/nej/links')).status).toBe(404);
  });
});

describe('a forum post about an entry (a hunt)', () => {
  it('keeps its entryId; the entry lists it as an open hunt until it is marked solved', async () => {
    const post = await member.post('/api/forum/posts', hunt());
    expect(post.status).toBe(201);
    expect(post.body).toMatchObject({ entryId: ids.euphoria, category: 'lost-media' });
    expect((await visitor.get(`/api/forum/posts/${post.body.id}`)).body.entryId).toBe(ids.euphoria);
    // A post of another category naming the entry is not a hunt; a post naming none has entryId null.
    await member.post('/api/forum/posts', hunt({ title: 'Tips om Euphoria', category: 'tips' }));
    expect((await member.post('/api/forum/posts', hunt({ entryId: undefined, title: 'Utan bidrag' }))).body.entryId).toBeNull();

    const open = (await visitor.get(`/api/entries/${ids.euphoria}/links`)).body.hunts;
    expect(open).toEqual([
      { id: post.body.id, title: 'Saknas: Loreen – Euphoria (2012)', authorName: 'Jägaren', createdAt: post.body.createdAt, repliesCount: 0 },
    ]);
    expect((await visitor.get(`/api/entries/${ids.otherLoreen}/links`)).body.hunts).toEqual([]);

    expect((await member.put(`/api/forum/posts/${post.body.id}`, { status: 'solved' })).status).toBe(200);
    expect((await visitor.get(`/api/entries/${ids.euphoria}/links`)).body.hunts).toEqual([]);
    // Editing keeps the entry the post is about.
    expect((await visitor.get(`/api/forum/posts/${post.body.id}`)).body).toMatchObject({ status: 'solved', entryId: ids.euphoria });
    await member.put(`/api/forum/posts/${post.body.id}`, { status: 'active' });
    expect((await visitor.get(`/api/entries/${ids.euphoria}/links`)).body.hunts.map((h: { id: string }) => h.id)).toEqual([post.body.id]);
  });

  it("a hidden hunt is left out of the entry's hunts and the artist's threads, as from the forum's list, until it is restored", async () => {
    const title = 'Saknas: Euphoria från Växjö, dold';
    const post = await member.post('/api/forum/posts', hunt({ title }));
    expect(post.status).toBe(201);
    const shown = async () => {
      const links = await visitor.get(`/api/entries/${ids.euphoria}/links`);
      const artist = await visitor.get('/api/artists/loreen');
      expect([links.status, artist.status]).toEqual([200, 200]);
      return {
        hunt: (links.body.hunts as Array<{ id: string }>).some((item) => item.id === post.body.id),
        thread: (artist.body.threads as Array<{ id: string }>).some((item) => item.id === post.body.id),
        text: `${links.text} ${artist.text}`,
      };
    };
    expect(await shown()).toMatchObject({ hunt: true, thread: true });

    expect((await admin.post(`/api/admin/moderation/posts/${post.body.id}`, { action: 'hide' })).status).toBe(200);
    const hidden = await shown();
    expect(hidden).toMatchObject({ hunt: false, thread: false });
    expect(hidden.text).not.toContain(title);

    expect((await admin.post(`/api/admin/moderation/posts/${post.body.id}`, { action: 'restore' })).status).toBe(200);
    expect(await shown()).toMatchObject({ hunt: true, thread: true });
    // Solved: no longer one of the entry's open hunts (the rebuild test below counts them).
    expect((await member.put(`/api/forum/posts/${post.body.id}`, { status: 'solved' })).status).toBe(200);
  });

  it("refuses an unknown entry with 404 'Bidraget hittades inte' and a malformed one with 400; nothing is appended", async () => {
    const before = await countEvents();
    const unknown = await member.post('/api/forum/posts', hunt({ entryId: randomUUID() }));
    expect(unknown).toMatchObject({ status: 404, body: { error: 'Bidraget hittades inte' } });
    const malformed = await member.post('/api/forum/posts', hunt({ entryId: 'loreen-2012' }));
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toContain('Bidraget måste anges med sitt id');
    expect(await countEvents()).toBe(before);
  });

  it('reads a post whose event was written before posts could name an entry with entryId null', async () => {
    const postId = randomUUID();
    const old: { type: 'ForumPostCreated'; data: Omit<EventOf<'ForumPostCreated'>['data'], 'entryId' | 'mentions'> } = {
      type: 'ForumPostCreated',
      data: {
        postId,
        title: 'Gammal efterlysning',
        content: 'Skriven innan inlägg kunde gälla ett bidrag.',
        category: 'lost-media',
        priority: null,
        year: 2012,
        reward: 0,
        tags: [],
        status: 'active',
        authorId: randomUUID(),
        authorName: 'Gammal medlem',
        createdAt: '2024-05-01T10:00:00.000Z',
      },
    };
    await backend.store.appendToStream(forumPostStream(postId), toNewEvents([old], { actor: SYSTEM_ACTOR, correlationId: randomUUID(), causationId: null }), {
      expectedRevision: 'no_stream',
    });
    await backend.runner.catchUp();
    const read = await visitor.get(`/api/forum/posts/${postId}`);
    expect(read.status).toBe(200);
    expect(read.body.entryId).toBeNull();
    expect((await visitor.get(`/api/search/forum?q=${encodeURIComponent('Gammal efterlysning')}`)).body[0]).toMatchObject({ id: postId, entryId: null });
  });
});

describe('after a rebuild of every read model from the log', () => {
  it('answers the same links, video entries and hunts', async () => {
    const before = (await visitor.get(`/api/entries/${ids.euphoria}/links`)).body;
    expect(before.hunts).toHaveLength(1);
    await rebuildReadModels({ pool: backend.pool, connectionUri: backend.databaseUri, source: backend.store, projections: allProjections });
    expect((await visitor.get(`/api/entries/${ids.euphoria}/links`)).body).toEqual(before);
    await expectVideoEntries();
  });
});
