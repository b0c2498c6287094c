import { describe } from 'vitest';
import { describeEventStoreContract } from '../event-store.contract';
import { withoutCredentials } from './connection-string';
import { createKurrentDbEventStore, type KurrentDbEventStore } from './kurrentdb-event-store';

/**
 * Runs the shared contract against a real KurrentDB when EVENTSTORE_URL names one, e.g.
 *   docker compose up -d eventstore
 *   EVENTSTORE_URL='kurrentdb://localhost:2113?tls=false' npx vitest run --project app backend/src/event-store/kurrentdb
 * (docker-compose.yml does not publish 2113 by default: add `ports: ["2113:2113"]` locally to run this.)
 * Without it every case is reported as skipped, under a name that says why: never as passed.
 * KurrentDB cannot detect an event id reused in another stream (see the adapter's comment), so that one contract
 * case is declared as a capability it lacks.
 */
const url = process.env.EVENTSTORE_URL ?? '';
const SKIPPED = 'skipped: needs EVENTSTORE_URL naming a KurrentDB server (e.g. kurrentdb://localhost:2113?tls=false); none can run on the development machines';

if (!url) console.log(`KurrentDB event store contract: ${SKIPPED}`);

describe.skipIf(!url)(url ? `KurrentDB at ${withoutCredentials(url)}` : SKIPPED, () => {
  describeEventStoreContract(
    'KurrentDB',
    async () => {
      const stores: KurrentDbEventStore[] = [];
      const open = async () => {
        const store = await createKurrentDbEventStore(url);
        stores.push(store);
        return store;
      };
      const store = await open();
      return {
        store,
        openAnother: open,
        // close() is idempotent: the contract closes the extra clients itself first.
        cleanup: async () => {
          await Promise.all(stores.map((s) => s.close().catch(() => undefined)));
        },
      };
    },
    { detectsEventIdsReusedAcrossStreams: false },
  );
});
