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

/** What the indexer needs of an event: the port's RecordedEvent and the projections' ProjectedEvent both fit. */
export type IndexedEvent = { type: string; data: unknown; position: string };

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

type DocumentEventData = { id?: unknown; fields?: unknown };
const documentData = (data: unknown): { id: string; fields: Record<string, unknown> } | null => {
  const { id, fields } = (data ?? {}) as DocumentEventData;
  if (typeof id !== 'string' || !id || typeof fields !== 'object' || fields === null) return null;
  return { id, fields: fields as Record<string, unknown> };
};

/**
 * The event types the index follows and what each one writes. Archive events carry the full field set after the
 * change ({ id, fields }, contracts/src/archive/events.ts); forum events carry the post's fields (ForumPostEdited
 * is applied as a partial update whatever it carries).
 */
const HANDLERS: Record<string, (event: IndexedEvent) => Change | Change[] | null> = {
  YearCreated: (e) => upsertOf('years', documentData(e.data), (d) => yearDocument(d.id, d.fields)),
  YearUpdated: (e) => emplaceOf('years', documentData(e.data), (d) => yearDocument(d.id, d.fields)),
  YearDeleted: (e) => deleteOf('years', documentData(e.data)?.id),
  VideoCreated: (e) => upsertOf('videos', documentData(e.data), (d) => videoDocument(d.id, d.fields, creationOrder(e.position))),
  VideoUpdated: (e) => emplaceOf('videos', documentData(e.data), (d) => videoDocument(d.id, d.fields, null)),
  VideoDeleted: (e) => deleteOf('videos', documentData(e.data)?.id),
  ArticleCreated: (e) => upsertOf('articles', documentData(e.data), (d) => articleDocument(d.id, d.fields, creationOrder(e.position))),
  ArticleUpdated: (e) => emplaceOf('articles', documentData(e.data), (d) => articleDocument(d.id, d.fields, null)),
  ArticleDeleted: (e) => deleteOf('articles', documentData(e.data)?.id),
  ForumPostCreated: (e) => upsertOf('forum_posts', e.data, (d) => forumPostDocument(d as Record<string, unknown>)),
  ForumPostEdited: (e) => emplaceOf('forum_posts', e.data, (d) => forumPostDocument(d as Record<string, unknown>)),
  ForumPostDeleted: (e) => deleteOf('forum_posts', (e.data as { postId?: unknown } | null)?.postId),
  EntryCreated: (e) => withSongwriters(upsertOf('entries', documentData(e.data), (d) => entryDocument(d.id, d.fields, creationOrder(e.position))), e),
  EntryUpdated: (e) => withSongwriters(emplaceOf('entries', documentData(e.data), (d) => entryDocument(d.id, d.fields, null)), e),
  EntryDeleted: (e) => deleteOf('entries', documentData(e.data)?.id),
  ArtistCreated: (e) => upsertOf('artists', documentData(e.data), (d) => artistDocument(d.id, d.fields)),
  ArtistUpdated: (e) => emplaceOf('artists', documentData(e.data), (d) => artistDocument(d.id, d.fields)),
  ArtistDeleted: (e) => deleteOf('artists', documentData(e.data)?.id),
};

/** An entry's change and its credits' songwriter documents (partial updates: see songwriterDocuments). */
function withSongwriters(entry: Change | null, event: IndexedEvent): Change[] | null {
  if (!entry) return null;
  const fields = documentData(event.data)?.fields ?? {};
  return [entry, ...songwriterDocuments(fields).map((doc): Change => ({ kind: 'songwriters', op: 'emplace', doc }))];
}

export const INDEXED_EVENT_TYPES: ReadonlySet<string> = new Set(Object.keys(HANDLERS));

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
    const handler = HANDLERS[event.type];
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
