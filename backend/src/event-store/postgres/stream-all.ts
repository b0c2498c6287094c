import pg from 'pg';
import { decodePosition, encodePosition, type RecordedEvent, type StreamAllOptions } from '../port';

/**
 * The columns of an event as streamAll reads them: ids and positions as text (no int8 or uuid parsing), the JSON
 * columns parsed once by the driver (JSON.parse, as readAll's), recorded_at as text turned into the ISO string the
 * pool gives readAll (db/pool.ts), so a rebuild sees exactly the events the live runner sees. The text columns are
 * renamed: an output column named like a table column would be what ORDER BY sorts on (as text, the wrong order).
 */
const SELECT_EVENTS = `SELECT transaction_id::text AS xid_text, global_position::text AS position_text, stream_name, stream_revision,
  event_id::text AS event_id, event_type, data, metadata, recorded_at::text AS recorded_text FROM es.events`;

/** How the stream's connection shows in pg_stat_activity (an operator sees a rebuild's read there). */
export const STREAM_APPLICATION_NAME = 'mello-stream-all';

type EventTuple = [string, string, string, number, string, string, unknown, RecordedEvent['metadata'], string];

const JSON_OIDS = new Set([114, 3802]);
/** int8 and int4 (a stream revision): a number, as the pool reads int8 (db/pool.ts). */
const INTEGER_OIDS = new Set([20, 23]);
const toInteger = (value: string) => Number.parseInt(value, 10);
/** Only what the tuple needs: JSON parsed, integers as numbers, everything else the text as sent. */
const types = {
  getTypeParser: (oid: number) => (JSON_OIDS.has(oid) ? JSON.parse : INTEGER_OIDS.has(oid) ? toInteger : String),
} as unknown as pg.CustomTypesConfig;

/**
 * The whole log after a position in one read: a cursor in a read-only transaction on a connection of its own, so
 * the server produces one ordered scan instead of one index search and sort per page, and the next batch is fetched
 * while the caller works on this one (the driver queues the FETCH; the server answers it as soon as the last one is
 * sent). The horizon is the one readAll uses, taken once when the cursor opens (its snapshot): events committed
 * after that, or held back by a transaction still open then, are left to readAll from the last position streamed.
 *
 * A failure (the connection lost, the server stopped) ends the iteration with the error; the caller's break or
 * throw ends the transaction and the connection. A killed process leaves nothing: the server rolls back.
 */
export async function* streamAllEvents(connectionUri: string, { after, batchSize }: StreamAllOptions): AsyncGenerator<RecordedEvent[]> {
  const client = new pg.Client({ connectionString: connectionUri, keepAlive: true, application_name: STREAM_APPLICATION_NAME });
  // A lost connection also rejects the pending query, which ends the iteration; this only keeps it from crashing.
  client.on('error', () => undefined);
  await client.connect();
  const [xid, position] = after ? decodePosition(after) : [0n, 0n];
  const fetch = () => {
    const fetched = client.query<EventTuple>({ text: `FETCH ${Math.max(1, Math.floor(batchSize))} FROM log`, rowMode: 'array', types });
    // The next batch may fail (the connection killed) while the caller still holds this one and nothing awaits it
    // yet: marked handled here, or Node would end the process on an unhandled rejection. The loop still awaits it
    // and ends the iteration with its error.
    fetched.catch(() => undefined);
    return fetched;
  };
  let pending: Promise<pg.QueryArrayResult<EventTuple>> | null = null;
  try {
    await client.query('BEGIN READ ONLY');
    await client.query(
      `DECLARE log NO SCROLL CURSOR FOR ${SELECT_EVENTS}
        WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)
          AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
        ORDER BY transaction_id, global_position`,
      [xid.toString(), position.toString()],
    );
    pending = fetch();
    // Events of one append share their recorded_at: converting each distinct text once is enough.
    let lastText = '';
    let lastIso = '';
    for (;;) {
      const { rows } = await pending;
      pending = null;
      if (rows.length === 0) break;
      // The next batch is on its way while this one is handed out.
      if (rows.length === Math.floor(batchSize)) pending = fetch();
      const batch: RecordedEvent[] = new Array(rows.length);
      for (let i = 0; i < rows.length; i += 1) {
        const row = rows[i]!;
        if (row[8] !== lastText) {
          lastText = row[8];
          lastIso = new Date(lastText).toISOString();
        }
        batch[i] = {
          id: row[4],
          type: row[5],
          data: row[6],
          metadata: row[7],
          streamName: row[2],
          streamRevision: row[3],
          position: encodePosition(row[0], row[1]),
          recordedAt: lastIso,
        };
      }
      yield batch;
      if (pending === null) break;
    }
  } finally {
    // A batch still in flight is dropped with the connection; the transaction only read.
    pending?.catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}
