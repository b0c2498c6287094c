import pg from 'pg';
import { boundedPgPool } from '../db/bounded-pg-pool';
import type { PoolTimeouts } from '../db/pool';

type Log = (message: string) => void;

/**
 * The Socket.IO PostgreSQL adapter's own pool, and the view of it the adapter is given (`clients`). The adapter
 * checks clients out only for LISTEN (everything else is `pool.query`), and it mishandles them in two ways that
 * `end()` here makes up for:
 * - when a LISTEN client's connection ends, it takes a new one without releasing the old, so the pool would
 *   count it for ever: each client it takes is handed back when its connection ends;
 * - its `close()` releases only the client it has finished setting up. One it is still connecting, or still
 *   sending LISTEN on, when the server closes (a shutdown right after start-up, or during a reconnection) was
 *   never released, and the pool's `end()` waited on it for ever: `end()` destroys every client still out, and
 *   a connection the adapter asks for after it never completes (the adapter then has nothing to listen for).
 */
export function socketAdapterPool(databaseUri: string, timeouts: PoolTimeouts, log: Log) {
  // Bounded: a database that hangs fails the adapter's NOTIFYs instead of holding them. An idle connection ended
  // by the server (a restart, or shutdown stopping the embedded PostgreSQL) is logged and replaced on next use.
  const pool = boundedPgPool(databaseUri, timeouts, { max: 4, onError: (error) => log(`socket adapter pool: ${error.message}`) });
  // The adapter gives its LISTEN client no error listener: a connection ended by the server would throw an
  // unhandled 'error' and end the process. With this listener the client just ends, and the adapter reconnects.
  pool.on('connect', (client) => client.on('error', (error) => log(`socket adapter connection: ${error.message}`)));

  let ending = false;
  /** The release of each client the adapter still holds: its own checkout's, so once (see below). */
  const out = new Map<pg.PoolClient, (destroy: boolean) => void>();
  const never = () => new Promise<never>(() => undefined);
  const clients = {
    connect: async () => {
      if (ending) return never();
      const client = await pool.connect();
      // A client the adapter released goes back to the pool, and a pool.query may be using it when its
      // connection ends or end() runs: only this checkout's release, and only once, may touch it.
      const releaseCheckout = client.release;
      let released = false;
      const release = (destroy: boolean) => {
        if (released) return;
        released = true;
        out.delete(client);
        client.off('end', onEnd);
        releaseCheckout(destroy);
      };
      const onEnd = () => release(true);
      client.release = (error?: Error | boolean) => release(Boolean(error));
      if (ending) {
        release(true);
        return never();
      }
      out.set(client, release);
      client.once('end', onEnd);
      return client;
    },
    query: pool.query.bind(pool),
  } as unknown as pg.Pool;

  return {
    clients,
    /** After the adapter's close: ends the clients it still holds, then the pool. */
    end: async () => {
      ending = true;
      for (const release of [...out.values()]) release(true);
      await pool.end();
    },
  };
}
