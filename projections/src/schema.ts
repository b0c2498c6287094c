import { notificationsDdl } from './notifications/notifications-schema';
import { moderationDdl } from './forum/moderation-projection';
import { bookmarksDdl } from './forum/bookmarks-projection';
import { GIN_PENDING_LIST_KB } from './search/gin-pending-list';

/**
 * The read side lives in one schema (`rm` when live). Everything in it is derived from the log, so a new version
 * is built beside the live one (`rm_next`) and swapped in by renaming (see rebuild.ts). Bump READ_MODEL_VERSION
 * whenever this DDL or a projection's output changes: the next start rebuilds from position 0.
 */
export const LIVE_SCHEMA = 'rm';
// 9: forum author names are upcast when read (e-mail addresses of old events become neutral public names);
// entries, artists, sources and lineup years.
// 10: forum posts name the entry they are about (entry_id, for an entry's open hunts); videos by year (an entry's videos).
// 11: the audit history holds the events of entries, artists and sources.
// 12: search of entries, artists and songwriters.
// 13: years, videos, articles and forum posts keep their stream revision (the ETag of optimistic concurrency).
// 14: notifications and watching (notifications/notifications-schema.ts); posts and replies carry their mentions.
// 15: the forum's moderation (flags, hidden posts and replies: forum/moderation-projection.ts).
// 16: each member's unread count is kept (notification_counts), not counted per read.
// 17: members' forum bookmarks (forum/bookmarks-projection.ts); forum and article search text is the markdown's plain
//     text (contracts' plainMarkdown).
// 18: the forum list pages by cursor (forum_posts.activity_at and likes, an index per order).
// 19: search GIN indexes with a 64 kB pending list (not 4 MB); the vocabulary's trigram index is GIN, not GiST.
// 20: document_places: a deleted document restored keeps its first place in every list (document-projection.ts).
// 21: forum_posts' exact-title index (names, hash) for the search's answer from the newest posts.
// 22: search GIN indexes with a 4 MB pending list again, merged by the projections at the end of each live batch
//     (search/gin-pending-list.ts).
// 23: a markdown link's address may hold balanced parentheses (contracts' plainMarkdown): the search text and excerpts
//     of posts and articles linking to e.g. a Wikipedia page lost a stray ')'.
// 24: search tables leave room on their pages for updates that keep the texts (SEARCH_TABLE_FILLFACTOR), and an
//     update collects only the words it adds to the vocabulary (public.mello_collect_new_words).
// 25: entries, artists and sources keep their stream revision too (the ETag of their GET, sent back in If-Match).
// 26: a notification's excerpt is the plain text of the reply or post (contracts' plainMarkdown), not its markdown.
// 27: checkpoints.retrying_since: a projection whose batch is being retried is told from one stopped on an event.
export const READ_MODEL_VERSION = '27';

const identifier = (schema: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Bad schema name: ${schema}`);
  return schema;
};

export function readModelDdl(schemaName: string): string {
  const s = identifier(schemaName);
  return `
    CREATE SCHEMA ${s};
    CREATE TABLE ${s}.meta (key text PRIMARY KEY, value text NOT NULL);
    INSERT INTO ${s}.meta (key, value) VALUES ('version', '${READ_MODEL_VERSION}');

    CREATE TABLE ${s}.checkpoints (
      projection    text PRIMARY KEY,
      position      text,
      updated_at    timestamptz NOT NULL DEFAULT now(),
      last_error    text,
      last_error_at timestamptz,
      -- Set with last_error by a failed batch the runner retries (the database away, a lock timeout), null when a
      -- projection stopped on an event: for a while the retried one still holds read-your-writes back (progress.ts).
      retrying_since timestamptz
    );

    -- Where each document was first created (document-projection.ts): a document deleted and restored keeps its
    -- place in every list ordered by creation, whenever it comes back. Never deleted; one row per document id.
    CREATE TABLE ${s}.document_places (id uuid PRIMARY KEY, position text NOT NULL);

    CREATE TABLE ${s}.years (
      id               uuid PRIMARY KEY,
      revision         integer NOT NULL,
      year             integer NOT NULL,
      created_position text NOT NULL,
      doc              jsonb NOT NULL
    );
    CREATE INDEX years_by_year ON ${s}.years (year DESC);

    CREATE TABLE ${s}.videos (
      id               uuid PRIMARY KEY,
      revision         integer NOT NULL,
      year             integer NOT NULL,
      created_position text NOT NULL,
      doc              jsonb NOT NULL
    );
    CREATE INDEX videos_by_creation ON ${s}.videos (created_position);
    CREATE INDEX videos_by_year ON ${s}.videos (year);

    CREATE TABLE ${s}.articles (
      id               uuid PRIMARY KEY,
      revision         integer NOT NULL,
      slug             text NOT NULL,
      published_at     timestamptz NOT NULL,
      created_position text NOT NULL,
      doc              jsonb NOT NULL
    );
    CREATE INDEX articles_by_publication ON ${s}.articles (published_at DESC, created_position);

    -- Every entry of every year (lineup-read-models.ts): entries by year, by artist, by songwriter slug.
    CREATE TABLE ${s}.entries (
      id                   uuid PRIMARY KEY,
      revision             integer NOT NULL,
      year                 integer NOT NULL,
      artist_id            uuid NOT NULL,
      songwriter_slugs     text[] NOT NULL,
      songwriter_all_slugs text[] NOT NULL,
      created_position     text NOT NULL,
      doc                  jsonb NOT NULL
    );
    CREATE INDEX entries_by_year ON ${s}.entries (year);
    CREATE INDEX entries_by_artist ON ${s}.entries (artist_id);
    CREATE INDEX entries_by_songwriter ON ${s}.entries USING gin (songwriter_all_slugs);

    CREATE TABLE ${s}.artists (
      id               uuid PRIMARY KEY,
      revision         integer NOT NULL,
      slug             text NOT NULL,
      created_position text NOT NULL,
      doc              jsonb NOT NULL
    );
    CREATE INDEX artists_by_slug ON ${s}.artists (slug);

    CREATE TABLE ${s}.sources (
      id               uuid PRIMARY KEY,
      revision         integer NOT NULL,
      key              text NOT NULL,
      created_position text NOT NULL,
      doc              jsonb NOT NULL
    );
    CREATE INDEX sources_by_key ON ${s}.sources (key);

    CREATE TABLE ${s}.lineup_years (year integer PRIMARY KEY, doc jsonb NOT NULL);

    CREATE TABLE ${s}.search_words (word text PRIMARY KEY);
${searchTableDdl(s, 'search_years', 'year integer NOT NULL, is_classic boolean NOT NULL, has_video boolean NOT NULL, has_controversies boolean NOT NULL')}
${searchTableDdl(s, 'search_videos', 'year integer NOT NULL')}
${searchTableDdl(s, 'search_articles', 'published_at timestamptz NOT NULL')}
${searchTableDdl(s, 'search_entries', 'year integer NOT NULL')}
${searchTableDdl(s, 'search_artists', 'slug text NOT NULL')}
${searchTableDdl(s, 'search_songwriters', 'slug text NOT NULL UNIQUE, entry_count integer NOT NULL')}
    -- Every songwriter credit of every entry (search-songwriters.ts): the songwriters' search rows are computed from it.
    CREATE TABLE ${s}.search_songwriter_credits (
      entry_id    uuid NOT NULL,
      n           integer NOT NULL,
      slug        text NOT NULL,
      name        text NOT NULL,
      alias       text,
      year        integer NOT NULL,
      final_place integer,
      PRIMARY KEY (entry_id, n)
    );
    CREATE INDEX search_songwriter_credits_by_slug ON ${s}.search_songwriter_credits (slug);
${searchTableDdl(
  s,
  'forum_posts',
  `created_at timestamptz NOT NULL, category text NOT NULL, entry_id uuid, revision integer NOT NULL,
      activity_at timestamptz NOT NULL, likes integer GENERATED ALWAYS AS ((doc->>'likes')::int) STORED`,
)}
    -- The forum list's orders (forum-list-queries.ts), each keys descending then id descending: an index per order,
    -- with and without a category in front, read backwards from the cursor (a range scan, whatever the page).
    CREATE INDEX forum_posts_newest ON ${s}.forum_posts (created_at, id);
    CREATE INDEX forum_posts_category_newest ON ${s}.forum_posts (category, created_at, id);
    CREATE INDEX forum_posts_activity ON ${s}.forum_posts (activity_at, id);
    CREATE INDEX forum_posts_category_activity ON ${s}.forum_posts (category, activity_at, id);
    CREATE INDEX forum_posts_liked ON ${s}.forum_posts (likes, created_at, id);
    CREATE INDEX forum_posts_category_liked ON ${s}.forum_posts (category, likes, created_at, id);
    -- An entry's hunts (forum-queries.ts, openHuntsForEntry): only the few posts that name an entry are indexed.
    CREATE INDEX forum_posts_by_entry ON ${s}.forum_posts (entry_id, created_at DESC) WHERE entry_id IS NOT NULL;
    -- The search's exact title matches (search-queries.ts, an answer from the newest posts): a hash, since a title
    -- has no length limit in the log's events (a B-tree entry has one).
    CREATE INDEX forum_posts_names ON ${s}.forum_posts USING hash (names);

    CREATE TABLE ${s}.forum_replies (
      id               uuid PRIMARY KEY,
      post_id          uuid NOT NULL,
      created_position text NOT NULL,
      doc              jsonb NOT NULL
    );
    CREATE INDEX forum_replies_by_post ON ${s}.forum_replies (post_id, created_position);

    -- Who liked what: one row per user and target, so a like counts once whatever the log holds.
    CREATE TABLE ${s}.user_likes (
      target_type text NOT NULL,
      target_id   uuid NOT NULL,
      user_id     text NOT NULL,
      post_id     uuid NOT NULL,
      created_at  timestamptz NOT NULL,
      PRIMARY KEY (target_type, target_id, user_id)
    );
    CREATE INDEX user_likes_by_user_and_post ON ${s}.user_likes (user_id, post_id);
    CREATE INDEX user_likes_by_post ON ${s}.user_likes (post_id);

${notificationsDdl(s)}
${moderationDdl(s)}
${bookmarksDdl(s)}
    -- The admin's site-wide history (audit-projection.ts): newest first, by kind, by user, by date.
    CREATE TABLE ${s}.audit_events (
      position       text PRIMARY KEY,
      type           text NOT NULL,
      action         text NOT NULL,
      kind           text NOT NULL,
      item_id        uuid NOT NULL,
      stream_name    text NOT NULL,
      label          text NOT NULL,
      actor_user_id  text,
      actor_email    text,
      occurred_at    timestamptz NOT NULL,
      content_author text
    );
  `;
}

export const schemaIdentifier = identifier;

/**
 * How full an insert leaves a search table's pages (percent): the room left lets an update that keeps the row's
 * texts and every indexed column (a view count, a flag, an entry's result) write the new version on the same page, a
 * HOT update, which feeds no index. Full pages (100) send every such update to another page, and a new version
 * elsewhere feeds every index again: a thousand-odd trigram and full-text keys for a changed number (search-row
 * writes, docs/performance-report.md). A forum post's like or reply changes an order column (likes, activity_at),
 * which is indexed, so it is never HOT.
 */
export const SEARCH_TABLE_FILLFACTOR = 70;

/**
 * A search read model: the API document, filter columns, and two texts — `names` (the fields an exact match
 * ranks first: artist, song, title) and `body` (everything searchable) — stored as written and normalised by
 * public.mello_norm in generated columns that carry the trigram and full-text indexes (search-functions.ts).
 */
function searchTableDdl(s: string, table: string, filterColumns: string): string {
  return `
    CREATE TABLE ${s}.${table} (
      id               uuid PRIMARY KEY,
      created_position text NOT NULL,
      doc              jsonb NOT NULL,
      ${filterColumns},
      names_text       text NOT NULL,
      body_text        text NOT NULL,
      names            text GENERATED ALWAYS AS (public.mello_norm(names_text)) STORED,
      body             text GENERATED ALWAYS AS (public.mello_norm(body_text)) STORED,
      tsv              tsvector GENERATED ALWAYS AS (to_tsvector('public.mello_swedish'::regconfig, body_text)) STORED
    ) WITH (fillfactor = ${SEARCH_TABLE_FILLFACTOR});
`;
}

const SEARCH_TABLES = ['search_years', 'search_videos', 'search_articles', 'search_entries', 'search_artists', 'search_songwriters', 'forum_posts'] as const;

/**
 * What a rebuild sets up once after loading rather than maintaining through every insert (a new live schema gets
 * it at once), in two steps:
 *
 * 1. `deferredWordsDdl`: the misspelling vocabulary (search_words) filled from every search table in one
 *    statement, then the triggers that keep it up to date from there on. Filled by triggers during a rebuild,
 *    the loaders writing side by side would lock the same new words in different orders (a deadlock).
 * 2. `deferredIndexStatements`, one statement each so a rebuild can build them side by side: the search tables'
 *    GIN indexes (trigrams on `body`, full text on `tsv`; each row feeds them about a thousand keys), the
 *    vocabulary's trigram and prefix indexes, and the audit history's filter indexes (one row per event of the log).
 *    Rows written live wait in the GIN indexes' pending list until the projection that wrote them merges it at the
 *    end of its batch (search/gin-pending-list.ts). A rebuild builds them in bulk after the load.
 */
export function deferredWordsDdl(schemaName: string): string {
  const s = identifier(schemaName);
  const texts = SEARCH_TABLES.map((table) => `SELECT names || ' ' || body AS text FROM ${s}.${table}`).join(' UNION ALL ');
  const triggers = SEARCH_TABLES.map(
    (table) => `
    CREATE TRIGGER ${table}_words_inserted AFTER INSERT ON ${s}.${table}
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.mello_collect_words();
    CREATE TRIGGER ${table}_words_updated AFTER UPDATE ON ${s}.${table}
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.mello_collect_new_words();`,
  ).join('');
  // The same words as public.mello_collect_words collects (search-functions.ts).
  return `
    INSERT INTO ${s}.search_words (word)
    SELECT DISTINCT w FROM (${texts}) t, unnest(string_to_array(t.text, ' ')) AS w
     WHERE length(w) BETWEEN 3 AND 40
    ON CONFLICT DO NOTHING;
    ${triggers}`;
}

export function deferredIndexStatements(schemaName: string): string[] {
  const s = identifier(schemaName);
  return [
    ...SEARCH_TABLES.flatMap((table) => [
      `CREATE INDEX IF NOT EXISTS ${table}_body_trgm ON ${s}.${table} USING gin (body gin_trgm_ops) WITH (gin_pending_list_limit = ${GIN_PENDING_LIST_KB})`,
      `CREATE INDEX IF NOT EXISTS ${table}_tsv ON ${s}.${table} USING gin (tsv) WITH (gin_pending_list_limit = ${GIN_PENDING_LIST_KB})`,
    ]),
    `CREATE INDEX IF NOT EXISTS search_words_trgm ON ${s}.search_words USING gin (word gin_trgm_ops) WITH (gin_pending_list_limit = ${GIN_PENDING_LIST_KB})`,
    `CREATE INDEX IF NOT EXISTS search_words_prefix ON ${s}.search_words (word text_pattern_ops)`,
    `CREATE INDEX IF NOT EXISTS audit_events_by_kind ON ${s}.audit_events (kind, position DESC)`,
    `CREATE INDEX IF NOT EXISTS audit_events_by_user ON ${s}.audit_events (actor_user_id, position DESC)`,
    `CREATE INDEX IF NOT EXISTS audit_events_by_email ON ${s}.audit_events (actor_email, position DESC)`,
    `CREATE INDEX IF NOT EXISTS audit_events_by_time ON ${s}.audit_events (occurred_at)`,
  ];
}

/** Both deferred steps as one script (a new, empty schema). */
export function deferredDdl(schemaName: string): string {
  return [deferredWordsDdl(schemaName), ...deferredIndexStatements(schemaName).map((statement) => `${statement};`)].join('\n');
}
