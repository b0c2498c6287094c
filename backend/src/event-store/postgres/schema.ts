import type { Migration } from '../../db/migrate';

/**
 * Autovacuum vacuums the log once this many events were appended since its last vacuum, whatever the log's size
 * (es-005): PostgreSQL's own base threshold, without its share of the table. Autovacuum looks at most once a
 * naptime (a minute), so under a steady stream of appends the unmarked tail is about a minute's events.
 */
export const LOG_VACUUM_INSERT_THRESHOLD = 1000;

/**
 * The PostgreSQL event store lives in its own schema `es`. Events are append-only; a stream's current revision is its
 * last event's, read under the stream's lock by the append that checks its expected revision (es-004).
 *
 * Global order is (transaction_id, global_position). A reader only returns events whose transaction id is below
 * the oldest transaction still running (pg_snapshot_xmin), so an event committed later by a slower transaction
 * always sorts after everything already returned: no reader ever skips it (the bigserial-gap problem).
 */
export const eventStoreMigrations: Migration[] = [
  {
    id: 'es-001-event-store',
    sql: `
      CREATE SCHEMA IF NOT EXISTS es;

      CREATE TABLE es.streams (
        stream_name text PRIMARY KEY,
        revision    bigint NOT NULL
      );

      CREATE TABLE es.events (
        global_position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        transaction_id  xid8   NOT NULL DEFAULT pg_current_xact_id(),
        stream_name     text   NOT NULL,
        stream_revision bigint NOT NULL,
        event_id        uuid   NOT NULL UNIQUE,
        event_type      text   NOT NULL,
        data            jsonb  NOT NULL,
        metadata        jsonb  NOT NULL,
        recorded_at     timestamptz NOT NULL DEFAULT now(),
        UNIQUE (stream_name, stream_revision)
      );
      CREATE INDEX events_log_order ON es.events (transaction_id, global_position);

      -- Append-only: the log is history and is never rewritten.
      CREATE FUNCTION es.refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'es.events is append-only';
      END $$;
      CREATE TRIGGER events_append_only BEFORE UPDATE OR DELETE ON es.events
        FOR EACH ROW EXECUTE FUNCTION es.refuse_change();

      -- One round trip per append. p_expected: -1 any, -2 no stream, -3 stream exists, >= 0 exact revision.
      -- Returns status 'ok' | 'duplicate' | 'conflict' | 'duplicate_elsewhere'.
      CREATE FUNCTION es.append(p_stream text, p_expected bigint, p_events jsonb)
      RETURNS TABLE (r_status text, r_revision bigint, r_xid xid8, r_position bigint)
      LANGUAGE plpgsql AS $$
      DECLARE
        v_ids uuid[];
        v_count int;
        v_known int;
        v_current bigint;
        v_inserted int;
      BEGIN
        SELECT array_agg((e->>'id')::uuid ORDER BY ord), count(*)
          INTO v_ids, v_count
          FROM jsonb_array_elements(p_events) WITH ORDINALITY AS t(e, ord);

        -- Idempotent retry: the same ids already stored in this stream answer as the earlier append did.
        SELECT count(*) INTO v_known FROM es.events WHERE event_id = ANY (v_ids);
        IF v_known > 0 THEN
          IF v_known = v_count AND NOT EXISTS (
            SELECT 1 FROM es.events WHERE event_id = ANY (v_ids) AND stream_name <> p_stream
          ) THEN
            RETURN QUERY SELECT 'duplicate'::text, max(ev.stream_revision), max(ev.transaction_id), max(ev.global_position)
              FROM es.events ev WHERE ev.event_id = ANY (v_ids);
          ELSE
            RETURN QUERY SELECT 'duplicate_elsewhere'::text, NULL::bigint, NULL::xid8, NULL::bigint;
          END IF;
          RETURN;
        END IF;

        -- Serialise appends per stream with a lock that assigns no transaction id: this transaction's id is
        -- assigned by its first write below, after the previous writer of the stream committed, so within a
        -- stream the log order (transaction id first) always equals revision order.
        PERFORM pg_advisory_xact_lock(hashtextextended(p_stream, 0));
        SELECT s.revision INTO v_current FROM es.streams s WHERE s.stream_name = p_stream;

        IF (p_expected = -2 AND v_current IS NOT NULL)
           OR (p_expected = -3 AND v_current IS NULL)
           OR (p_expected >= 0 AND v_current IS DISTINCT FROM p_expected) THEN
          RETURN QUERY SELECT 'conflict'::text, v_current, NULL::xid8, NULL::bigint;
          RETURN;
        END IF;

        IF v_current IS NULL THEN
          INSERT INTO es.streams (stream_name, revision) VALUES (p_stream, v_count - 1) ON CONFLICT DO NOTHING;
          GET DIAGNOSTICS v_inserted = ROW_COUNT;
          IF v_inserted = 0 THEN
            RAISE EXCEPTION 'stream % created concurrently despite the stream lock', p_stream;
          END IF;
          v_current := -1;
        ELSE
          UPDATE es.streams SET revision = v_current + v_count WHERE stream_name = p_stream;
        END IF;

        INSERT INTO es.events (stream_name, stream_revision, event_id, event_type, data, metadata)
        SELECT p_stream, v_current + t.ord, (t.e->>'id')::uuid, t.e->>'type', t.e->'data', t.e->'metadata'
          FROM jsonb_array_elements(p_events) WITH ORDINALITY AS t(e, ord)
         ORDER BY t.ord;

        PERFORM pg_notify('es_appended', '');
        RETURN QUERY SELECT 'ok'::text, v_current + v_count, pg_current_xact_id(), currval(pg_get_serial_sequence('es.events', 'global_position'));
      END $$;
    `,
  },
  {
    // The event browser (admin, backend/src/event-store/postgres/browse-events.ts): newest first under a filter. The
    // type and user indexes end with the log order, so a page under that filter is a backward range scan of about one
    // page of rows (without them, a rare type or a quiet user meant reading most of the log: 50–150 ms at 100k events,
    // growing); the time range has its own, read whole and sorted when the range is narrow. Every index is paid by
    // every append (four cost a third of the append rate), so no more than needed: a stream is found by the unique
    // (stream_name, stream_revision) index and its few events sorted. (A BRIN index on recorded_at, nearly free to
    // append to, made a narrow range 15× slower on the bench's log.) Built in the migration's transaction: on a large
    // log the start waits for them.
    id: 'es-002-browse-indexes',
    sql: `
      CREATE INDEX events_by_type ON es.events (event_type, transaction_id, global_position);
      CREATE INDEX events_by_actor ON es.events ((metadata->'actor'->>'userId'), transaction_id, global_position);
      CREATE INDEX events_by_recorded_at ON es.events (recorded_at);
    `,
  },
  {
    // The event browser's time range (browse-events.ts) is turned into the span of transaction ids its events have
    // by one pass over its entries of this index: carrying the log position makes that pass index-only (a few ms for
    // 50k events, against 60–150 ms for walking the newer events' rows). Same key, wider entries: no more indexes.
    id: 'es-003-recorded-at-with-position',
    sql: `
      DROP INDEX es.events_by_recorded_at;
      CREATE INDEX events_by_recorded_at ON es.events (recorded_at) INCLUDE (transaction_id, global_position);
    `,
  },
  {
    // The append, lighter (issue 20; behaviour unchanged, the contract tests hold it): a stream's current revision is
    // read from its last event, under the stream's lock, instead of being kept in es.streams (one row write less per
    // append, two for a new stream); the payload is read by jsonb_to_recordset (one typed pass, not a jsonb_array_elements
    // per use and an ->> per field); the new position comes back from the INSERT (no catalog lookup of the sequence);
    // the NOTIFY left the append's transaction (see below).
    // Under the lock every earlier append to the stream has committed, and each statement of this VOLATILE function
    // sees them (and, inside one transaction such as appendToNewStreams' batch, the earlier calls' rows).
    id: 'es-004-lighter-append',
    sql: `
      CREATE OR REPLACE FUNCTION es.append(p_stream text, p_expected bigint, p_events jsonb)
      RETURNS TABLE (r_status text, r_revision bigint, r_xid xid8, r_position bigint)
      LANGUAGE plpgsql AS $$
      DECLARE
        v_ids uuid[];
        v_count int;
        v_known int;
        v_current bigint;
        v_position bigint;
      BEGIN
        SELECT array_agg(t.id) INTO v_ids FROM jsonb_to_recordset(p_events) AS t(id uuid);
        v_count := cardinality(v_ids);

        -- Idempotent retry: the same ids already stored in this stream answer as the earlier append did.
        SELECT count(*) INTO v_known FROM es.events WHERE event_id = ANY (v_ids);
        IF v_known > 0 THEN
          IF v_known = v_count AND NOT EXISTS (
            SELECT 1 FROM es.events WHERE event_id = ANY (v_ids) AND stream_name <> p_stream
          ) THEN
            RETURN QUERY SELECT 'duplicate'::text, max(ev.stream_revision), max(ev.transaction_id), max(ev.global_position)
              FROM es.events ev WHERE ev.event_id = ANY (v_ids);
          ELSE
            RETURN QUERY SELECT 'duplicate_elsewhere'::text, NULL::bigint, NULL::xid8, NULL::bigint;
          END IF;
          RETURN;
        END IF;

        -- Serialise appends per stream with a lock that assigns no transaction id: this transaction's id is
        -- assigned by its first write below, after the previous writer of the stream committed, so within a
        -- stream the log order (transaction id first) always equals revision order.
        PERFORM pg_advisory_xact_lock(hashtextextended(p_stream, 0));
        SELECT max(ev.stream_revision) INTO v_current FROM es.events ev WHERE ev.stream_name = p_stream;

        IF (p_expected = -2 AND v_current IS NOT NULL)
           OR (p_expected = -3 AND v_current IS NULL)
           OR (p_expected >= 0 AND v_current IS DISTINCT FROM p_expected) THEN
          RETURN QUERY SELECT 'conflict'::text, v_current, NULL::xid8, NULL::bigint;
          RETURN;
        END IF;
        v_current := coalesce(v_current, -1);

        WITH inserted AS (
          INSERT INTO es.events (stream_name, stream_revision, event_id, event_type, data, metadata)
          SELECT p_stream, v_current + t.ord, t.id, t.type, t.data, t.metadata
            FROM ROWS FROM (jsonb_to_recordset(p_events) AS (id uuid, type text, data jsonb, metadata jsonb)) WITH ORDINALITY
                 AS t(id, type, data, metadata, ord)
           ORDER BY t.ord
          RETURNING global_position
        )
        SELECT max(global_position) INTO v_position FROM inserted;

        -- No NOTIFY here any more: a notifying transaction holds PostgreSQL's one notify lock from before its commit
        -- until its commit record is flushed, so concurrent appends queued for it (74% of 8 writers' time in the
        -- bench's pg_stat_activity samples) and never shared a WAL flush. The store announces appends after they
        -- commit, on a connection of its own without waiting for the flush (postgres-event-store.ts).
        RETURN QUERY SELECT 'ok'::text, v_current + v_count, pg_current_xact_id(), v_position;
      END $$;

      -- Nothing reads it any more (the revision is the stream's last event's).
      DROP TABLE es.streams;
    `,
  },
  {
    // The log's visibility map kept current. The event browser's time range is an index-only pass over its entries of
    // events_by_recorded_at (es-003), which is index-only only on pages the visibility map marks all-visible, and only
    // VACUUM marks them; an append-only table is vacuumed by autovacuum after 1,000 + 20 % of its rows were inserted,
    // so a log of a million events could have 200,000 unmarked, and the pass fetched a heap page for each entry (at
    // 100k events just loaded: 50k heap fetches, a range's page p95 50–61 ms; marked, 10.5–16 ms in bench:events runs
    // alone). A fixed count instead bounds the unmarked tail of a log of any size, and a small one costs little:
    // vacuuming an append-only table reads only its unmarked pages, and with nothing dead PostgreSQL skips vacuuming
    // its indexes.
    id: 'es-005-log-vacuumed-by-inserts',
    sql: `
      ALTER TABLE es.events SET (autovacuum_vacuum_insert_threshold = ${LOG_VACUUM_INSERT_THRESHOLD}, autovacuum_vacuum_insert_scale_factor = 0);
    `,
  },
];
