import {
  DOCUMENT_EVENT_OF,
  EventName,
  MODERATION_EVENTS,
  excerptLine,
  isDocumentEvent,
  rebuildRunLabel,
  type AuditKind,
  type RebuildFinished,
} from '@mello/contracts';
import { moderationAuditRow } from './moderation-audit';
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

type Data = Readonly<Record<string, unknown>>;
const excerpt = (text: unknown, max = 80) => (typeof text === 'string' ? excerptLine(text, max) : '');

/**
 * The events an administrator follows: every change of a year, video, article, entry, artist, source, forum post
 * and reply, the forum's moderation (flags, hiding, restoring, dismissing) and the rebuilds started from the admin console. Likes and view counts are left out (they are many and change no content); they stay in the log itself.
 */
export const AUDITED_EVENT_TYPES: ReadonlySet<EventName> = new Set([
  ...DOCUMENT_EVENT_OF.keys(),
  EventName.ForumPostCreated,
  EventName.ForumPostEdited,
  EventName.ForumPostDeleted,
  EventName.ForumReplyPosted,
  EventName.ForumReplyDeleted,
  ...MODERATION_EVENTS,
  EventName.RebuildFinished,
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
    case 'rebuild':
      return rebuildRunLabel(fields as unknown as RebuildFinished);
    default:
      return excerpt(fields.title);
  }
}

export function auditRow(event: ProjectedEvent): AuditRow | null {
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
  if (isDocumentEvent(event)) {
    const document = DOCUMENT_EVENT_OF.get(event.type)!;
    const action = typeof metadata.restoredFrom === 'number' ? 'restored' : document.action;
    return { ...base, kind: document.kind, action, item_id: event.data.id, label: documentLabel(document.kind, event.data.fields) };
  }
  switch (event.type) {
    case EventName.ForumPostCreated:
    case EventName.ForumPostEdited:
      return {
        ...base,
        kind: 'forum-post',
        action: event.type === EventName.ForumPostCreated ? 'created' : 'updated',
        item_id: event.data.postId,
        label: excerpt(event.data.title),
      };
    case EventName.ForumPostDeleted:
      return {
        ...base,
        kind: 'forum-post',
        action: 'deleted',
        item_id: event.data.postId,
        label: excerpt(event.data.title),
        content_author: event.data.authorName,
      };
    case EventName.ForumReplyPosted:
      return { ...base, kind: 'forum-reply', action: 'created', item_id: event.data.replyId, label: excerpt(event.data.content) };
    case EventName.ForumReplyDeleted:
      return {
        ...base,
        kind: 'forum-reply',
        action: 'deleted',
        item_id: event.data.replyId,
        label: excerpt(event.data.content),
        content_author: event.data.authorName,
      };
    case EventName.RebuildFinished:
      return { ...base, kind: 'rebuild', action: `rebuild-${event.data.result}`, item_id: event.data.runId, label: rebuildRunLabel(event.data) };
    default:
      return moderationAuditRow(event, base);
  }
}
