/**
 * A rebuild of every read model in a process of its own, for the crash tests (stream-rebuild-kill.int.test.ts):
 * the real store (PostgreSQL, decoded) and the real rebuild with small batches, held still inside the log's stream
 * after `holdAfterBatches` batches, once it has printed `mid-stream <events>`, so the test can kill -9 it there.
 *
 *   node --import tsx backend/test/rebuild-child.ts <database uri> <batch size> <hold after batches>
 */
import { allProjections, rebuildReadModels, type EventSource, type ProjectedEvent } from '@mello/projections';
import { createDatabasePool } from '../src/db/pool';
import { decodingEventStore } from '../src/event-store/decoding-event-store';
import { PostgresEventStore } from '../src/event-store/postgres/postgres-event-store';

const [uri, batchText, holdText] = process.argv.slice(2);
const batchSize = Number(batchText);
const holdAfter = Number(holdText);

const pool = await createDatabasePool(uri!, { maximumPoolSize: 4 });
const store = decodingEventStore(new PostgresEventStore(pool, uri!));
const source: EventSource = {
  readAll: (options) => store.readAll(options as never),
  onAppended: (listener) => store.onAppended(listener),
  async *streamAll(options) {
    let batches = 0;
    let events = 0;
    for await (const batch of store.streamAll!(options as never) as AsyncIterable<ProjectedEvent[]>) {
      yield batch;
      batches += 1;
      events += batch.length;
      if (batches === holdAfter) {
        process.stdout.write(`mid-stream ${events}\n`);
        // Held here, the stream's cursor open, until the test kills the process.
        await new Promise(() => undefined);
      }
    }
  },
};
const result = await rebuildReadModels({ pool, connectionUri: uri!, source, projections: allProjections, batchSize });
process.stdout.write(`done ${result.events}\n`);
await store.close();
await pool.end();
