import { sql } from 'slonik';
import { z } from 'zod';
import { allProjections, rebuildReadModels, type RebuildProgress } from '@mello/projections';
import { openDatabase } from '../app/database';
import { openEventStore } from '../app/infrastructure';
import { createDatabasePool } from '../db/pool';
import { createTypesenseClient } from '../search/typesense/typesense-client';
import { rebuildTypesense } from '../search/typesense/typesense-rebuild';
import { configOrExit } from './config-or-exit';

/**
 * npm run rebuild: builds every read model from position 0 beside the live one and swaps it in. Safe while
 * `npm start` runs against the same database (with the embedded default, stop it first: the data folder holds
 * one server).
 */
const config = configOrExit((message) => console.error(message));
const database = await openDatabase(config, (message) => console.log(message));
const pool = await createDatabasePool(database.uri);
const store = await openEventStore(config, pool, database.uri).catch(async (error: unknown) => {
  // E.g. KurrentDB unreachable: said in one line, and the embedded PostgreSQL started above is not left running.
  console.error(error instanceof Error ? error.message : String(error));
  await pool.end();
  await database.stop();
  process.exit(1);
});

// The PostgreSQL store can count its events for the ETA; KurrentDB cannot cheaply, so it goes without.
const total = config.eventStoreUrl ? null : await pool.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*)::int AS n FROM es.events`);

const bar = (progress: RebuildProgress) => {
  const width = 30;
  const ratio = progress.total ? Math.min(1, progress.events / progress.total) : 0;
  const filled = Math.round(ratio * width);
  const eta = progress.etaSeconds === null ? '–' : `${progress.etaSeconds.toFixed(1)} s`;
  const line = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${progress.events}${progress.total ? `/${progress.total}` : ''} events  ${Math.round(progress.eventsPerSecond)} events/s  ETA ${eta}`;
  if (process.stdout.isTTY) process.stdout.write(`\r${line}`);
  else console.log(line);
};

try {
  const result = await rebuildReadModels({
    pool,
    connectionUri: database.uri,
    source: store,
    projections: allProjections,
    totalEvents: total,
    onProgress: bar,
  });
  if (process.stdout.isTTY) process.stdout.write('\n');
  console.log(
    `Rebuilt and swapped in every read model: ${result.events} events in ${result.seconds.toFixed(2)} s (${Math.round(result.events / Math.max(result.seconds, 0.001))} events/s)`,
  );
  if (config.typesenseUrl) {
    // Production search: a full reindex into new collections, swapped in through the aliases.
    const client = createTypesenseClient({ url: config.typesenseUrl, apiKey: config.typesenseApiKey ?? '' });
    const search = await rebuildTypesense({ client, pool, source: store, log: (message) => console.log(message) });
    console.log(
      `Reindexed Typesense: ${search.events} events in ${search.seconds.toFixed(2)} s into ${Object.values(search.collections).join(', ')}; dropped ${search.dropped.length} old collections`,
    );
  }
} finally {
  await store.close();
  await pool.end();
  await database.stop();
}
