import { EventEmitter } from 'node:events';
import pg from 'pg';
import { sql, UniqueIntegrityConstraintViolationError, type DatabasePool, type SerializableValue } from 'slonik';
import { z } from 'zod';
import {
  DuplicateEventIdError,
  WrongExpectedRevisionError,
  encodePosition,
  type AppendResult,
  type RawEventStore,
  type ExpectedRevision,
  type LogPosition,
  type NewEvent,
  type ReadAllOptions,
  type RecordedEvent,
  type StreamAllOptions,
} from '../port';
import { EVENT_COLUMNS, eventRow, toRecorded } from './event-rows';
import { readAllQuery, withTypedReadPlan } from './read-all-query';
import { streamAllEvents } from './stream-all';

const EXPECTED_CODES = { any: -1, no_stream: -2, stream_exists: -3 } as const;

const appendRow = z.object({
  status: z.enum(['ok', 'duplicate', 'conflict', 'duplicate_elsewhere']),
  revision: z.number().nullable(),
  xid: z.string().nullable(),
  position: z.number().nullable(),
});

/**
 * The events as es.append takes them, a JSON text parameter cast to jsonb on the server. JSON.stringify rather than
 * slonik's sql.jsonb, which sorts every object's keys (safe-stable-stringify, 1.1–1.8× the time of JSON.stringify on
 * the bench's appends): jsonb orders the keys itself, so the stored events are the same.
 */
const eventsJson = (events: readonly NewEvent[]): string =>
  JSON.stringify(events.map((event) => ({ id: event.id, type: event.type, data: event.data, metadata: event.metadata })));

/**
 * The embedded-default event store: tables in schema `es` (see schema.ts for the ordering argument).
 * Appends go through one stored function so each is a single round trip and atomic.
 */
export class PostgresEventStore implements RawEventStore {
  readonly kind = 'postgres' as const;
  private readonly appended = new EventEmitter();
  private listener: pg.Client | null = null;
  private listening: Promise<void> | null = null;
  private notifier: pg.Client | null = null;
  private announcing: Promise<void> | null = null;
  private announceAgain = false;
  private closed = false;

  constructor(
    private readonly pool: DatabasePool,
    private readonly connectionUri: string,
  ) {
    this.appended.setMaxListeners(0);
  }

  async readStream(streamName: string): Promise<RecordedEvent[]> {
    const rows = await this.pool.any(sql.type(eventRow)`
      SELECT ${EVENT_COLUMNS} FROM es.events WHERE stream_name = ${streamName} ORDER BY stream_revision`);
    return rows.map(toRecorded);
  }

  async appendToStream(streamName: string, events: NewEvent[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult> {
    if (events.length === 0) throw new Error('appendToStream needs at least one event');
    const expected = typeof options.expectedRevision === 'number' ? options.expectedRevision : EXPECTED_CODES[options.expectedRevision];
    const payload = eventsJson(events);
    const call = () =>
      this.pool.one(sql.type(appendRow)`
        SELECT r_status AS status, r_revision AS revision, r_xid::text AS xid, r_position AS position FROM es.append(${streamName}, ${expected}, ${payload}::jsonb)`);
    let row: z.infer<typeof appendRow>;
    try {
      row = await call();
    } catch (error) {
      // Two concurrent sends of the same event ids: the loser retries and finds the winner's events.
      if (!(error instanceof UniqueIntegrityConstraintViolationError)) throw error;
      row = await call();
    }
    switch (row.status) {
      case 'conflict':
        throw new WrongExpectedRevisionError(streamName, options.expectedRevision, row.revision ?? 'no_stream');
      case 'duplicate_elsewhere':
        throw new DuplicateEventIdError(streamName);
      case 'ok':
      case 'duplicate':
        this.appended.emit('appended');
        if (row.status === 'ok') this.announce();
        return { nextExpectedRevision: row.revision!, position: encodePosition(row.xid!, row.position!) };
    }
  }

  async appendToNewStreams(batch: ReadonlyArray<{ streamName: string; events: NewEvent[] }>): Promise<{ position: LogPosition | null; appended: number }> {
    let position: LogPosition | null = null;
    let appended = 0;
    // 500 streams a transaction: each holds its stream's advisory lock until commit, and the lock table is finite.
    for (let i = 0; i < batch.length; i += 500) {
      const chunk = batch.slice(i, i + 500).map(({ streamName, events }, n) => ({
        n,
        stream: streamName,
        events: events.map((event) => ({ id: event.id, type: event.type, data: event.data, metadata: event.metadata })),
      }));
      const rows = await this.pool.any(sql.type(
        z.object({ status: z.string(), count: z.number(), xid: z.string().nullable(), position: z.number().nullable() }),
      )`
        SELECT r.r_status AS status, jsonb_array_length(s.events) AS count, r.r_xid::text AS xid, r.r_position AS position
          FROM jsonb_to_recordset(${sql.jsonb(chunk as unknown as SerializableValue)}) AS s(n integer, stream text, events jsonb)
         CROSS JOIN LATERAL es.append(s.stream, ${EXPECTED_CODES.no_stream}, s.events) AS r
         ORDER BY s.n`);
      for (const row of rows) {
        if (row.status !== 'ok') continue;
        appended += row.count;
        const at = encodePosition(row.xid!, row.position!);
        if (position === null || at > position) position = at;
      }
    }
    if (appended > 0) {
      this.appended.emit('appended');
      this.announce();
    }
    return { position, appended };
  }

  async readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
    if (!options.types) return (await this.pool.any(readAllQuery(options))).map(toRecorded);
    return withTypedReadPlan(this.pool, async (tx) => (await tx.any(readAllQuery(options))).map(toRecorded));
  }

  /** The log in one read for a rebuild (stream-all.ts): a cursor on a connection of its own. */
  streamAll(options: StreamAllOptions): AsyncIterable<RecordedEvent[]> {
    return streamAllEvents(this.connectionUri, options);
  }

  async headPosition(): Promise<LogPosition | null> {
    const row = await this.pool.maybeOne(sql.type(z.object({ xid: z.string(), position: z.number() }))`
      SELECT transaction_id::text AS xid, global_position AS position FROM es.events
       WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
       ORDER BY transaction_id DESC, global_position DESC LIMIT 1`);
    return row ? encodePosition(row.xid, row.position) : null;
  }

  /**
   * Every transaction that had begun when this is called must end before its events are readable: that is when
   * the oldest running transaction (the snapshot's xmin) has passed the newest one started by then (its xmax).
   * The horizon is the whole server's, so an open transaction in another database holds it back too.
   */
  async untilReadable(timeoutMs = 10_000): Promise<void> {
    const target = await this.pool.oneFirst(sql.type(z.object({ xmax: z.string() }))`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS xmax`);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const passed = await this.pool.oneFirst(
        sql.type(z.object({ passed: z.boolean() }))`SELECT pg_snapshot_xmin(pg_current_snapshot()) >= ${target}::xid8 AS passed`,
      );
      if (passed || Date.now() >= deadline) return;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  onAppended(listener: () => void): () => void {
    this.appended.on('appended', listener);
    void this.listen();
    return () => this.appended.off('appended', listener);
  }

  /**
   * Other processes' appends arrive through LISTEN/NOTIFY; one dedicated connection, re-opened every second while
   * it is lost (the database restarted). Listeners are woken once it is back: appends made meanwhile were not
   * announced to this connection.
   */
  private listen(): Promise<void> {
    if (this.listening || this.closed) return this.listening ?? Promise.resolve();
    this.listening = (async () => {
      const client = new pg.Client({ connectionString: this.connectionUri, connectionTimeoutMillis: 5000, keepAlive: true });
      client.on('notification', () => this.appended.emit('appended'));
      client.on('error', () => {
        if (this.listener !== client) return;
        this.listener = null;
        this.listening = null;
        void client.end().catch(() => undefined);
        if (!this.closed) setTimeout(() => void this.listen(), 1000).unref();
      });
      try {
        await client.connect();
        await client.query('LISTEN es_appended');
        this.listener = client;
        this.appended.emit('appended');
      } catch {
        this.listening = null;
        await client.end().catch(() => undefined);
        if (!this.closed) setTimeout(() => void this.listen(), 1000).unref();
      }
    })();
    return this.listening;
  }

  /**
   * Tells other processes (LISTEN es_appended) that events were appended, after their commit: at most one NOTIFY in
   * flight, and appends made meanwhile share the next one. On a connection of its own with synchronous_commit off:
   * a notifying commit holds PostgreSQL's notify lock until its commit record is flushed, and a NOTIFY carries
   * nothing to lose (the events are durable already). A NOTIFY lost with that connection, or with this process
   * between the commit and here, only delays a listener until its next poll (the runner's 250 ms).
   */
  private announce(): void {
    if (this.closed) return;
    if (this.announcing) {
      this.announceAgain = true;
      return;
    }
    this.announcing = (async () => {
      try {
        do {
          this.announceAgain = false;
          if (!this.notifier) {
            const client = new pg.Client({ connectionString: this.connectionUri, connectionTimeoutMillis: 5000, options: '-c synchronous_commit=off' });
            client.on('error', () => {
              if (this.notifier === client) this.notifier = null;
              void client.end().catch(() => undefined);
            });
            await client.connect();
            this.notifier = client;
          }
          await this.notifier.query(`SELECT pg_notify('es_appended', '')`);
        } while (this.announceAgain && !this.closed);
      } catch {
        const lost = this.notifier;
        this.notifier = null;
        await lost?.end().catch(() => undefined);
      } finally {
        this.announcing = null;
      }
    })();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.appended.removeAllListeners();
    await this.announcing;
    await this.notifier?.end().catch(() => undefined);
    this.notifier = null;
    await this.listening?.catch(() => undefined);
    await this.listener?.end().catch(() => undefined);
    this.listener = null;
  }
}
