import { sql, type DatabasePool } from 'slonik';
import type { Client } from 'typesense';
import type { LogPosition } from '../../event-store/port';
import { DEFAULT_PREFIX, SEARCH_KINDS, checkPrefix, type SearchKind } from './collections';
import { INDEXED_EVENT_TYPES, addToPlan, emptyPlan, type IndexPlan } from './index-plan';
import {
  aliasTargets,
  applyCollectionPlan,
  createCollections,
  dropUnusedCollections,
  isNotFound,
  pointAliases,
  targetsSignature,
  type Log,
} from './typesense-client';
import { CHECKPOINT_TABLE, ensureCheckpointTable, indexLockKey, type IndexerEventSource } from './typesense-indexer';

export type TypesenseRebuildProgress = { events: number; seconds: number; eventsPerSecond: number };

export type TypesenseRebuildOptions = {
  client: Client;
  pool: DatabasePool;
  source: Pick<IndexerEventSource, 'readAll'>;
  prefix?: string;
  batchSize?: number;
  onProgress?: (progress: TypesenseRebuildProgress) => void;
  log?: Log;
  /** The new collections' stamp (default: now in milliseconds). */
  stamp?: number;
};

export type TypesenseRebuildResult = {
  events: number;
  seconds: number;
  collections: Record<SearchKind, string>;
  dropped: string[];
};

/**
 * Full reindex (npm run rebuild with TYPESENSE_URL): new collections `<prefix>_<kind>_<stamp>` are filled from
 * position 0 beside the live ones, which keep answering searches meanwhile. Then, under the indexer's lock (so
 * no live batch runs in between), the events appended during the build are added, the aliases are pointed at
 * the new collections and the live indexer's checkpoint is set to where they stand. The old collections are
 * dropped afterwards. If anything fails before the swap, the new collections are dropped and the live ones are
 * untouched.
 */
export async function rebuildTypesense(options: TypesenseRebuildOptions): Promise<TypesenseRebuildResult> {
  const { client, pool, source, log } = options;
  const prefix = checkPrefix(options.prefix ?? DEFAULT_PREFIX);
  const batchSize = options.batchSize ?? 5000;
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  let events = 0;

  await ensureCheckpointTable(pool);
  const created = (await createCollections(client, prefix, options.stamp ?? Date.now())) as Record<SearchKind, string>;
  try {
    // The whole log folded in memory, then every document written once (as the read-model rebuild does).
    const plan = emptyPlan();
    let position: LogPosition | null = null;
    for (;;) {
      const batch = await source.readAll({ after: position, maxCount: batchSize });
      if (batch.length === 0) break;
      addToPlan(
        plan,
        batch.filter((event) => INDEXED_EVENT_TYPES.has(event.type)),
      );
      position = batch[batch.length - 1]!.position as LogPosition;
      events += batch.length;
      options.onProgress?.({ events, seconds: seconds(), eventsPerSecond: events / Math.max(seconds(), 0.001) });
    }
    // Fresh collections hold nothing to delete.
    for (const kind of SEARCH_KINDS) plan[kind].deletes.clear();
    await writePlan(client, created, plan, log);

    await pool.transaction(async (tx) => {
      await tx.query(sql.unsafe`SELECT pg_advisory_xact_lock(${indexLockKey(prefix)})`);
      // Catch up with what was appended while the collections were filled.
      for (;;) {
        const batch = await source.readAll({ after: position, maxCount: batchSize });
        if (batch.length === 0) break;
        await writePlan(
          client,
          created,
          addToPlan(
            emptyPlan(),
            batch.filter((event) => INDEXED_EVENT_TYPES.has(event.type)),
          ),
          log,
        );
        position = batch[batch.length - 1]!.position as LogPosition;
        events += batch.length;
      }
      await pointAliases(client, prefix, created);
      await tx.query(sql.unsafe`
        INSERT INTO ${CHECKPOINT_TABLE} (name, position, collections) VALUES (${prefix}, ${position}, ${targetsSignature(created)})
        ON CONFLICT (name) DO UPDATE SET position = excluded.position, collections = excluded.collections, updated_at = now(), last_error = NULL`);
    });
  } catch (error) {
    const live = await aliasTargets(client, prefix).catch(() => ({}) as Partial<Record<SearchKind, string>>);
    // Drop what this run created unless an alias already points at it (the swap got that far).
    for (const kind of SEARCH_KINDS) {
      if (live[kind] === created[kind]) continue;
      await client
        .collections(created[kind])
        .delete()
        .catch((dropError: unknown) => {
          if (!isNotFound(dropError)) log?.('Could not drop a collection of the failed rebuild', { name: created[kind], error: String(dropError) });
        });
    }
    throw error;
  }
  options.onProgress?.({ events, seconds: seconds(), eventsPerSecond: events / Math.max(seconds(), 0.001) });
  const dropped = await dropUnusedCollections(client, prefix, created, log);
  return { events, seconds: seconds(), collections: created, dropped };
}

async function writePlan(client: Client, collections: Record<SearchKind, string>, plan: IndexPlan, log?: Log): Promise<void> {
  for (const kind of SEARCH_KINDS) await applyCollectionPlan(client, collections[kind], plan[kind], log);
}
