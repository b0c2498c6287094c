import pg from 'pg';

/**
 * What PostgreSQL's backends are doing while `during` runs: `query` (rows with a `what` column, read from
 * pg_stat_activity) every 10 ms on a connection of its own. How often each `what` was seen, the polls and the rows
 * seen in all: the experiments `waits` of the appends (appends.ts) and of the rebuild (rebuild-observers.ts).
 */
export async function sampleActivity<T>(
  uri: string,
  query: string,
  during: () => Promise<T>,
): Promise<{ result: T; counts: Map<string, number>; polls: number; rows: number }> {
  const client = new pg.Client({ connectionString: uri });
  await client.connect();
  const counts = new Map<string, number>();
  let polls = 0;
  let rows = 0;
  let running = true;
  const sampling = (async () => {
    while (running) {
      const seen = (await client.query<{ what: string }>(query)).rows;
      for (const { what } of seen) counts.set(what, (counts.get(what) ?? 0) + 1);
      polls += 1;
      rows += seen.length;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  try {
    const result = await during();
    return { result, counts, polls, rows };
  } finally {
    running = false;
    await sampling;
    await client.end();
  }
}
