import { NotificationsUnreadSchema } from '@mello/contracts';
import { connectLive, type LiveClient } from '../../test/live-client';
import { Arrivals, inBatches } from './audience';
import { BenchMember } from './http-member';

/** Key of "this member was told their unread count is `unread`" in the watchers' Arrivals. */
export const unreadKey = (unread: number) => `unread:${unread}`;

/**
 * `count` members signed up over HTTP, as in a browser: the first one writes a post, the others watch it
 * (PUT /api/forum/posts/:id/watch; its author watches it already), and each opens a socket.io-client connection
 * with its session cookie, so the server puts it in its own member room. Every `notifications:unread` a socket
 * receives is recorded in `arrivals` under unreadKey(count). Sign-up is the slow part (scrypt per password, on
 * libuv's 4 threads): at most `concurrency` at a time.
 */
export async function signUpWatchers(
  url: string,
  count: number,
  arrivals: Arrivals,
  options: { concurrency?: number; log?: (message: string) => void } = {},
): Promise<{ postId: string; members: BenchMember[]; sockets: LiveClient[] }> {
  const log = options.log ?? (() => undefined);
  const concurrency = options.concurrency ?? 6;
  let started = performance.now();
  const members = await inBatches(Array.from({ length: count }), concurrency, async (_, i) => {
    const member = new BenchMember(url);
    await member.register(`watcher-${i}@bench.melloarkivet.se`, 'Bevakare', `B${i}`);
    return member;
  });
  log(`Registered ${count} members in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const created = await members[0]!.post<{ id: string }>('/api/forum/posts', {
    title: 'Vem minns repetitionerna 1984?',
    content: 'Jag letar efter bilder från repetitionerna inför finalen 1984. Skriv om ni har något!',
    category: 'lost-media',
  });
  if (created.status !== 201) throw new Error(`creating the watched post failed: ${created.status}`);
  const postId = created.body.id;
  started = performance.now();
  await inBatches(members.slice(1), concurrency, async (member) => {
    const answer = await member.put(`/api/forum/posts/${postId}/watch`, { watch: 'watching' });
    if (answer.status !== 200) throw new Error(`watching failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  });
  log(`${count} members watch the post (${((performance.now() - started) / 1000).toFixed(1)} s)`);

  started = performance.now();
  const sockets = await inBatches(members, 50, async (member) => {
    const socket = await connectLive(url, { cookie: member.cookieHeader });
    onUnread(socket, (unread) => arrivals.record(unreadKey(unread), performance.now()));
    return socket;
  });
  log(`Connected ${count} signed-in members in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { postId, members, sockets };
}

/**
 * Records each `notifications:unread` a socket receives; a message that is not one (checked with the contract's
 * schema) is ignored rather than thrown out of the handler, so one bad message cannot end the bench.
 */
export function onUnread(
  socket: { on: (event: 'notifications:unread', handler: (message: unknown) => void) => unknown },
  record: (unread: number) => void,
): void {
  socket.on('notifications:unread', (message: unknown) => {
    const parsed = NotificationsUnreadSchema.safeParse(message);
    if (parsed.success) record(parsed.data.unread);
  });
}
