import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import copyStreams from 'pg-copy-streams';

/** A value of COPY's text format: null is `\N`; backslash, tab, newline and carriage return are escaped. */
export function copyTextValue(value: string | null): string {
  if (value === null) return '\\N';
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
          yield rows
            .slice(i, i + 1000)
            .map((row) => row.map(copyTextValue).join('\t'))
            .join('\n')
            .concat('\n');
        }
      };
      const target = `${quoted(table[0])}.${quoted(table[1])} (${columns.map(quoted).join(', ')})`;
      await pipeline(Readable.from(chunks()), client.query(copyStreams.from(`COPY ${target} FROM STDIN`)));
    } finally {
      await client.end();
    }
  };
}
