import { projectionTables } from '@mello/projections';
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

/** A read-model table's rows as JSON text, sorted: two snapshots are equal exactly when the tables hold the same. */
export const readModelRows = (db: CommonQueryMethods, table: string) =>
  db.anyFirst(sql.type(z.object({ row: z.string() }))`SELECT to_jsonb(t)::text AS row FROM ${sql.identifier(['rm', table])} t ORDER BY 1`);

/** Every projection's tables in the live read models (plus `extra` shared ones, e.g. 'search_words', 'checkpoints'). */
export async function readModelSnapshot(db: CommonQueryMethods, extra: readonly string[] = []): Promise<Record<string, readonly string[]>> {
  const tables = [...new Set([...Object.values(projectionTables).flat(), ...extra])];
  return Object.fromEntries(await Promise.all(tables.map(async (table) => [table, await readModelRows(db, table)] as const)));
}
