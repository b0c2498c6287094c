import { randomUUID } from 'node:crypto';
import { EventName, SYSTEM_ACTOR, FORUM_CATEGORIES, FORUM_PRIORITIES, type EventOf } from '@mello/contracts';
import type { EventStore } from '../src/event-store/port';
import { toNewEvents } from '../src/shared/command-handler';
import { forumPostStream } from '../src/forum/post';
import { postLikeStream } from '../src/forum/like';
import { forumReplyStream } from '../src/forum/reply';

const ARTISTS = [
  'Carola',
  'Loreen',
  'ABBA',
  'Herreys',
  'Lena Philipsson',
  'Charlotte Perrelli',
  'Måns Zelmerlöw',
  'Tommy Körberg',
  'Sanna Nielsen',
  'Björn Skifs',
];
const THINGS = ['repetitionen', 'mellanakten', 'pausnumret', 'presskonferensen', 'eftersnacket', 'generalrepet', 'intervjun', 'vykortet'];
const PLACES = ['Malmö', 'Göteborg', 'Stockholm', 'Linköping', 'Örebro', 'Skellefteå', 'Karlstad', 'Luleå'];

/**
 * Generated forum posts, appended straight to the log as ForumPostCreated events (the command path is tested
 * elsewhere; here volume matters): varied artists, places, years and categories, newest last.
 */
export async function appendGeneratedPosts(store: EventStore, count: number, startedAt = Date.parse('2025-01-01T00:00:00Z')): Promise<string[]> {
  const ids: string[] = [];
  const context = { actor: SYSTEM_ACTOR, correlationId: randomUUID(), causationId: null };
  for (let i = 0; i < count; i += 1) {
    const postId = randomUUID();
    ids.push(postId);
    const artist = ARTISTS[i % ARTISTS.length]!;
    const thing = THINGS[(i * 7) % THINGS.length]!;
    const place = PLACES[(i * 3) % PLACES.length]!;
    const year = 1958 + ((i * 13) % 67);
    const event: EventOf<'ForumPostCreated'> = {
      type: EventName.ForumPostCreated,
      data: {
        postId,
        title: `Söker ${thing} med ${artist} från ${year}`,
        content: `Någon som spelade in ${thing} i ${place} ${year}? ${artist} syntes bara kort i sändningen. Inlägg nummer ${i}.`,
        category: FORUM_CATEGORIES[i % FORUM_CATEGORIES.length]!,
        priority: FORUM_PRIORITIES[i % FORUM_PRIORITIES.length]!,
        year,
        reward: (i % 5) * 100,
        tags: [String(year), place.toLowerCase()],
        status: 'active',
        authorId: `generated-${i % 40}`,
        authorName: `Samlare ${i % 40}`,
        createdAt: new Date(startedAt + i * 60_000).toISOString(),
        entryId: null,
        mentions: [],
      },
    };
    await store.appendToStream(forumPostStream(postId), toNewEvents([event], context), { expectedRevision: 'no_stream' });
  }
  return ids;
}

/** `count` likes of a post by generated members, appended straight to the log (one stream per like, as the command does). */
export async function appendPostLikes(store: EventStore, postId: string, count: number, likedAt = new Date().toISOString()): Promise<void> {
  const context = { actor: SYSTEM_ACTOR, correlationId: randomUUID(), causationId: null };
  for (let i = 0; i < count; i += 1) {
    const userId = `liker-${i}`;
    const event: EventOf<'ForumPostLiked'> = { type: EventName.ForumPostLiked, data: { postId, userId, likedAt } };
    await store.appendToStream(postLikeStream(postId, userId), toNewEvents([event], context), { expectedRevision: 'no_stream' });
  }
}

/** A reply to a post written at `createdAt`, appended straight to the log. */
export async function appendReply(store: EventStore, postId: string, createdAt: string): Promise<string> {
  const replyId = randomUUID();
  const context = { actor: SYSTEM_ACTOR, correlationId: randomUUID(), causationId: null };
  const event: EventOf<'ForumReplyPosted'> = {
    type: EventName.ForumReplyPosted,
    data: { replyId, postId, content: 'Jag har den på band!', authorId: 'generated-replier', authorName: 'Svarare', createdAt, mentions: [] },
  };
  await store.appendToStream(forumReplyStream(replyId), toNewEvents([event], context), { expectedRevision: 'no_stream' });
  return replyId;
}

/** One post written at `createdAt` (an old one, say), appended straight to the log; answers its id. */
export async function appendPost(store: EventStore, post: { title: string; content: string; createdAt: string }): Promise<string> {
  const postId = randomUUID();
  const context = { actor: SYSTEM_ACTOR, correlationId: randomUUID(), causationId: null };
  const event: EventOf<'ForumPostCreated'> = {
    type: EventName.ForumPostCreated,
    data: {
      postId,
      ...post,
      category: 'general',
      priority: FORUM_PRIORITIES[0]!,
      year: 2000,
      reward: 0,
      tags: [],
      status: 'active',
      authorId: 'generated-old',
      authorName: 'Gammal samlare',
      entryId: null,
      mentions: [],
    },
  };
  await store.appendToStream(forumPostStream(postId), toNewEvents([event], context), { expectedRevision: 'no_stream' });
  return postId;
}
