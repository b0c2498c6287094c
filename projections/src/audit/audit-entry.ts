import type { AuditKind } from '@mello/contracts';
import type { ProjectedEvent } from '../events';

/** One row of the site-wide history, derived from one event (pure, so the rebuild and live paths agree). */
export type AuditRow = {
  position: string;
  type: string;
  action: string;
  kind: AuditKind;
  item_id: string;
  stream_name: string;
  label: string;
  actor_user_id: string | null;
  actor_email: string | null;
  occurred_at: string;
  content_author: string | null;
};

type Data = Record<string, any>;
const excerpt = (text: unknown, max = 80) => {
  const value = typeof text === 'string' ? text.replace(/\s+/g, ' ').trim() : '';
  return value.length > max ? `${value.slice(0, max - 1)}…` : value;
};

const DOCUMENTS: Record<string, { kind: AuditKind; action: string }> = {
  YearCreated: { kind: 'year', action: 'created' },
  YearUpdated: { kind: 'year', action: 'updated' },
  YearDeleted: { kind: 'year', action: 'deleted' },
  VideoCreated: { kind: 'video', action: 'created' },
  VideoUpdated: { kind: 'video', action: 'updated' },
  VideoDeleted: { kind: 'video', action: 'deleted' },
  ArticleCreated: { kind: 'article', action: 'created' },
  ArticleUpdated: { kind: 'article', action: 'updated' },
  ArticleDeleted: { kind: 'article', action: 'deleted' },
  EntryCreated: { kind: 'entry', action: 'created' },
  EntryUpdated: { kind: 'entry', action: 'updated' },
  EntryDeleted: { kind: 'entry', action: 'deleted' },
  ArtistCreated: { kind: 'artist', action: 'created' },
  ArtistUpdated: { kind: 'artist', action: 'updated' },
  ArtistDeleted: { kind: 'artist', action: 'deleted' },
  SourceCreated: { kind: 'source', action: 'created' },
  SourceUpdated: { kind: 'source', action: 'updated' },
  SourceDeleted: { kind: 'source', action: 'deleted' },
};

/**
 * The events an administrator follows: every change of a year, video, article, entry, artist, source, forum post
 * and reply. Likes and view counts are left out (they are many and change no content); they stay in the log itself.
 */
export const AUDITED_EVENT_TYPES = new Set([
  ...Object.keys(DOCUMENTS),
  'ForumPostCreated',
  'ForumPostEdited',
  'ForumPostDeleted',
  'ForumReplyPosted',
  'ForumReplyDeleted',
]);

/** A curated document's title as the history lists it: '1974 – ABBA', '2012 · Loreen – Euphoria', an act's name, a source key. */
export function documentLabel(kind: AuditKind, fields: Data): string {
  switch (kind) {
    case 'year':
      return `${fields.year ?? ''} – ${fields.winner ?? ''}`.trim();
    case 'entry':
      return excerpt(`${fields.year ?? ''} · ${fields.artist ?? ''} – ${fields.song ?? ''}`, 160);
    case 'artist':
      return excerpt(fields.name);
    case 'source':
      return excerpt(fields.key, 200);
    default:
      return excerpt(fields.title);
  }
}

export function auditRow(event: ProjectedEvent): AuditRow | null {
  const data = (event.data ?? {}) as Data;
  const metadata = (event.metadata ?? {}) as { actor?: { type?: string; userId?: string; email?: string }; occurredAt?: string; restoredFrom?: number };
  const actor = metadata.actor?.type === 'user' ? metadata.actor : null;
  const base = {
    position: event.position,
    type: event.type,
    stream_name: event.streamName,
    actor_user_id: actor?.userId ?? null,
    actor_email: actor?.email ?? null,
    occurred_at: metadata.occurredAt ?? event.recordedAt,
    content_author: null as string | null,
  };
  const document = DOCUMENTS[event.type];
  if (document) {
    const action = typeof metadata.restoredFrom === 'number' ? 'restored' : document.action;
    return { ...base, ...document, action, item_id: data.id, label: documentLabel(document.kind, data.fields ?? {}) };
  }
  switch (event.type) {
    case 'ForumPostCreated':
    case 'ForumPostEdited':
      return { ...base, kind: 'forum-post', action: event.type === 'ForumPostCreated' ? 'created' : 'updated', item_id: data.postId, label: excerpt(data.title) };
    case 'ForumPostDeleted':
      return { ...base, kind: 'forum-post', action: 'deleted', item_id: data.postId, label: excerpt(data.title), content_author: data.authorName ?? null };
    case 'ForumReplyPosted':
      return { ...base, kind: 'forum-reply', action: 'created', item_id: data.replyId, label: excerpt(data.content) };
    case 'ForumReplyDeleted':
      return { ...base, kind: 'forum-reply', action: 'deleted', item_id: data.replyId, label: excerpt(data.content), content_author: data.authorName ?? null };
    default:
      return null;
  }
}
