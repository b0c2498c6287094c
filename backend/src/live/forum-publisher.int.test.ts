import { setTimeout as sleep } from 'node:timers/promises';
import { FORUM_REPLY_MAX, HIDDEN_POST_TITLE, type ForumChange } from '@mello/contracts';
import { ReadModelProgress } from '@mello/projections';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, adminClient, startTestBackend, type TestBackend } from '../../test/harness';
import type { ForumMessages } from './forum-changes';
import { ForumFollower } from './forum-follower';
import { FORUM_CHANGES_MAX_BYTES } from './forum-publisher';

/**
 * The live runner publishes each batch's forum messages in its transaction (forum-publisher.ts), and a follower
 * sends them as they come: here a second follower, beside the backend's own, on a listening connection of its own
 * (named, so the test can cut it), with the real pool and event store counted on their way in.
 */
let backend: TestBackend;
let admin: ApiClient;
let author: ApiClient;
let progress: ReadModelProgress;
let follower: ForumFollower;
const LISTENER = 'follower-under-test';
const reads = { database: 0, log: 0 };
const sent: ForumMessages[] = [];

/** The object with every method call counted in `reads[key]`. */
const counted = <T extends object>(target: T, key: keyof typeof reads): T =>
  new Proxy(target, {
    get(object, name, receiver) {
      const value = Reflect.get(object, name, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        reads[key] += 1;
        return (value as (...a: unknown[]) => unknown).apply(object, args);
      };
    },
  });

const changes = (): ForumChange[] => sent.flatMap((messages) => messages.changes.map((routed) => routed.change));
const repliesSent = (): string[] => changes().flatMap((change) => (change.kind === 'reply-created' ? [change.reply.id] : []));
/** Waits until the follower has sent what `found` looks for (the test's own timeout bounds it). */
async function until<T>(found: () => T | undefined): Promise<T> {
  for (;;) {
    const value = found();
    if (value !== undefined) return value;
    await sleep(20);
  }
}
const resetReads = () => Object.assign(reads, { database: 0, log: 0 });

const newPost = async (title: string) => {
  const created = await author.post('/api/forum/posts', { title, content: 'Finns det någon inspelning bevarad?', category: 'lost-media' });
  expect(created.status).toBe(201);
  const id = (created.body as { id: string }).id;
  await until(() => changes().find((change) => change.kind === 'post-created' && change.post.id === id));
  return id;
};
const reply = async (postId: string, content: string) => {
  const answer = await author.post(`/api/forum/posts/${postId}/replies`, { content });
  expect(answer.status).toBe(201);
  return (answer.body as { id: string }).id;
};

beforeAll(async () => {
  backend = await startTestBackend();
  admin = await adminClient(backend);
  author = new ApiClient(backend.url);
  await author.register('ante@example.se', 'member-password-1', { firstName: 'Ante', lastName: 'Author' });
  const uri = new URL(backend.databaseUri);
  uri.searchParams.set('application_name', LISTENER);
  progress = new ReadModelProgress(backend.pool, uri.toString());
  await progress.start();
  follower = new ForumFollower({
    pool: counted(backend.pool, 'database'),
    store: counted(backend.store, 'log'),
    progress,
    emit: (messages) => sent.push(messages),
    log: () => undefined,
  });
  await follower.start();
});
afterAll(async () => {
  await follower?.stop();
  await progress?.close();
  await backend?.stop();
});

describe('the forum messages a batch publishes', () => {
  it('are sent as published: a reply reaches the follower with no read of the log or the read model, and no e-mail in it', async () => {
    const postId = await newPost('Saknas: finalen 1962 i färg');
    resetReads();
    const replyId = await reply(postId, 'Jag har en VHS-inspelning från finalen.');
    const change = await until(() => changes().find((c) => c.kind === 'reply-created' && c.reply.id === replyId));
    expect(reads).toEqual({ database: 0, log: 0 });
    expect(change).toMatchObject({ kind: 'reply-created', repliesCount: 1, reply: { id: replyId, postId, authorName: 'Ante Author' } });
    expect(JSON.stringify(sent)).not.toContain('ante@example.se');
  });

  it("carry what the public may see: a hidden post's edit comes without its text, and the count goes with the moderation", async () => {
    const postId = await newPost('Ett inlägg som döljs');
    expect((await admin.post(`/api/admin/moderation/posts/${postId}`, { action: 'hide' })).status).toBe(200);
    const hiding = await until(() => sent.find((m) => m.changes.some(({ change: c }) => c.kind === 'moderated' && c.targetId === postId && c.hidden)));
    expect(hiding.moderationOpen).toEqual(expect.any(Number));
    resetReads();
    const edited = await author.put(`/api/forum/posts/${postId}`, {
      title: 'Hemlig rubrik',
      content: 'Hemlig text som bara administratören får se',
      category: 'lost-media',
    });
    expect(edited.status).toBe(200);
    const change = await until(() => changes().find((c) => c.kind === 'post-updated' && c.post.id === postId));
    expect(reads).toEqual({ database: 0, log: 0 });
    expect(change).toMatchObject({ post: { title: HIDDEN_POST_TITLE, content: '', hidden: true } });
    expect(JSON.stringify(sent)).not.toContain('Hemlig');
  });

  it('too large for a NOTIFY, a batch is read from the log instead and sent once; the next one is sent as published again', async () => {
    const postId = await newPost('Ett långt svar');
    const long = 'å'.repeat(FORUM_REPLY_MAX);
    expect(Buffer.byteLength(long)).toBeGreaterThan(FORUM_CHANGES_MAX_BYTES);
    resetReads();
    const longId = await reply(postId, long);
    const change = await until(() => changes().find((c) => c.kind === 'reply-created' && c.reply.id === longId));
    expect(change).toMatchObject({ reply: { content: long }, repliesCount: 1 });
    expect(reads.log).toBeGreaterThan(0);

    resetReads();
    const shortId = await reply(postId, 'Och ett kort.');
    await until(() => changes().find((c) => c.kind === 'reply-created' && c.reply.id === shortId));
    expect(reads).toEqual({ database: 0, log: 0 });
    expect(repliesSent().filter((id) => id === longId || id === shortId)).toEqual([longId, shortId]);
  });

  it('with the listening connection cut between replies, every reply is sent exactly once and in order', async () => {
    const postId = await newPost('Tappad förbindelse');
    const ids = [await reply(postId, 'Före avbrottet.')];
    await until(() => (repliesSent().includes(ids[0]!) ? true : undefined));

    const cut = await backend.pool.anyFirst(sql.unsafe`
      SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = ${LISTENER}`);
    expect(cut).toEqual([true]);
    // While the follower is deaf: the backend's own runner commits and publishes these, and nobody here hears it.
    ids.push(await reply(postId, 'Under avbrottet, ett.'), await reply(postId, 'Under avbrottet, två.'));
    await until(() => (ids.every((id) => repliesSent().includes(id)) ? true : undefined));
    ids.push(await reply(postId, 'Efter avbrottet.'));
    await until(() => (repliesSent().includes(ids[3]!) ? true : undefined));

    expect(repliesSent().filter((id) => ids.includes(id))).toEqual(ids);
    expect(progress.listening).toBe(true);
  });
});
