import pg from 'pg';

/**
 * A migration is SQL, optionally followed by `run`: a step in TypeScript on the same client and transaction, for
 * data a pure function of the product must compute (the neutral public names of existing accounts).
 */
export type Migration = { id: string; sql: string; run?: (client: pg.ClientBase) => Promise<void> };

/**
 * Applies each migration once, in order, each in its own transaction, recorded in public.schema_migrations.
 * Runs on a plain pg client because migrations are multi-statement scripts (slonik allows one statement per
 * query). An advisory lock keeps concurrent starters (several API processes) from applying one twice.
 */
export async function migrate(connectionUri: string, migrations: readonly Migration[]): Promise<string[]> {
  const client = new pg.Client({ connectionString: connectionUri });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query(`SELECT pg_advisory_lock(hashtext('melloarkivet:migrations'))`);
    await client.query(`
      CREATE TABLE IF NOT EXISTS public.schema_migrations (
        id text PRIMARY KEY,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
    const done = new Set((await client.query<{ id: string }>('SELECT id FROM public.schema_migrations')).rows.map((r) => r.id));
    for (const migration of migrations) {
      if (done.has(migration.id)) continue;
      await client.query('BEGIN');
      try {
        await client.query(migration.sql);
        await migration.run?.(client);
        await client.query('INSERT INTO public.schema_migrations (id) VALUES ($1)', [migration.id]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${migration.id} failed: ${(error as Error).message}`, { cause: error });
      }
      applied.push(migration.id);
    }
  } finally {
    await client.end();
  }
  return applied;
}
