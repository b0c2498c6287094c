import pg from 'pg';

/** The rows of every table of the live schema that has an id per document (the archive and search read models). */
async function readModelCounts(uri: string) {
  const client = new pg.Client({ connectionString: uri });
  await client.connect();
  try {
    // Every table of the live schema that has an id per document (the archive and search read models).
    const { rows: tables } = await client.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.columns WHERE table_schema = 'rm' AND column_name = 'id' ORDER BY table_name`,
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables) {
      counts[name] = Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM rm.${name}`)).rows[0]!.n);
    }
    return counts;
  } finally {
    await client.end();
  }
}

/** The read models' row counts after a rebuild; throws unless each kind holds what the dataset generated. */
export async function checkedReadModelCounts(uri: string, entities: { year: number; video: number; article: number }): Promise<Record<string, number>> {
  const counts = await readModelCounts(uri);
  const expectedRows = (table: string) =>
    table.endsWith('years') ? entities.year : table.endsWith('videos') ? entities.video : table.endsWith('articles') ? entities.article : null;
  const wrong = Object.entries(counts).filter(([table, n]) => expectedRows(table) !== null && expectedRows(table) !== n);
  if (wrong.length > 0 || counts.years === undefined) {
    throw new Error(`read models hold ${JSON.stringify(counts)}, expected ${JSON.stringify(entities)} per kind`);
  }
  return counts;
}
