import pg from 'pg';

/**
 * Times the read model's commit on the app's reply path without touching the app: `rm_progress`, which the
 * projection runner sends in the transaction that commits a batch (so it is seen just after the commit). Seen on
 * a connection of its own in this process. Its payload, `{schema} {position} {projection,…}` (projections'
 * progress.ts), says which read models the batch wrote to and up to which log position.
 */
export async function startNotifyProbe(uri: string) {
  const client = new pg.Client({ connectionString: uri });
  await client.connect();
  let seen: Array<{ at: number; position: string; changed: string[] }> = [];
  client.on('notification', (message) => {
    const [, position = '', changed = ''] = (message.payload ?? '').split(' ');
    seen.push({ at: performance.now(), position, changed: changed.split(',') });
  });
  await client.query('LISTEN rm_progress');
  return {
    /**
     * Since `t0`: when the first batch commit was seen (one that wrote to `projection`'s read model, when named),
     * and the log position it reached.
     */
    take(t0: number, projection?: string): { commit: number | null; position: string | null } {
      const first = seen.find((entry) => entry.at >= t0 && (projection === undefined || entry.changed.includes(projection)));
      seen = [];
      return first === undefined ? { commit: null, position: null } : { commit: first.at - t0, position: first.position };
    },
    clear() {
      seen = [];
    },
    close: () => client.end(),
  };
}
