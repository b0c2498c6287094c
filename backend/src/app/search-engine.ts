import type { DatabasePool } from 'slonik';
import type { ReadModelWaiter } from '../archive/document-service';
import type { Config } from '../config';
import type { EventStore } from '../event-store/port';
import { createSearchPool, postgresSearchEngine } from '../search/postgres-search-engine';
import type { SearchEngine } from '../search/search-engine';
import { createTypesenseClient } from '../search/typesense/typesense-client';
import { TypesenseIndexer } from '../search/typesense/typesense-indexer';
import { TypesenseSearchEngine } from '../search/typesense/typesense-search-engine';

type Log = (message: string, detail?: Record<string, unknown>) => void;

/**
 * Picks the search adapter: Typesense when TYPESENSE_URL is set (its indexer follows the log, and commands wait
 * for it as well as for the read models, so an edit is searchable when the command answers), PostgreSQL otherwise.
 * `runIndexer: false` (an API process beside a projections worker): the indexer is not started here, and
 * commands wait on the checkpoint the worker's indexer stores.
 */
export async function openSearch(
  config: Config,
  deps: { pool: DatabasePool; databaseUri: string; store: EventStore; readModels: ReadModelWaiter; log: Log; runIndexer?: boolean },
): Promise<{ engine: SearchEngine; waiter: ReadModelWaiter; close: () => Promise<void> }> {
  if (!config.typesenseUrl) {
    // Connections of its own, which plan with enable_seqscan off and keep their statements prepared; opened on first use.
    const searchPool = await createSearchPool(deps.databaseUri, { maximumPoolSize: 5, timeouts: config.databaseTimeouts });
    return { engine: postgresSearchEngine(searchPool), waiter: deps.readModels, close: () => searchPool.end() };
  }
  const client = createTypesenseClient({ url: config.typesenseUrl, apiKey: config.typesenseApiKey ?? '' });
  const indexer = new TypesenseIndexer({ client, pool: deps.pool, source: deps.store, log: deps.log });
  await indexer.ensureReady();
  if (deps.runIndexer ?? true) indexer.start();
  deps.log(`Search: Typesense at ${config.typesenseUrl}${(deps.runIndexer ?? true) ? '' : ' (indexed by the projections worker)'}`);
  return {
    engine: new TypesenseSearchEngine({ client, pool: deps.pool, log: deps.log }),
    waiter: { waitFor: async (position, timeoutMs) => (await deps.readModels.waitFor(position, timeoutMs)) && (await indexer.waitFor(position, timeoutMs)) },
    close: () => indexer.stop(),
  };
}
