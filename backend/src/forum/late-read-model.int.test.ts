import pg from 'pg';
import { sql } from 'slonik';
import { z } from 'zod';
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
let bo: ApiClient;
let lock: pg.Client;

beforeAll(async () => {
  backend = await startTestBackend({ VIEW_FLUSH_MS: String(60 * 60 * 1000) });
  author = new ApiClient(backend.url);
  await author.register('sen@example.se', 'member-password-1', { displayName: 'Sena Skribenten' });
  bo = new ApiClient(backend.url);
  await bo.register('bo.sen@example.se', 'member-password-1', { displayName: 'Bo Läsare' });
  lock = new pg.Client({ connectionString: backend.config.databaseUrl! });
  await lock.connect();
});
afterAll(async () => {
  await lock?.end();
  await backend?.stop();
});

/** The key the live runner takes for each batch (projections/src/apply-lock.ts applyLockKey('rm'), taken shared). */
const holdApplyLock = () => lock.query(`SELECT pg_advisory_lock(hashtextextended('melloarkivet:apply:rm', 0))`);
const releaseApplyLock = () => lock.query(`SELECT pg_advisory_unlock(hashtextextended('melloarkivet:apply:rm', 0))`);
/** Runs `writes` one after the other while the runner is held back (each waits out the services' bound). */
async function whileHeldBack<T>(writes: () => Promise<T>): Promise<T> {
  await holdApplyLock();
  try {
    return await writes();
  } finally {
    await releaseApplyLock();
  }
}

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
      // Held back three times the services' wait, longer than the pool's statement timeout (5 s): the runner waits
      // for the lock, it does not fail its batch and mark every projection as failing.
      expect(
        await backend.pool.anyFirst(sql.type(z.object({ projection: z.string() }))`SELECT projection FROM rm.checkpoints WHERE last_error IS NOT NULL`),
      ).toEqual([]);
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

  it('answers an edit, likes, a watch and reading notifications with the state they made, which the read model then shows', { timeout: 120_000 }, async () => {
    const post = await author.post('/api/forum/posts', { title: 'Före redigeringen', content: 'Den första texten i tråden.' });
    expect(post.status, post.text).toBe(201);
    const reply = await author.post(`/api/forum/posts/${post.body.id}/replies`, { content: 'Författarens eget svar' });
    expect(reply.status, reply.text).toBe(201);
    // Bo's two replies notify the author: two unread.
    for (const content of ['Bo svarar en gång', 'Bo svarar igen'])
      expect((await bo.post(`/api/forum/posts/${post.body.id}/replies`, { content })).status).toBe(201);
    await expect.poll(async () => (await author.get('/api/notifications/unread')).body.unread, { timeout: 30_000 }).toBe(2);
    const [first] = (await author.get('/api/notifications')).body.items as Array<{ id: string }>;

    const answers = await whileHeldBack(async () => ({
      edited: await author.put(`/api/forum/posts/${post.body.id}`, { title: 'Efter redigeringen', content: 'Den nya texten i tråden.' }),
      likedPost: await bo.post(`/api/forum/posts/${post.body.id}/like`),
      likedReply: await bo.post(`/api/forum/replies/${reply.body.id}/like`),
      watch: await author.put(`/api/forum/posts/${post.body.id}/watch`, { watch: 'muted' }),
      readOne: await author.post(`/api/notifications/${first!.id}/read`),
      // In the same hold: released in between, the runner could apply Bo's likes first, and their notifications
      // would then be marked read too.
      readAll: await author.post('/api/notifications/read-all'),
    }));
    expect(answers.edited.status, answers.edited.text).toBe(200);
    expect(answers.edited.body).toMatchObject({ id: post.body.id, title: 'Efter redigeringen', content: 'Den nya texten i tråden.', repliesCount: 3 });
    expect(answers.likedPost.body).toEqual({ postId: post.body.id, likes: 1, liked: true });
    expect(answers.likedReply.body).toEqual({ replyId: reply.body.id, postId: post.body.id, likes: 1, liked: true });
    expect(answers.watch.body).toEqual({ watch: 'muted' });
    expect(answers.readOne.body).toEqual({ unread: 1 });
    expect(answers.readAll.status, answers.readAll.text).toBe(200);
    expect(answers.readAll.body).toEqual({ unread: 0 });

    // The read model, caught up, agrees with every answer.
    // (Bo's likes notify the author once they are applied: those two come after everything was marked read.)
    const notifications = async () => (await author.get('/api/notifications')).body.items as Array<{ kind: string; read: boolean }>;
    await expect
      .poll(async () => (await notifications()).map(({ kind, read }) => `${kind} ${read}`).sort(), { timeout: 30_000 })
      .toEqual(['like false', 'like false', 'reply true', 'reply true']);
    const shown = await author.get(`/api/forum/posts/${post.body.id}`);
    expect({ ...shown.body, views: 0 }).toEqual({ ...answers.edited.body, likes: 1, views: 0 });
    expect((await author.get(`/api/forum/posts/${post.body.id}/watch`)).body).toEqual({ watch: 'muted' });
    const replies = (await author.get(`/api/forum/posts/${post.body.id}/replies`)).body as Array<{ id: string; likes: number }>;
    expect(replies.find((r) => r.id === reply.body.id)?.likes).toBe(1);
  });
});
