import type { z } from 'zod';
import {
  ArchiveImportedData,
  ArticleEventData,
  ArtistEventData,
  EntryEventData,
  LineupsImportedData,
  ReservationEventData,
  SourceEventData,
  VideoEventData,
  YearEventData,
} from '../archive/events';
import {
  ForumPostCreatedData,
  ForumPostDeletedData,
  ForumPostEditedData,
  ForumPostLikedData,
  ForumPostViewsCountedData,
  ForumReplyDeletedData,
  ForumReplyLikedData,
  ForumReplyPostedData,
} from '../forum/events';
import { AllNotificationsMarkedReadData, ForumPostWatchChangedData, NotificationsMarkedReadData } from '../notifications/events';
import { ForumContentFlaggedData, ForumContentHiddenData, ForumContentRestoredData, ForumFlagsDismissedData } from '../forum/moderation-events';
import { ForumBookmarkAddedData, ForumBookmarkRemovedData } from '../forum/bookmarks';
import { RebuildFinishedData } from '../admin/drift';

/** One event type: the schema of its data and its version (bump it when the data changes shape, and add an upcaster in upcast.ts). */
const event = <S extends z.ZodTypeAny>(data: S, version = 1) => ({ data, version });

/**
 * THE EVENT REGISTRY: every event the log holds, by name, with its data schema and version. This is the only place
 * an event's name is written as text; everything else takes it from here (`EventName.YearCreated`, the
 * `EventName` union, `EventOf<…>`), so a misspelt name does not compile. Reading an event parses it with the
 * schema given here (decode.ts). docs/event-sourcing.md lists the same events (a test keeps the two equal).
 */
export const EVENTS = {
  YearCreated: event(YearEventData.created),
  YearUpdated: event(YearEventData.updated),
  YearDeleted: event(YearEventData.deleted),
  VideoCreated: event(VideoEventData.created),
  VideoUpdated: event(VideoEventData.updated),
  VideoDeleted: event(VideoEventData.deleted),
  ArticleCreated: event(ArticleEventData.created),
  ArticleUpdated: event(ArticleEventData.updated),
  ArticleDeleted: event(ArticleEventData.deleted),
  EntryCreated: event(EntryEventData.created),
  EntryUpdated: event(EntryEventData.updated),
  EntryDeleted: event(EntryEventData.deleted),
  ArtistCreated: event(ArtistEventData.created),
  ArtistUpdated: event(ArtistEventData.updated),
  ArtistDeleted: event(ArtistEventData.deleted),
  SourceCreated: event(SourceEventData.created),
  SourceUpdated: event(SourceEventData.updated),
  SourceDeleted: event(SourceEventData.deleted),
  KeyClaimed: event(ReservationEventData),
  KeyReleased: event(ReservationEventData),
  ArchiveImported: event(ArchiveImportedData),
  LineupsImported: event(LineupsImportedData),
  ForumPostCreated: event(ForumPostCreatedData),
  ForumPostEdited: event(ForumPostEditedData),
  ForumPostDeleted: event(ForumPostDeletedData),
  ForumReplyPosted: event(ForumReplyPostedData),
  ForumReplyDeleted: event(ForumReplyDeletedData),
  ForumPostLiked: event(ForumPostLikedData),
  ForumReplyLiked: event(ForumReplyLikedData),
  ForumPostViewsCounted: event(ForumPostViewsCountedData),
  ForumPostWatchChanged: event(ForumPostWatchChangedData),
  NotificationsMarkedRead: event(NotificationsMarkedReadData),
  AllNotificationsMarkedRead: event(AllNotificationsMarkedReadData),
  ForumContentFlagged: event(ForumContentFlaggedData),
  ForumContentHidden: event(ForumContentHiddenData),
  ForumContentRestored: event(ForumContentRestoredData),
  ForumFlagsDismissed: event(ForumFlagsDismissedData),
  ForumBookmarkAdded: event(ForumBookmarkAddedData),
  ForumBookmarkRemoved: event(ForumBookmarkRemovedData),
  RebuildFinished: event(RebuildFinishedData),
};

/** The name of an event the registry knows. */
export type EventName = keyof typeof EVENTS;
export const EVENT_NAMES = Object.keys(EVENTS) as EventName[];
/** Each name as a value: `EventName.YearCreated` (a literal type, so a `switch` on it narrows the event). */
export const EventName = Object.freeze(Object.fromEntries(EVENT_NAMES.map((name) => [name, name]))) as { readonly [N in EventName]: N };

export const isEventName = (type: string): type is EventName => Object.hasOwn(EVENTS, type);

/** What an event of that name carries (after upcasting and parsing). */
export type EventData<N extends EventName> = z.output<(typeof EVENTS)[N]['data']>;
/** A domain event of one of the given names: `{ type, data }`, a union narrowable by `type`. */
export type EventOf<N extends EventName = EventName> = { [K in N]: { type: K; data: EventData<K> } }[N];
/** Any event of the registry. */
export type AnyEvent = EventOf;

/** A set of names, checked against the registry (for a projection's or an index's followed events). */
export const eventNames = <N extends EventName>(...names: N[]): ReadonlySet<N> => new Set(names);

/** The documents of the archive; each has the same three events. */
export const DOCUMENT_KINDS = ['year', 'video', 'article', 'entry', 'artist', 'source'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** Each document's created/updated/deleted event names (deciders, projections, the audit and the search index share them). */
export const DOCUMENT_EVENTS = {
  year: { created: EventName.YearCreated, updated: EventName.YearUpdated, deleted: EventName.YearDeleted },
  video: { created: EventName.VideoCreated, updated: EventName.VideoUpdated, deleted: EventName.VideoDeleted },
  article: { created: EventName.ArticleCreated, updated: EventName.ArticleUpdated, deleted: EventName.ArticleDeleted },
  entry: { created: EventName.EntryCreated, updated: EventName.EntryUpdated, deleted: EventName.EntryDeleted },
  artist: { created: EventName.ArtistCreated, updated: EventName.ArtistUpdated, deleted: EventName.ArtistDeleted },
  source: { created: EventName.SourceCreated, updated: EventName.SourceUpdated, deleted: EventName.SourceDeleted },
} as const satisfies Record<DocumentKind, { created: EventName; updated: EventName; deleted: EventName }>;

export type DocumentEventNames<K extends DocumentKind = DocumentKind> = (typeof DOCUMENT_EVENTS)[K];
export type DocumentAction = keyof DocumentEventNames;
export type DocumentEventName = DocumentEventNames[DocumentAction];
/** An event of one of the documents' lives: `data` is `{ id, fields }` (and `changed` for an update). */
export type DocumentEvent = EventOf<DocumentEventName>;

/** For each document event name, its document kind and action (the audit's label and the history's step). */
export const DOCUMENT_EVENT_OF: ReadonlyMap<EventName, { kind: DocumentKind; action: DocumentAction }> = new Map(
  DOCUMENT_KINDS.flatMap((kind) =>
    (Object.entries(DOCUMENT_EVENTS[kind]) as Array<[DocumentAction, EventName]>).map(([action, name]) => [name, { kind, action }] as const),
  ),
);

export const isDocumentEvent = (event: AnyEvent): event is DocumentEvent => DOCUMENT_EVENT_OF.has(event.type);

/** The forum's events: post and reply life, likes and view counts. */
export const FORUM_EVENTS = eventNames(
  EventName.ForumPostCreated,
  EventName.ForumPostEdited,
  EventName.ForumPostDeleted,
  EventName.ForumReplyPosted,
  EventName.ForumReplyDeleted,
  EventName.ForumPostLiked,
  EventName.ForumReplyLiked,
  EventName.ForumPostViewsCounted,
);

/** What the notifications read model follows: the forum's events, watching, and what members marked read. */
export const NOTIFICATION_EVENTS = eventNames(
  ...FORUM_EVENTS,
  EventName.ForumPostWatchChanged,
  EventName.NotificationsMarkedRead,
  EventName.AllNotificationsMarkedRead,
);
