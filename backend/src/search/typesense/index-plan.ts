import { EventName, type EventOf } from '@mello/contracts';
import {
  SEARCH_KINDS,
  articleDocument,
  artistDocument,
  entryDocument,
  songwriterDocuments,
  creationOrder,
  forumPostDocument,
  videoDocument,
  yearDocument,
  type SearchDocument,
  type SearchKind,
} from './collections';

/** What the indexer needs of an event: the port's ReadEvent and the projections' ProjectedEvent both fit (decoded by the registry). */
export type IndexedEvent<N extends EventName = EventName> = EventOf<N> & { position: string };

/**
 * The writes one batch of events makes to one collection, folded per id so every id gets exactly one write:
 * - upserts: complete documents (created in this batch), sent with action `upsert` (replace);
 * - emplaces: partial documents (updated or edited, created in an earlier batch), sent with action `emplace`
 *   (merged into the stored document, which keeps what the event does not carry: a video's list position,
 *   a post's author and creation time);
 * - deletes: ids whose last event in the batch deleted them.
 * The three sets never share an id.
 */
export type CollectionPlan = {
  upserts: Map<string, SearchDocument>;
  emplaces: Map<string, SearchDocument>;
  deletes: Set<string>;
};
export type IndexPlan = Record<SearchKind, CollectionPlan>;

export const emptyPlan = (): IndexPlan =>
  Object.fromEntries(SEARCH_KINDS.map((kind) => [kind, { upserts: new Map(), emplaces: new Map(), deletes: new Set() }])) as IndexPlan;

export const planSize = (plan: IndexPlan) =>
  SEARCH_KINDS.reduce((n, kind) => n + plan[kind].upserts.size + plan[kind].emplaces.size + plan[kind].deletes.size, 0);

type Change = { kind: SearchKind } & ({ op: 'upsert' | 'emplace'; doc: SearchDocument } | { op: 'delete'; id: string });

type Handler<N extends EventName> = (event: IndexedEvent<N>) => Change | Change[] | null;

/**
 * The event types the index follows and what each one writes, keyed by the registry's names (a misspelt name
 * does not compile, and each handler gets its event's parsed data). Archive events carry the full field set
 * after the change ({ id, fields }); forum events carry the post's fields (ForumPostEdited is applied as a
 * partial update whatever it carries).
 */
const HANDLERS: { readonly [N in EventName]?: Handler<N> } = {
  [EventName.YearCreated]: (e) => upsertOf('years', e.data, (d) => yearDocument(d.id, d.fields)),
  [EventName.YearUpdated]: (e) => emplaceOf('years', e.data, (d) => yearDocument(d.id, d.fields)),
  [EventName.YearDeleted]: (e) => deleteOf('years', e.data.id),
  [EventName.VideoCreated]: (e) => upsertOf('videos', e.data, (d) => videoDocument(d.id, d.fields, creationOrder(e.position))),
  [EventName.VideoUpdated]: (e) => emplaceOf('videos', e.data, (d) => videoDocument(d.id, d.fields, null)),
  [EventName.VideoDeleted]: (e) => deleteOf('videos', e.data.id),
  [EventName.ArticleCreated]: (e) => upsertOf('articles', e.data, (d) => articleDocument(d.id, d.fields, creationOrder(e.position))),
  [EventName.ArticleUpdated]: (e) => emplaceOf('articles', e.data, (d) => articleDocument(d.id, d.fields, null)),
  [EventName.ArticleDeleted]: (e) => deleteOf('articles', e.data.id),
  [EventName.ForumPostCreated]: (e) => upsertOf('forum_posts', e.data, forumPostDocument),
  [EventName.ForumPostEdited]: (e) => emplaceOf('forum_posts', e.data, forumPostDocument),
  [EventName.ForumPostDeleted]: (e) => deleteOf('forum_posts', e.data.postId),
  [EventName.EntryCreated]: (e) =>
    withSongwriters(
      upsertOf('entries', e.data, (d) => entryDocument(d.id, d.fields, creationOrder(e.position))),
      e.data.fields,
    ),
  [EventName.EntryUpdated]: (e) =>
    withSongwriters(
      emplaceOf('entries', e.data, (d) => entryDocument(d.id, d.fields, null)),
      e.data.fields,
    ),
  [EventName.EntryDeleted]: (e) => deleteOf('entries', e.data.id),
  [EventName.ArtistCreated]: (e) => upsertOf('artists', e.data, (d) => artistDocument(d.id, d.fields)),
  [EventName.ArtistUpdated]: (e) => emplaceOf('artists', e.data, (d) => artistDocument(d.id, d.fields)),
  [EventName.ArtistDeleted]: (e) => deleteOf('artists', e.data.id),
};

/** An entry's change and its credits' songwriter documents (partial updates: see songwriterDocuments). */
function withSongwriters(entry: Change | null, fields: Record<string, unknown>): Change[] | null {
  if (!entry) return null;
  return [entry, ...songwriterDocuments(fields).map((doc): Change => ({ kind: 'songwriters', op: 'emplace', doc }))];
}

export const INDEXED_EVENT_TYPES: ReadonlySet<EventName> = new Set(Object.keys(HANDLERS) as EventName[]);

/** The handler of an event's type. (TypeScript cannot tie a union-keyed lookup to its event: the mapped type above does.) */
const handlerOf = (event: IndexedEvent): Handler<EventName> | undefined => HANDLERS[event.type] as Handler<EventName> | undefined;

function upsertOf<D>(kind: SearchKind, data: D | null | undefined, build: (data: D) => SearchDocument | null): Change | null {
  const doc = data ? build(data) : null;
  return doc ? { kind, op: 'upsert', doc } : null;
}
function emplaceOf<D>(kind: SearchKind, data: D | null | undefined, build: (data: D) => SearchDocument | null): Change | null {
  const doc = data ? build(data) : null;
  return doc ? { kind, op: 'emplace', doc } : null;
}
function deleteOf(kind: SearchKind, id: unknown): Change | null {
  return typeof id === 'string' && id ? { kind, op: 'delete', id } : null;
}

/**
 * Pure: folds a batch of events (in log order) into `plan` and returns it. Other event types are ignored, and so
 * are events whose data cannot make a document (they are logged by the caller through `skipped`).
 * Rules per id: a create replaces whatever came before; an edit merges into a create of the same batch, into an
 * earlier edit, or becomes a partial update; an edit after a delete is dropped; a delete wins over both.
 */
export function addToPlan(plan: IndexPlan, events: readonly IndexedEvent[], skipped?: (event: IndexedEvent) => void): IndexPlan {
  for (const event of events) {
    const handler = handlerOf(event);
    if (!handler) continue;
    const result = handler(event);
    if (!result) {
      skipped?.(event);
      continue;
    }
    for (const change of Array.isArray(result) ? result : [result]) addChange(plan, change);
  }
  return plan;
}

function addChange(plan: IndexPlan, change: Change): void {
  const target = plan[change.kind];
  if (change.op === 'delete') {
    target.upserts.delete(change.id);
    target.emplaces.delete(change.id);
    target.deletes.add(change.id);
    return;
  }
  const { id } = change.doc;
  if (change.op === 'upsert') {
    target.deletes.delete(id);
    target.emplaces.delete(id);
    target.upserts.set(id, change.doc);
  } else if (target.deletes.has(id)) {
    // Edited after it was deleted: nothing to write.
  } else if (target.upserts.has(id)) {
    target.upserts.set(id, { ...target.upserts.get(id)!, ...change.doc });
  } else {
    target.emplaces.set(id, { ...target.emplaces.get(id), ...change.doc });
  }
}
