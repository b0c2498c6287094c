import pg from 'pg';

/**
 * Times two PostgreSQL notifications on the app's reply path without touching the app: `rm_progress`, which the
 * projection runner sends in the transaction that commits a batch (so it is seen just after the commit), and the
 * Socket.IO PostgreSQL adapter's `socket.io#/` channel, which the adapter notifies — and awaits — right before
 * it writes a broadcast to the local sockets. Seen on a connection of its own in this process.
 */
export async function startNotifyProbe(uri: string) {
  const client = new pg.Client({ connectionString: uri });
  await client.connect();
  let seen: Array<{ channel: string; payload: string; at: number }> = [];
  client.on('notification', (message) => seen.push({ channel: message.channel, payload: message.payload ?? '', at: performance.now() }));
  await client.query('LISTEN rm_progress');
  await client.query('LISTEN "socket.io#/"');
  return {
    /** Since `t0`: when the first batch commit was seen, and when the adapter published the message carrying `id`. */
    take(t0: number, id: string): { commit: number | null; publish: number | null } {
      const after = seen.filter((n) => n.at >= t0);
      seen = [];
      const commit = after.find((n) => n.channel === 'rm_progress');
      const publish = after.find((n) => n.channel === 'socket.io#/' && n.payload.includes(id));
      return { commit: commit ? commit.at - t0 : null, publish: publish ? publish.at - t0 : null };
    },
    clear() {
      seen = [];
    },
    close: () => client.end(),
  };
}
