import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import copyStreams from 'pg-copy-streams';

const NEEDS_ESCAPE = /[\\\t\n\r]/;

/** A value of COPY's text format: null is `\N`; backslash, tab, newline and carriage return are escaped. */
export function copyTextValue(value: string | null): string {
  if (value === null) return '\\N';
  // Most values need no escape: testing first is a fraction of the replace's cost (a rebuild's audit rows).
  if (!NEEDS_ESCAPE.test(value)) return value;
  return value.replace(/[\\\t\n\r]/g, (char) => (char === '\\' ? '\\\\' : char === '\t' ? '\\t' : char === '\n' ? '\\n' : '\\r'));
}

/**
 * Writes rows into a table with COPY FROM STDIN (a rebuild's bulk flush into empty tables): a third of the time of
 * the same rows through INSERT … jsonb_to_recordset (docs/benchmarks.md). Rows go as text, so each column takes
 * PostgreSQL's text input of its type.
 */
export type CopyRows = (
  table: readonly [schema: string, name: string],
  columns: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<string | null>>,
) => Promise<void>;

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Rows as COPY's text format: one line each, values tab-separated. */
const copyText = (rows: ReadonlyArray<ReadonlyArray<string | null>>): string =>
  rows
    .map((row) => row.map(copyTextValue).join('\t'))
    .join('\n')
    .concat('\n');

const copyStatement = (table: readonly [schema: string, name: string], columns: readonly string[]) =>
  `COPY ${quoted(table[0])}.${quoted(table[1])} (${columns.map(quoted).join(', ')}) FROM STDIN`;

/** COPY over a connection of its own, committed when it returns. */
export function copyRowsOver(connectionUri: string): CopyRows {
  return async (table, columns, rows) => {
    if (rows.length === 0) return;
    const client = new pg.Client({ connectionString: connectionUri });
    await client.connect();
    try {
      // In chunks of rows, so the text in flight stays small however many rows there are.
      const chunks = function* () {
        for (let i = 0; i < rows.length; i += 1000) {
          yield copyText(rows.slice(i, i + 1000));
        }
      };
      await pipeline(Readable.from(chunks()), client.query(copyStreams.from(copyStatement(table, columns))));
    } finally {
      await client.end();
    }
  };
}

/** How a rebuild's COPY connection shows in pg_stat_activity (an operator sees its audit rows going in there). */
export const COPY_STREAM_APPLICATION_NAME = 'mello-rebuild-copy';

/**
 * Rows written batch by batch while the caller goes on (a rebuild's audit history, written while the log is still
 * being read), on a connection of its own: each batch is one COPY, committed on its own. Not one COPY for all:
 * a transaction that writes holds back every reader of the log while it is open (readAll's horizon is the oldest
 * running transaction, cluster-wide), so the live runner would see no new event until the whole read was done.
 * The rows go into a build schema, which is dropped whole if the rebuild fails, is cancelled or its process dies.
 */
export type CopyStream = {
  /**
   * Sends the rows as one COPY. Resolves as soon as the previous batch's COPY has committed, so one batch is in
   * flight while the caller reads on, and no more however far the server falls behind. Rejects once a COPY has
   * failed (a refused row, the connection lost).
   */
  write(rows: ReadonlyArray<ReadonlyArray<string | null>>): Promise<void>;
  /** Resolves once every batch sent has committed (rejects if one failed), and closes the connection. */
  end(): Promise<void>;
  /** Closes the connection without waiting: a batch still in flight is rolled back. Never rejects. */
  abort(): Promise<void>;
};

export async function openCopyStream(connectionUri: string, table: readonly [schema: string, name: string], columns: readonly string[]): Promise<CopyStream> {
  const client = new pg.Client({ connectionString: connectionUri, application_name: COPY_STREAM_APPLICATION_NAME });
  // A lost connection also fails the COPY in flight, which is where it is reported; this only keeps it from crashing.
  client.on('error', () => undefined);
  await client.connect();
  const statement = copyStatement(table, columns);
  /** The batch in flight: resolves when its COPY has committed. */
  let inFlight: Promise<void> = Promise.resolve();
  let closed = false;
  return {
    async write(rows) {
      if (rows.length === 0) return;
      await inFlight;
      inFlight = pipeline(Readable.from([copyText(rows)]), client.query(copyStreams.from(statement)));
      // Awaited by the next write or by end; a failure meanwhile is theirs to report.
      inFlight.catch(() => undefined);
    },
    async end() {
      closed = true;
      try {
        await inFlight;
      } finally {
        await client.end().catch(() => undefined);
      }
    },
    async abort() {
      if (closed) return;
      closed = true;
      await client.end().catch(() => undefined);
    },
  };
}
