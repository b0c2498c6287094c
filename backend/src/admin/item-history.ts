import {
  DOCUMENT_EVENT_OF,
  EventName,
  excerptLine,
  isDocumentEvent,
  type AuditActor,
  type AuditKind,
  type FieldChange,
  type ItemTimeline,
  type ItemVersion,
  type TimelineEntry,
} from '@mello/contracts';
import { documentLabel } from '@mello/projections';
import type { ReadEvent } from '../event-store/port';

type State = Record<string, unknown>;
type Step = { action: 'created' | 'updated' | 'deleted'; state: State };

/** Ids and bookkeeping that are not fields of the item as an editor sees it. */
const NOT_FIELDS = new Set(['id', 'postId', 'replyId', 'changed', 'updatedAt', 'deletedBy']);
const fieldsOf = (data: State) => Object.fromEntries(Object.entries(data).filter(([key]) => !NOT_FIELDS.has(key)));

/** How one event moves an item's state; null for events that are not part of its history. */
function step(event: ReadEvent, previous: State): Step | null {
  if (isDocumentEvent(event)) {
    const { action } = DOCUMENT_EVENT_OF.get(event.type)!;
    return action === 'deleted' ? { action, state: previous } : { action, state: event.data.fields };
  }
  switch (event.type) {
    case EventName.ForumPostCreated:
    case EventName.ForumReplyPosted:
      return { action: 'created', state: fieldsOf(event.data) };
    case EventName.ForumPostEdited:
      return { action: 'updated', state: { ...previous, ...fieldsOf(event.data) } };
    case EventName.ForumPostDeleted:
    case EventName.ForumReplyDeleted:
      return { action: 'deleted', state: previous };
    // A finished rebuild's stream holds this one event: its run as the history shows it.
    case EventName.RebuildFinished:
      return { action: 'created', state: { ...event.data } };
    default:
      return null;
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Field-by-field changes, in the order the fields appear (new fields last). */
export function diffFields(before: State, after: State): FieldChange[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys.filter((key) => !same(before[key], after[key])).map((field) => ({ field, before: before[field] ?? null, after: after[field] ?? null }));
}

export const actorOf = (event: { metadata: unknown }): AuditActor => {
  const actor = (event.metadata as { actor?: { type?: string; userId?: string; email?: string } }).actor;
  return actor?.type === 'user' ? { userId: actor.userId ?? null, email: actor.email ?? null, system: false } : { userId: null, email: null, system: true };
};
const atOf = (event: ReadEvent) => (event.metadata as { occurredAt?: string }).occurredAt ?? event.recordedAt;

export function labelOf(kind: AuditKind, state: State): string {
  if (kind !== 'forum-post' && kind !== 'forum-reply') return documentLabel(kind, state);
  return excerptLine(String(kind === 'forum-post' ? (state.title ?? '') : (state.content ?? '')), 80);
}

/** Every event of an item's stream, oldest first, with who, when and what changed (pure). */
export function buildTimeline(kind: AuditKind, itemId: string, events: readonly ReadEvent[]): ItemTimeline {
  let state: State = {};
  let exists = false;
  const entries: TimelineEntry[] = [];
  for (const event of events) {
    const next = step(event, state);
    if (!next) continue;
    const restoredFrom = (event.metadata as { restoredFrom?: unknown }).restoredFrom;
    entries.push({
      revision: event.streamRevision,
      position: event.position,
      type: event.type,
      action: typeof restoredFrom === 'number' ? 'restored' : next.action,
      ...(typeof restoredFrom === 'number' ? { restoredFrom } : {}),
      at: atOf(event),
      actor: actorOf(event),
      changes: next.action === 'deleted' ? [] : diffFields(exists ? state : {}, next.state),
    });
    state = next.state;
    exists = next.action !== 'deleted';
  }
  return { kind, itemId, label: labelOf(kind, state), exists, entries };
}

/** One event of a stream with the item's state right after it (null: the event is not part of the item's history). */
export type FoldedStep = { state: State; deleted: boolean; changes: FieldChange[] } | null;

/**
 * Each event of an item's stream, oldest first, with the item as it stood right after it and what it changed: the
 * same fold as the timeline and the versions (the event browser steps through it). A deleted item keeps its last
 * state, marked deleted.
 */
export function foldStream(events: readonly ReadEvent[]): FoldedStep[] {
  let state: State = {};
  let exists = false;
  return events.map((event) => {
    const next = step(event, state);
    if (!next) return null;
    const deleted = next.action === 'deleted';
    const changes = deleted ? [] : diffFields(exists ? state : {}, next.state);
    state = next.state;
    exists = !deleted;
    return { state, deleted, changes };
  });
}

/** The item as it stood right after the event at `revision`, or null when the stream has no such event. */
export function versionAt(kind: AuditKind, itemId: string, events: readonly ReadEvent[], revision: number): ItemVersion | null {
  let state: State = {};
  for (const event of events) {
    if (event.streamRevision > revision) break;
    const next = step(event, state);
    if (!next) continue;
    state = next.state;
    const deleted = next.action === 'deleted';
    if (event.streamRevision === revision) return { kind, itemId, revision, at: atOf(event), deleted, item: { id: itemId, ...state } };
  }
  return null;
}
