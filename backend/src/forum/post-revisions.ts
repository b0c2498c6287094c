import { EventName, MODERATOR_NAME, PUBLIC_POST_FIELDS, type PostRevisions, type PostVersion } from '@mello/contracts';
import { diffFields } from '../admin/item-history';
import type { ReadEvent } from '../event-store/port';

type PublicFields = Omit<PostVersion, 'number' | 'at' | 'editorName' | 'changes'>;

const publicFieldsOf = (data: PublicFields): PublicFields => Object.fromEntries(PUBLIC_POST_FIELDS.map((field) => [field, data[field]])) as PublicFields;

const actorIdOf = (event: ReadEvent): string | null => {
  const actor = (event.metadata as { actor?: { type?: string; userId?: string } }).actor;
  return actor?.type === 'user' ? (actor.userId ?? null) : null;
};

/**
 * A post's versions as a reader sees them, from its own stream (pure): the post as created, then each edit that
 * changed a public field, with what changed (the admin history's field diff). Only public fields and public names
 * leave here: the editor is the author's display name, or 'Moderator' when the administrator edited someone
 * else's post; the actor's e-mail in the event metadata is never read. Null for a post that is not live.
 */
export function postRevisions(postId: string, events: readonly ReadEvent[]): PostRevisions | null {
  const versions: PostVersion[] = [];
  let author: { id: string; name: string } | null = null;
  let current: PublicFields | null = null;
  for (const event of events) {
    switch (event.type) {
      case EventName.ForumPostCreated:
        author = { id: event.data.authorId, name: event.data.authorName };
        current = publicFieldsOf(event.data);
        versions.push({ number: 1, at: event.data.createdAt, editorName: author.name, ...current, changes: [] });
        break;
      case EventName.ForumPostEdited: {
        if (!author || !current) break;
        const next = publicFieldsOf(event.data);
        const changes = diffFields(current, next);
        current = next;
        if (changes.length === 0) break;
        const editorName = actorIdOf(event) === author.id ? author.name : MODERATOR_NAME;
        versions.push({ number: versions.length + 1, at: event.data.updatedAt, editorName, ...next, changes });
        break;
      }
      case EventName.ForumPostDeleted:
        return null;
      default:
        break;
    }
  }
  return versions.length === 0 ? null : { postId, versions };
}
