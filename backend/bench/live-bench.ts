/**
 * Live-push benchmark (issue 6): 1,000 socket.io-client connections watch one forum post; a member posts replies
 * over HTTP, and each client's arrival of the 'forum:change' reply-created message is timed from just before the
 * HTTP call (the whole path: HTTP, command, event append, projection commit, the API process's live follower
 * reading the change, local fan-out). The baseline, interleaved round by round in the same run: a bare `io.to(room).emit(...)` of a message
 * of the same shape and size from a plain Socket.IO server in this process, to the same 1,000 clients (each
 * holds a second connection to it). Target: reply p99 ≤ 2 × bare p99 + the HTTP call's own median.
 *
 * Everything runs in one Node process (backend, bare server, 2 × BENCH_CLIENTS client connections) next to an
 * embedded PostgreSQL: clients and servers share the CPU, alike on both paths, and arrivals are timed with
 * performance.now() on the same clock as the sender. Where the reply path spends its time is read off the
 * PostgreSQL notification of the read model's commit, seen on a connection of the bench's own
 * (live/notify-probe.ts); what follows it is the follower's read and the emit. Joining is slow by design of the presence
 * count (each join tells the whole room), so the setup waits for it to settle before measuring.
 *
 *   npm run bench:live                      (BENCH_CLIENTS=1000, BENCH_ROUNDS=60, BENCH_WARMUP=3; BENCH_VERBOSE=1 prints each round)
 *
 * Prints a table and, last, one JSON line (prefix "BENCH_JSON ") for machines.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ForumChange, ForumPresence } from '@mello/contracts';
import { startBackend, type Backend } from '../src/app/backend';
import { watchPost, type LiveClient } from '../test/live-client';
import { benchBackendConfig, startBenchDatabase } from './bench-database';
import { Arrivals, connectAudience, inBatches } from './live/audience';
import { startBareServer } from './live/bare-server';
import { BenchMember } from './live/http-member';
import { startNotifyProbe } from './live/notify-probe';
import { log, percentile } from './store/common';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const VERBOSE = Boolean(process.env.BENCH_VERBOSE);
const ROUND_TIMEOUT_MS = 30_000;

type Reply = Extract<ForumChange, { kind: 'reply-created' }>;

const database = await startBenchDatabase(log);
let backend: Backend | null = null;
let bare: Awaited<ReturnType<typeof startBareServer>> | null = null;
let probe: Awaited<ReturnType<typeof startNotifyProbe>> | null = null;
const sockets: LiveClient[] = [];
// While the backend shuts down, its messages are counted rather than printed (see the finally block).
let closing = false;
const shutdownMessages = new Map<string, number>();
try {
  backend = await startBackend(benchBackendConfig(database, { IMPORT_ARCHIVE: 'false', RATE_LIMIT_WRITES_PER_MINUTE: '100000' }), {
    log: (message, detail) => {
      const text = `backend: ${message}${detail ? ` ${JSON.stringify(detail)}` : ''}`;
      if (closing) shutdownMessages.set(text, (shutdownMessages.get(text) ?? 0) + 1);
      else log(text);
    },
  });
  bare = await startBareServer();

  const author = new BenchMember(backend.url);
  await author.register('author@bench.melloarkivet.se', 'Ante', 'Author');
  const replier = new BenchMember(backend.url);
  await replier.register('replier@bench.melloarkivet.se', 'Rita', 'Replier');
  const created = await author.post<{ id: string }>('/api/forum/posts', {
    title: 'Saknas: finalen 1962 i färg',
    content: 'Finns det någon inspelning bevarad av finalen 1962? Allt tas tacksamt emot.',
    category: 'lost-media',
  });
  if (created.status !== 201) throw new Error(`creating the post failed: ${created.status}`);
  const postId = created.body.id;

  // The audience: CLIENTS visitors on the app, each also connected to the bare server.
  const arrivals = new Arrivals(CLIENTS);
  let started = performance.now();
  const appSockets = await connectAudience(backend.url, CLIENTS, arrivals);
  sockets.push(...appSockets);
  const bareSockets = await connectAudience(bare.url, CLIENTS, arrivals);
  sockets.push(...bareSockets);
  log(`Connected ${CLIENTS} clients to the app and ${CLIENTS} to the bare server in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  // Every join tells the room its reader count, so joining is quadratic in messages: wait until it has settled,
  // i.e. until every client has been told the full count.
  started = performance.now();
  const readers = new Int32Array(CLIENTS);
  appSockets.forEach((socket, i) => socket.on('forum:presence', (presence: ForumPresence) => void (readers[i] = Math.max(readers[i]!, presence.readers))));
  await inBatches(appSockets, 20, async (socket, i) => {
    const presence = await watchPost(socket, postId);
    readers[i] = Math.max(readers[i]!, presence.readers);
  });
  for (let waited = 0; readers.some((n) => n < CLIENTS); waited += 100) {
    if (waited > 120_000) throw new Error(`presence did not settle: ${readers.filter((n) => n < CLIENTS).length} clients behind`);
    await sleep(100);
  }
  while (bare.roomSize() < CLIENTS) await sleep(50);
  log(`${CLIENTS} clients watch the post (presence settled in ${((performance.now() - started) / 1000).toFixed(1)} s)`);

  // The bare broadcast sends the last reply-created message seen, under a fresh id of the same length.
  let template: Reply | null = null;
  appSockets[0]!.on('forum:change', (change: ForumChange) => void (change.kind === 'reply-created' && (template = change)));

  probe = await startNotifyProbe(database.uri);
  const replyLatency: number[] = [];
  const replyFirst: number[] = [];
  const bareFirst: number[] = [];
  const commitSeen: number[] = [];
  const bareLatency: number[] = [];
  const httpLatency: number[] = [];
  const replySlowest: number[] = [];
  const bareSlowest: number[] = [];
  const missing = { reply: 0, bare: 0 };

  const replyRound = async (round: number, measured: boolean) => {
    probe!.clear();
    const t0 = performance.now();
    const answer = await replier.post<{ id: string }>(`/api/forum/posts/${postId}/replies`, {
      content: `Jag har en VHS-inspelning från finalen, kopierad från en kompis band i början av nittiotalet (svar ${round}).`,
    });
    const http = performance.now() - t0;
    if (answer.status !== 201) throw new Error(`reply failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    const times = await arrivals.all(answer.body.id, ROUND_TIMEOUT_MS);
    if (!measured) return;
    httpLatency.push(http);
    let slowest = 0;
    let first = Infinity;
    for (const at of times) {
      replyLatency.push(at - t0);
      slowest = Math.max(slowest, at - t0);
      first = Math.min(first, at - t0);
    }
    replySlowest.push(slowest);
    replyFirst.push(first);
    const { commit } = probe!.take(t0);
    if (commit !== null) commitSeen.push(commit);
    if (VERBOSE) {
      const at = (value: number | null) => (value === null ? '?' : value.toFixed(1));
      log(`round ${round}: reply commit ${at(commit)} ms, HTTP ${http.toFixed(1)} ms, first client ${first.toFixed(1)} ms, last ${slowest.toFixed(1)} ms`);
    }
    missing.reply += CLIENTS - times.length;
  };
  const bareRound = async (measured: boolean) => {
    if (!template) throw new Error('no reply-created message to copy');
    const message: Reply = { ...template, reply: { ...template.reply, id: randomUUID() } };
    const t0 = performance.now();
    bare!.broadcast(message);
    const times = await arrivals.all(message.reply.id, ROUND_TIMEOUT_MS);
    if (!measured) return;
    let slowest = 0;
    let first = Infinity;
    for (const at of times) {
      bareLatency.push(at - t0);
      slowest = Math.max(slowest, at - t0);
      first = Math.min(first, at - t0);
    }
    bareSlowest.push(slowest);
    bareFirst.push(first);
    if (VERBOSE) log(`bare: first client ${first.toFixed(1)} ms, last ${slowest.toFixed(1)} ms`);
    missing.bare += CLIENTS - times.length;
  };

  started = performance.now();
  for (let round = -WARMUP; round < ROUNDS; round += 1) {
    const measured = round >= 0;
    // Alternate which path goes first, so neither always runs right after the other.
    if ((round + WARMUP) % 2 === 0) {
      await replyRound(round, measured);
      await sleep(20);
      await bareRound(measured);
    } else {
      await bareRound(measured);
      await sleep(20);
      await replyRound(round, measured);
    }
    await sleep(20);
  }
  const seconds = (performance.now() - started) / 1000;

  const stats = (values: number[]) => {
    const sorted = Float64Array.from(values).sort();
    return { n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted[sorted.length - 1] ?? NaN };
  };
  const reply = stats(replyLatency);
  const bareStats = stats(bareLatency);
  const http = stats(httpLatency);
  const replyRounds = stats(replySlowest);
  const bareRounds = stats(bareSlowest);
  const bound = 2 * bareStats.p99 + http.p50;
  const met = reply.p99 <= bound && missing.reply === 0;
  const bytes = Buffer.byteLength(JSON.stringify(template));

  // A probe that saw nothing has no percentiles: shown as '–'.
  const ms = (value: number | undefined) => (value === undefined || Number.isNaN(value) ? '–' : value.toFixed(1)).padStart(7);
  const row = (name: string, s: ReturnType<typeof stats>) =>
    `| ${name.padEnd(52)} | ${String(s.n).padStart(7)} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${ms(s.max)} |`;
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const load = os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
  console.log(
    `\nLive push: ${CLIENTS} socket.io-client connections (websocket) watching one post, ${ROUNDS} rounds after ${WARMUP} warm-up, ` +
      `message ${bytes} bytes of JSON; one Node ${process.version} process on ${os.cpus().length} × ${cpu}, load average ${load} (ms)\n`,
  );
  console.log(`| ${'path'.padEnd(52)} | samples |     p50 |     p95 |     p99 |     max |`);
  console.log(`|${'-'.repeat(54)}|---------|---------|---------|---------|---------|`);
  console.log(row('reply: before HTTP POST → client has reply-created', reply));
  console.log(row('bare: before io.to(room).emit → client has message', bareStats));
  console.log(row('HTTP POST /api/forum/posts/:id/replies (call → body)', http));
  console.log(row('reply: slowest client of each round', replyRounds));
  console.log(row('bare: slowest client of each round', bareRounds));
  console.log(`| ${'reply, from before the HTTP POST, until:'.padEnd(52)} |         |         |         |         |         |`);
  console.log(row('  read model committed (NOTIFY rm_progress seen)', stats(commitSeen)));
  console.log(row('  first client has reply-created', stats(replyFirst)));
  console.log(row('bare: first client has message', stats(bareFirst)));
  console.log(
    `\nTarget reply p99 ≤ 2 × bare p99 + HTTP p50 = 2 × ${bareStats.p99.toFixed(1)} + ${http.p50.toFixed(1)} = ${bound.toFixed(1)} ms: ` +
      `${met ? 'met' : 'NOT met'} (reply p99 ${reply.p99.toFixed(1)} ms; missing deliveries: reply ${missing.reply}, bare ${missing.bare}; measured in ${seconds.toFixed(1)} s)`,
  );
  console.log(
    'BENCH_JSON ' +
      JSON.stringify({
        clients: CLIENTS,
        rounds: ROUNDS,
        bytes,
        reply,
        bare: bareStats,
        http,
        replySlowest: replyRounds,
        bareSlowest: bareRounds,
        commit: stats(commitSeen),
        replyFirst: stats(replyFirst),
        bareFirst: stats(bareFirst),
        bound,
        met,
        missing,
      }),
  );
} finally {
  // The app's sockets first, from the server side: it disconnects them all before any presence is recomputed,
  // so leaving does not cost another quadratic round of presence messages.
  closing = true;
  await backend?.close();
  for (const socket of sockets) socket.disconnect();
  await bare?.close();
  await probe?.close();
  await database.stop();
  // The presence recount each leaving socket triggers can reach the adapter after its pool has ended.
  for (const [text, count] of shutdownMessages) log(`during shutdown, ${count} × ${text}`);
}
