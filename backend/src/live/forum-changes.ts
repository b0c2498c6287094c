import { EventName, type ForumChange, type ForumPost, type ForumReply } from '@mello/contracts';
import { forumPostJson, forumReplyJson, type ProjectedEvent } from '@mello/projections';
import type { CommonQueryMethods } from 'slonik';

/** A change and the rooms it goes to: list changes reach the forum list, post changes the post's page. */
export type RoutedChange = { change: ForumChange; toList: boolean; postId: string | null };

/**
 * Turns a committed batch of events into the messages clients need, with the state as the read model now holds
 * it (so a like count is the count, not a +1 a client could double-apply). Several likes of one target in a batch
 * become one message; something deleted later in the same batch is not announced as changed.
 */
export async function forumChangesFor(db: CommonQueryMethods, events: readonly ProjectedEvent[], position: string): Promise<RoutedChange[]> {
  const changes: RoutedChange[] = [];
  const post = async (postId: string) => parse<ForumPost>(await forumPostJson(db, postId));
  const reply = async (replyId: string) => parse<ForumReply>(await forumReplyJson(db, replyId));
  const announcedLikes = new Set<string>();

  for (const event of events) {
    switch (event.type) {
      case EventName.ForumPostCreated:
      case EventName.ForumPostEdited: {
        const { postId } = event.data;
        const current = await post(postId);
        if (!current) break;
        const kind = event.type === EventName.ForumPostCreated ? 'post-created' : 'post-updated';
        changes.push({ change: { kind, post: current, position }, toList: true, postId });
        break;
      }
      case EventName.ForumPostDeleted: {
        const { postId } = event.data;
        changes.push({ change: { kind: 'post-deleted', postId, position }, toList: true, postId });
        break;
      }
      case EventName.ForumReplyPosted: {
        const { replyId, postId } = event.data;
        const [created, parent] = await Promise.all([reply(replyId), post(postId)]);
        if (!created || !parent) break;
        changes.push({
          change: { kind: 'reply-created', reply: created, repliesCount: parent.repliesCount, lastReplyAt: parent.lastReplyAt, position },
          toList: true,
          postId,
        });
        break;
      }
      case EventName.ForumReplyDeleted: {
        const { replyId, postId } = event.data;
        const parent = await post(postId);
        if (!parent) break;
        changes.push({ change: { kind: 'reply-deleted', replyId, postId, repliesCount: parent.repliesCount, position }, toList: true, postId });
        break;
      }
      case EventName.ForumPostLiked: {
        const { postId } = event.data;
        if (announcedLikes.has(postId)) break;
        announcedLikes.add(postId);
        const current = await post(postId);
        if (current) changes.push({ change: { kind: 'post-likes', postId, likes: current.likes, position }, toList: true, postId });
        break;
      }
      case EventName.ForumReplyLiked: {
        const { replyId, postId } = event.data;
        if (announcedLikes.has(replyId)) break;
        announcedLikes.add(replyId);
        const current = await reply(replyId);
        if (current) changes.push({ change: { kind: 'reply-likes', replyId, postId, likes: current.likes, position }, toList: false, postId });
        break;
      }
      case EventName.ForumContentHidden:
      case EventName.ForumContentRestored: {
        const { targetType, targetId, postId } = event.data;
        const hidden = event.type === EventName.ForumContentHidden;
        changes.push({ change: { kind: 'moderated', targetType, targetId, postId, hidden, position }, toList: true, postId });
        break;
      }
      default:
        break;
    }
  }
  return changes;
}

const parse = <T>(json: string | null): T | null => (json === null ? null : (JSON.parse(json) as T));
