import pg from 'pg';

/**
 * Times the read model's commit on the app's reply path without touching the app: `rm_progress`, which the
 * projection runner sends in the transaction that commits a batch (so it is seen just after the commit). Seen on
 * a connection of its own in this process.
 */
export async function startNotifyProbe(uri: string) {
  const client = new pg.Client({ connectionString: uri });
  await client.connect();
  let seen: number[] = [];
  client.on('notification', () => seen.push(performance.now()));
  await client.query('LISTEN rm_progress');
  return {
    /** Since `t0`: when the first batch commit was seen. */
    take(t0: number): { commit: number | null } {
      const commit = seen.find((at) => at >= t0);
      seen = [];
      return { commit: commit === undefined ? null : commit - t0 };
    },
    clear() {
      seen = [];
    },
    close: () => client.end(),
  };
}
