import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, startTestBackend, type Reply, type TestBackend } from '../../test/harness';

/**
 * A write the read model cannot show in time (the live runner paused, as by a rebuild's swap, which holds the live
 * apply lock) is stored, and is answered as stored: 201/200 with the contract's body, never the 404 or the old state
 * the late read model would give (the client would take it for a failure and send it again). Here the test holds
 * the apply lock itself for longer than the services' read-your-writes wait (5 s), then lets the runner go on.
 */
let backend: TestBackend;
let author: ApiClient;
let lock: pg.Client;

beforeAll(async () => {
  backend = await startTestBackend({ VIEW_FLUSH_MS: String(60 * 60 * 1000) });
  author = new ApiClient(backend.url);
  await author.register('sen@example.se', 'member-password-1', { displayName: 'Sena Skribenten' });
  lock = new pg.Client({ connectionString: backend.config.databaseUrl! });
  await lock.connect();
});
afterAll(async () => {
  await lock?.end();
  await backend?.stop();
});

/** The key the live runner takes for each batch (projections/src/runner.ts applyLockKey('rm')). */
const holdApplyLock = () => lock.query(`SELECT pg_advisory_lock(hashtextextended('melloarkivet:apply:rm', 0))`);
const releaseApplyLock = () => lock.query(`SELECT pg_advisory_unlock(hashtextextended('melloarkivet:apply:rm', 0))`);

describe('a write while the read models are held back', () => {
  it('answers a new post and a new reply 201 with their documents, which the read model later shows the same', { timeout: 60_000 }, async () => {
    const earlier = await author.post('/api/forum/posts', { title: 'Tråden innan', content: 'Skrivet innan läsmodellen hölls tillbaka.' });
    expect(earlier.status, earlier.text).toBe(201);

    await holdApplyLock();
    let post: Reply<any>, reply: Reply<any>, saved: Reply<any>, unsaved: Reply<any>;
    try {
      post = await author.post('/api/forum/posts', { title: 'Skrivet under pausen', content: 'Sparas fast läsmodellen står still.' });
      reply = await author.post(`/api/forum/posts/${earlier.body.id}/replies`, { content: 'Ett svar under pausen' });
      saved = await author.put(`/api/forum/posts/${earlier.body.id}/bookmark`);
    } finally {
      await releaseApplyLock();
    }

    expect(post.status, post.text).toBe(201);
    expect(post.body).toMatchObject({
      title: 'Skrivet under pausen',
      content: 'Sparas fast läsmodellen står still.',
      authorName: 'Sena Skribenten',
      likes: 0,
      views: 0,
      repliesCount: 0,
      lastReplyAt: null,
    });
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body).toMatchObject({ postId: earlier.body.id, content: 'Ett svar under pausen', authorName: 'Sena Skribenten', likes: 0 });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toEqual({ targetType: 'post', targetId: earlier.body.id, saved: true });

    // Once the runner goes on, the read model holds the very documents that were answered.
    await expect.poll(async () => (await author.get(`/api/forum/posts/${earlier.body.id}/replies`)).body, { timeout: 30_000 }).toEqual([reply.body]);
    const shown = await author.get(`/api/forum/posts/${post.body.id}`);
    expect(shown.status, shown.text).toBe(200);
    expect({ ...shown.body, views: 0 }).toEqual(post.body);
    expect((await author.get('/api/forum/bookmarks')).body.map((item: { targetId: string }) => item.targetId)).toEqual([earlier.body.id]);

    // And an unsave while held back answers the state it made, not the saved one the read model still holds.
    await holdApplyLock();
    try {
      unsaved = await author.delete(`/api/forum/posts/${earlier.body.id}/bookmark`);
    } finally {
      await releaseApplyLock();
    }
    expect(unsaved.status, unsaved.text).toBe(200);
    expect(unsaved.body).toEqual({ targetType: 'post', targetId: earlier.body.id, saved: false });
  });
});
