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
 * A second phase (issue 19) does the same for notifications: BENCH_CLIENTS members sign up over HTTP, all watch one
 * post and each holds a signed-in connection (its session cookie); a reply to that post over HTTP is timed until
 * every member's socket has its `notifications:unread` with the new count (HTTP, the reply's command, the
 * projections' batch writing one notification per watcher, the commit, the live layer's grouped count query
 * and one emit per member room). Its baseline is the same bare broadcast, interleaved in the same rounds, with
 * the same bound against the phase's own HTTP p50. A third path in those rounds, the bare server's one emit per
 * socket's own room of the same small message, shows what the per-member emits cost without the database; and
 * after the rounds the projection's apply of one such reply and the count query are timed alone
 * (live/notification-steps.ts).
 *
 *   npm run bench:live                      (BENCH_CLIENTS=1000, BENCH_ROUNDS=60, BENCH_WARMUP=3; BENCH_VERBOSE=1 prints each round;
 *                                            BENCH_NOTIFICATIONS=0 leaves out the notifications phase)
 *
 * Issue 20's measure of the reply path is `ratio`: reply p99 / (bare p99 + HTTP p50), target ≤ 1.0.
 *
 * Prints a table and, last, one JSON line (prefix "BENCH_JSON ") for machines.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ForumChange, ForumPresence } from '@mello/contracts';
import { notificationsProjection } from '@mello/projections';
import { startBackend, type Backend } from '../src/app/backend';
import { watchPost, type LiveClient } from '../test/live-client';
import { benchBackendConfig, startBenchDatabase } from './bench-database';
import { Arrivals, connectAudience, inBatches } from './live/audience';
import { startBareServer } from './live/bare-server';
import { BenchMember } from './live/http-member';
import { latencyStats as stats, RoundLatencies, type LatencyStats } from './live/latency';
import { timeNotificationSteps } from './live/notification-steps';
import { startNotifyProbe } from './live/notify-probe';
import { onUnread, signUpWatchers, unreadKey } from './live/watchers';
import { log } from './store/common';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const VERBOSE = Boolean(process.env.BENCH_VERBOSE);
const STEP_REPS = Number(process.env.BENCH_STEP_REPS ?? 10);
const ROUND_TIMEOUT_MS = 30_000;
const NOTIFICATIONS = process.env.BENCH_NOTIFICATIONS !== '0';

type Reply = Extract<ForumChange, { kind: 'reply-created' }>;

const loadAverage = () => os.loadavg().map((n) => Number(n.toFixed(2)));
const database = await startBenchDatabase(log);
let backend: Backend | null = null;
let bare: Awaited<ReturnType<typeof startBareServer>> | null = null;
let probe: Awaited<ReturnType<typeof startNotifyProbe>> | null = null;
const sockets: LiveClient[] = [];
// While the backend shuts down, its messages are counted rather than printed (see the finally block).
let closing = false;
const shutdownMessages = new Map<string, number>();
try {
  // The members of the notifications phase all sign up from this one address: the sign-up limit is raised as
  // the write limit is.
  // Its thousand sockets all connect from this one address too.
  const limits = { RATE_LIMIT_WRITES_PER_MINUTE: '100000', RATE_LIMIT_REGISTER_PER_IP: '100000', RATE_LIMIT_SOCKETS_PER_ADDRESS: '100000' };
  backend = await startBackend(benchBackendConfig(database, { IMPORT_ARCHIVE: 'false', ...limits }), {
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
  // The bare server's per-socket emits of the notifications phase, keyed as the members' counts are.
  const eachArrivals = new Arrivals(CLIENTS);
  let started = performance.now();
  const appSockets = await connectAudience(backend.url, CLIENTS, arrivals);
  sockets.push(...appSockets);
  const bareSockets = await connectAudience(bare.url, CLIENTS, arrivals);
  sockets.push(...bareSockets);
  for (const socket of bareSockets) {
    onUnread(socket, (unread) => eachArrivals.record(unreadKey(unread), performance.now()));
  }
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
  const commitSeen: number[] = [];
  const httpLatency: number[] = [];
  const replyPath = new RoundLatencies(CLIENTS);
  const barePath = new RoundLatencies(CLIENTS);

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
    const { first, slowest } = replyPath.add(times, t0);
    const { commit } = probe!.take(t0);
    if (commit !== null) commitSeen.push(commit);
    if (VERBOSE) {
      const at = (value: number | null) => (value === null ? '?' : value.toFixed(1));
      log(`round ${round}: reply commit ${at(commit)} ms, HTTP ${http.toFixed(1)} ms, first client ${first.toFixed(1)} ms, last ${slowest.toFixed(1)} ms`);
    }
  };
  const bareRound = async (measured: boolean, into: RoundLatencies) => {
    if (!template) throw new Error('no reply-created message to copy');
    const message: Reply = { ...template, reply: { ...template.reply, id: randomUUID() } };
    const t0 = performance.now();
    bare!.broadcast(message);
    const times = await arrivals.all(message.reply.id, ROUND_TIMEOUT_MS);
    if (!measured) return;
    const { first, slowest } = into.add(times, t0);
    if (VERBOSE) log(`bare: first client ${first.toFixed(1)} ms, last ${slowest.toFixed(1)} ms`);
  };

  started = performance.now();
  for (let round = -WARMUP; round < ROUNDS; round += 1) {
    const measured = round >= 0;
    // Alternate which path goes first, so neither always runs right after the other.
    if ((round + WARMUP) % 2 === 0) {
      await replyRound(round, measured);
      await sleep(20);
      await bareRound(measured, barePath);
    } else {
      await bareRound(measured, barePath);
      await sleep(20);
      await replyRound(round, measured);
    }
    await sleep(20);
  }
  const seconds = (performance.now() - started) / 1000;

  // ---- Notifications: CLIENTS signed-in members watching one post. ----
  const watcherArrivals = new Arrivals(CLIENTS);
  const watchers = NOTIFICATIONS ? await signUpWatchers(backend.url, CLIENTS, watcherArrivals, { log }) : null;
  if (watchers) sockets.push(...watchers.sockets);
  const loadBeforeNotifications = loadAverage();
  const noticeHttp: number[] = [];
  const noticeCommit: number[] = [];
  const noticePath = new RoundLatencies(CLIENTS);
  const noticeBare = new RoundLatencies(CLIENTS);
  const noticeEach = new RoundLatencies(CLIENTS);
  /** The last two measured replies: the log range of one reply, for the count query timed alone. */
  const ranges: Array<{ replyId: string; position: string }> = [];
  let replies = 0;

  const noticeRound = async (round: number, measured: boolean) => {
    probe!.clear();
    replies += 1;
    const t0 = performance.now();
    const answer = await replier.post<{ id: string }>(`/api/forum/posts/${watchers!.postId}/replies`, {
      content: `Jag var där som statist och har ett par foton från genrepet, ska leta fram dem (svar ${round}).`,
    });
    const http = performance.now() - t0;
    if (answer.status !== 201) throw new Error(`reply failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    // Every watcher has one unread notification per reply so far.
    const times = await watcherArrivals.all(unreadKey(replies), ROUND_TIMEOUT_MS);
    const { commit, position } = probe!.take(t0, notificationsProjection.name);
    if (position !== null) ranges.push({ replyId: answer.body.id, position });
    if (!measured) return;
    noticeHttp.push(http);
    if (commit !== null) noticeCommit.push(commit);
    const { first, slowest } = noticePath.add(times, t0);
    if (VERBOSE) {
      const at = (value: number | null) => (value === null ? '?' : value.toFixed(1));
      log(
        `round ${round}: notifications commit ${at(commit)} ms, HTTP ${http.toFixed(1)} ms, first member ${first.toFixed(1)} ms, last ${slowest.toFixed(1)} ms`,
      );
    }
  };
  let eachCount = 0;
  const eachRound = async (measured: boolean) => {
    eachCount += 1;
    const t0 = performance.now();
    bare!.emitToEach({ unread: eachCount });
    const times = await eachArrivals.all(unreadKey(eachCount), ROUND_TIMEOUT_MS);
    if (measured) noticeEach.add(times, t0);
  };

  started = performance.now();
  for (let round = -WARMUP; NOTIFICATIONS && round < ROUNDS; round += 1) {
    const measured = round >= 0;
    const paths = [() => noticeRound(round, measured), () => bareRound(measured, noticeBare), () => eachRound(measured)];
    // Rotate which path goes first.
    const shift = (round + WARMUP) % paths.length;
    for (const path of [...paths.slice(shift), ...paths.slice(0, shift)]) {
      await path();
      await sleep(20);
    }
  }
  const noticeSeconds = (performance.now() - started) / 1000;
  const loadAfterNotifications = loadAverage();
  const [before, last] = ranges.slice(-2);
  const steps =
    before && last
      ? await timeNotificationSteps(
          { pool: backend.pool, store: backend.store },
          { replyId: last.replyId, from: before.position, to: last.position },
          STEP_REPS,
        )
      : null;

  const reply = stats(replyPath.all);
  const bareStats = stats(barePath.all);
  const http = stats(httpLatency);
  const replyRounds = stats(replyPath.slowest);
  const bareRounds = stats(barePath.slowest);
  const bound = 2 * bareStats.p99 + http.p50;
  const ratio = reply.p99 / (bareStats.p99 + http.p50);
  const missing = { reply: replyPath.missing, bare: barePath.missing };
  const met = reply.p99 <= bound && missing.reply === 0;
  const bytes = Buffer.byteLength(JSON.stringify(template));

  const notice = stats(noticePath.all);
  const noticeBareStats = stats(noticeBare.all);
  const noticeHttpStats = stats(noticeHttp);
  const noticeBound = 2 * noticeBareStats.p99 + noticeHttpStats.p50;
  const noticeMissing = { notifications: noticePath.missing, bare: noticeBare.missing, each: noticeEach.missing };
  const noticeMet = notice.p99 <= noticeBound && noticeMissing.notifications === 0;

  // A probe that saw nothing has no percentiles: shown as '–'.
  const ms = (value: number | undefined) => (value === undefined || Number.isNaN(value) ? '–' : value.toFixed(1)).padStart(7);
  const row = (name: string, s: LatencyStats) =>
    `| ${name.padEnd(56)} | ${String(s.n).padStart(7)} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${ms(s.max)} |`;
  const heading = (name: string) => `| ${name.padEnd(56)} |         |         |         |         |         |`;
  const tableHead = () => {
    console.log(`| ${'path'.padEnd(56)} | samples |     p50 |     p95 |     p99 |     max |`);
    console.log(`|${'-'.repeat(58)}|---------|---------|---------|---------|---------|`);
  };
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const load = os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
  console.log(
    `\nLive push: ${CLIENTS} socket.io-client connections (websocket) watching one post, ${ROUNDS} rounds after ${WARMUP} warm-up, ` +
      `message ${bytes} bytes of JSON; one Node ${process.version} process on ${os.cpus().length} × ${cpu}, load average ${load} (ms)\n`,
  );
  tableHead();
  console.log(row('reply: before HTTP POST → client has reply-created', reply));
  console.log(row('bare: before io.to(room).emit → client has message', bareStats));
  console.log(row('HTTP POST /api/forum/posts/:id/replies (call → body)', http));
  console.log(row('reply: slowest client of each round', replyRounds));
  console.log(row('bare: slowest client of each round', bareRounds));
  console.log(heading('reply, from before the HTTP POST, until:'));
  console.log(row('  read model committed (NOTIFY rm_progress seen)', stats(commitSeen)));
  console.log(row('  first client has reply-created', stats(replyPath.first)));
  console.log(row('bare: first client has message', stats(barePath.first)));
  console.log(
    `\nTarget reply p99 ≤ 2 × bare p99 + HTTP p50 = 2 × ${bareStats.p99.toFixed(1)} + ${http.p50.toFixed(1)} = ${bound.toFixed(1)} ms: ` +
      `${met ? 'met' : 'NOT met'} (reply p99 ${reply.p99.toFixed(1)} ms; missing deliveries: reply ${missing.reply}, bare ${missing.bare}; measured in ${seconds.toFixed(1)} s)`,
  );
  console.log(
    `Issue 20: reply p99 / (bare p99 + HTTP p50) = ${reply.p99.toFixed(1)} / ${(bareStats.p99 + http.p50).toFixed(1)} = ${ratio.toFixed(2)}× (target ≤ 1.0×)`,
  );

  if (NOTIFICATIONS) {
    console.log(
      `\nNotifications: ${CLIENTS} signed-in members watching one post, each with its own connection; ${ROUNDS} replies after ${WARMUP} warm-up; ` +
        `load average ${loadBeforeNotifications.join(' ')} before, ${loadAfterNotifications.join(' ')} after (ms)\n`,
    );
    tableHead();
    console.log(row('reply: before HTTP POST → member has notifications:unread', notice));
    console.log(row('bare: before io.to(room).emit → client has message', noticeBareStats));
    console.log(row(`bare: ${CLIENTS} × io.to(ownRoom).emit → client has it`, stats(noticeEach.all)));
    console.log(row('HTTP POST …/replies to the watched post (call → body)', noticeHttpStats));
    console.log(row('reply: slowest member of each round', stats(noticePath.slowest)));
    console.log(row('bare: slowest client of each round', stats(noticeBare.slowest)));
    console.log(row('bare per-socket emits: slowest client of each round', stats(noticeEach.slowest)));
    console.log(heading('reply, from before the HTTP POST, until:'));
    console.log(row('  notifications committed (NOTIFY rm_progress seen)', stats(noticeCommit)));
    console.log(row('  first member has notifications:unread', stats(noticePath.first)));
    console.log(row('bare per-socket emits: first client has it', stats(noticeEach.first)));
    if (steps) {
      console.log(heading('alone, after the rounds (app pool, nothing else running):'));
      console.log(row(`  projection applies a reply (${steps.rows.notified} notifications)`, stats(steps.apply)));
      console.log(row(`  unread counts changed by one reply (${steps.rows.counted} members)`, stats(steps.counts)));
    }
    console.log(
      `\nTarget notification p99 ≤ 2 × bare p99 + HTTP p50 = 2 × ${noticeBareStats.p99.toFixed(1)} + ${noticeHttpStats.p50.toFixed(1)} = ${noticeBound.toFixed(1)} ms: ` +
        `${noticeMet ? 'met' : 'NOT met'} (p99 ${notice.p99.toFixed(1)} ms, ${(notice.p99 / noticeBound).toFixed(2)} of the bound; missing deliveries: ` +
        `notifications ${noticeMissing.notifications}, bare ${noticeMissing.bare}, per-socket ${noticeMissing.each}; measured in ${noticeSeconds.toFixed(1)} s)`,
    );
  }
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
        replyFirst: stats(replyPath.first),
        bareFirst: stats(barePath.first),
        bound,
        ratio,
        met,
        missing,
        notifications: !NOTIFICATIONS
          ? undefined
          : {
              members: CLIENTS,
              rounds: ROUNDS,
              loadBefore: loadBeforeNotifications,
              loadAfter: loadAfterNotifications,
              delivery: notice,
              bare: noticeBareStats,
              perSocketEmits: stats(noticeEach.all),
              http: noticeHttpStats,
              slowest: stats(noticePath.slowest),
              commit: stats(noticeCommit),
              first: stats(noticePath.first),
              steps: steps && { apply: stats(steps.apply), counts: stats(steps.counts), notified: steps.rows.notified, counted: steps.rows.counted },
              bound: noticeBound,
              ratio: notice.p99 / noticeBound,
              met: noticeMet,
              missing: noticeMissing,
            },
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
