import {
  ARTIST_FIELD_LABELS,
  ENTRY_FIELD_LABELS,
  ENTRY_FIELDS,
  SOURCE_FIELD_LABELS,
  type AuditActor,
  type AuditKind,
  ARTICLE_FIELD_LABELS,
  VIDEO_FIELD_LABELS,
  YEAR_FIELD_LABELS,
} from '@mello/contracts';

/** Swedish names for what the audit log reports (kinds, actions, actors, fields). Unknown values are shown raw. */

const KIND_LABELS: Record<AuditKind, string> = {
  year: 'År',
  video: 'Video',
  article: 'Artikel',
  entry: 'Bidrag',
  artist: 'Artist',
  source: 'Källa',
  'forum-post': 'Foruminlägg',
  'forum-reply': 'Forumsvar',
  rebuild: 'Ombyggnad',
};
export const kindLabel = (kind: string) => KIND_LABELS[kind as AuditKind] ?? kind;

const ACTION_LABELS: Record<string, string> = {
  created: 'Skapad',
  updated: 'Ändrad',
  deleted: 'Raderad',
  restored: 'Återställd',
  // Flags and moderation of forum content.
  flagged: 'Rapporterad',
  'auto-hidden': 'Dold av rapporter',
  hidden: 'Dold',
  unhidden: 'Visas igen',
  dismissed: 'Rapporter avfärdade',
  // A rebuild of the read models started from the Drift tab, by how it ended.
  'rebuild-succeeded': 'Klar',
  'rebuild-failed': 'Misslyckades',
  'rebuild-cancelled': 'Avbruten',
};
export const actionLabel = (action: string) => ACTION_LABELS[action] ?? action;

/** A badge colour per action, so a deletion stands out in a long log. */
export const actionPalette = (action: string) =>
  (
    ({
      created: 'green',
      updated: 'blue',
      deleted: 'red',
      restored: 'purple',
      flagged: 'orange',
      'auto-hidden': 'red',
      hidden: 'red',
      unhidden: 'green',
      'rebuild-succeeded': 'green',
      'rebuild-failed': 'red',
      'rebuild-cancelled': 'orange',
    }) as Record<string, string>
  )[action] ?? 'gray';

export function actorLabel(actor: AuditActor): string {
  if (actor.system) return 'System';
  return actor.email ?? actor.userId ?? 'Okänd';
}

const FIELD_LABELS: Record<string, string> = {
  year: 'År',
  winner: 'Vinnare',
  song: 'Låt',
  venue: 'Plats',
  city: 'Stad',
  host: 'Programledare',
  date: 'Datum',
  description: 'Beskrivning',
  imageUrl: 'Bild-URL',
  videoUrl: 'Video-URL',
  facts: 'Fakta',
  controversies: 'Kontroverser',
  sources: 'Källor',
  isClassic: 'Klassiker',
  title: 'Titel',
  artist: 'Artist',
  embedUrl: 'Inbäddnings-URL',
  duration: 'Längd',
  category: 'Kategori',
  platform: 'Plattform',
  thumbnailUrl: 'Miniatyrbild-URL',
  views: 'Visningar',
  isRare: 'Sällsynt',
  slug: 'Slug',
  excerpt: 'Ingress',
  content: 'Innehåll',
  author: 'Författare',
  authorTitle: 'Författarens titel',
  publishedAt: 'Publicerad',
  readTime: 'Lästid (min)',
  featured: 'Utvald',
  priority: 'Prioritet',
  reward: 'Belöning',
  status: 'Status',
  tags: 'Taggar',
  authorName: 'Författare',
};
/** Kinds whose fields the contracts name (their forms' own labels): these win over the shared names above. */
const KIND_FIELD_LABELS: Partial<Record<string, Readonly<Record<string, string>>>> = {
  year: YEAR_FIELD_LABELS,
  video: VIDEO_FIELD_LABELS,
  article: ARTICLE_FIELD_LABELS,
  entry: ENTRY_FIELD_LABELS,
  artist: ARTIST_FIELD_LABELS,
  source: SOURCE_FIELD_LABELS,
};
export const fieldLabel = (field: string, kind?: string) => (kind ? KIND_FIELD_LABELS[kind]?.[field] : undefined) ?? FIELD_LABELS[field] ?? field;

/** The order an editor knows a kind's fields in (its form's order); fields not listed come last, as they were. */
const FIELD_ORDER: Record<string, readonly string[]> = {
  year: ['year', 'winner', 'song', 'date', 'venue', 'city', 'host', 'description', 'facts', 'controversies', 'sources', 'imageUrl', 'videoUrl', 'isClassic'],
  video: ['title', 'artist', 'year', 'category', 'platform', 'duration', 'views', 'videoUrl', 'embedUrl', 'thumbnailUrl', 'description', 'sources', 'isRare'],
  article: ['title', 'slug', 'excerpt', 'content', 'category', 'author', 'authorTitle', 'publishedAt', 'readTime', 'imageUrl', 'sources', 'featured'],
  'forum-post': ['title', 'content', 'category', 'priority', 'year', 'reward', 'status', 'tags', 'authorName'],
  entry: ENTRY_FIELDS,
  artist: Object.keys(ARTIST_FIELD_LABELS),
  source: Object.keys(SOURCE_FIELD_LABELS),
  'forum-reply': ['content', 'authorName'],
};

export function inFieldOrder<T>(kind: string, items: readonly T[], fieldOf: (item: T) => string): T[] {
  const order = FIELD_ORDER[kind] ?? [];
  const rank = (item: T) => {
    const index = order.indexOf(fieldOf(item));
    return index === -1 ? order.length : index;
  };
  // Array.prototype.sort is stable: unknown fields keep their relative order.
  return [...items].sort((a, b) => rank(a) - rank(b));
}

/** Where the site-wide log links an entry: the item's own history (which stays reachable after a deletion). */
export const historyPath = (kind: string, itemId: string) => `/admin/history/${encodeURIComponent(kind)}/${encodeURIComponent(itemId)}`;

/** The edit page of a curated item, or null for forum content (edited on the forum itself) and lineup documents (no admin form yet). */
export function editPath(kind: string, itemId: string): string | null {
  const id = encodeURIComponent(itemId);
  if (kind === 'year') return `/admin/edit-year/${id}`;
  if (kind === 'video') return `/admin/edit-video/${id}`;
  if (kind === 'article') return `/admin/edit-article/${id}`;
  return null;
}
