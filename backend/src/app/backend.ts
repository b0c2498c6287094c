import type http from 'node:http';
import type { ProjectionRunner } from '@mello/projections';
import type Router from '@koa/router';
import type { DatabasePool } from 'slonik';
import { adminArea, adminRoutes } from '../admin/admin-routes';
import { createArchiveServices, type ArchiveServices } from '../archive/archive-services';
import { articleRoutes } from '../archive/articles/article-routes';
import { videoRoutes } from '../archive/videos/video-routes';
import { yearRoutes } from '../archive/years/year-routes';
import { lineupRoutes } from '../archive/lineups/lineup-routes';
import { importArchive } from '../archive-import/import-archive';
import { ensureAdminAccount } from '../auth/admin-bootstrap';
import { authRoutes } from '../auth/auth-routes';
import { createRateLimits, deleteExpiredLimits } from '../auth/rate-limit';
import { boundedPgPool } from '../db/bounded-pg-pool';
import { failFastPool } from '../db/fail-fast-pool';
import { deleteExpiredSessions } from '../auth/session-store';
import type { Config } from '../config';
import type { EventStore } from '../event-store/port';
import { createHttpApp } from '../http/app';
import { idempotentRoutes } from '../http/idempotency';
import { deleteExpiredIdempotencyKeys } from '../http/idempotency-keys';
import { ListCache } from '../http/list-cache';
import { createForumService, type ForumService } from '../forum/forum-service';
import { forumRoutes } from '../forum/forum-routes';
import { createNotificationService } from '../notifications/notification-service';
import { notificationRoutes } from '../notifications/notification-routes';
import { moderationRoutes } from '../forum/moderation/moderation-routes';
import { createModerationService } from '../forum/moderation/moderation-service';
import { bookmarkRoutes } from '../forum/bookmark-routes';
import { createBookmarkService } from '../forum/bookmark-service';
import { revisionRoutes } from '../forum/revision-routes';
import { ViewCounter } from '../forum/view-counter';
import type { Logger } from '../observability/logger';
import type { Metrics } from '../observability/metrics';
import { observabilityRoutes } from '../observability/observability-routes';
import { readinessChecks } from '../observability/readiness';
import { timedSearchEngine } from '../observability/timed-search-engine';
import { startSocketServer } from '../live/socket-server';
import { driftConsole } from '../maintenance/drift-console';
import { checkpointRates } from '../maintenance/projection-rate';
import { processIdentity, serveRebuildRequests } from '../maintenance/rebuild-request-listener';
import { rebuildsHere } from '../maintenance/rebuilds-here';
import type { SearchEngine } from '../search/search-engine';
import { searchRoutes } from '../search/search-routes';
import { awaitReadModels, ensureReadModels, type Log } from './infrastructure';
import { openObservedInfrastructure } from './observed-infrastructure';
import { serveHttp } from './serve-http';
import { DEFAULT_CLIENT_DIR } from './paths';
import { startProjections } from './projections';
import { openSearch } from './search-engine';

/** How long the rate limits' queries fail at once after one found the database away (then one asks again). */
const LIMITS_AWAY_COOL_DOWN_MS = 5000;

export type { Log } from './infrastructure';
export { openEventStore } from './infrastructure';

export type Backend = {
  url: string;
  server: http.Server;
  pool: DatabasePool;
  store: EventStore;
  runner: ProjectionRunner;
  services: ArchiveServices;
  forum: ForumService;
  views: ViewCounter;
  search: SearchEngine;
  databaseUri: string;
  /** This backend's Prometheus registry and series (GET /metrics). */
  metrics: Metrics;
  /** `METHOD /path` of the create routes that take an Idempotency-Key, as the routers declare them. */
  idempotentRoutes: string[];
  close: () => Promise<void>;
};

export type BackendOptions = {
  /** JSON logs (access log included); silent when not given. */
  logger?: Logger;
  /** Defaults to the logger's (logFunction). */
  log?: Log;
  clientDir?: string;
  /** Routers mounted after the product's own, behind the same middleware; only benchmarks pass any (never production). */
  extraRouters?: Router[];
  /** Aborted while starting (a signal): start-up stops at its next step, stops what it started and rejects. */
  signal?: AbortSignal;
  /** How often the live layer rechecks its members' sessions (SESSION_RECHECK_MS); tests set it to pin one way a session's sockets end. */
  sessionRecheckMs?: number;
};

/**
 * The composition root of an API process: the shared infrastructure (database, migrations, event store), the
 * read models, the search adapter, the services, HTTP and Socket.IO. With RUN_PROJECTIONS (the default, and the
 * embedded default's single process) it also builds missing or outdated read models, runs the projections
 * runner and the Typesense indexer, and imports the archive on a first start; with RUN_PROJECTIONS=false the
 * projections worker (worker.ts) does those, and this process waits for the read models it builds.
 */
export async function startBackend(config: Config, options: BackendOptions = { log: () => undefined }): Promise<Backend> {
  options.signal?.throwIfAborted();
  const { logger, log, metrics, infra, store } = await openObservedInfrastructure(config, options);
  const { pool, database, shutdown } = infra;
  try {
    // Between the steps that take long (the database, building read models, the archive import).
    const goOn = () => options.signal?.throwIfAborted();
    goOn();
    // RUN_PROJECTIONS=false: the worker (npm run worker) builds the read models and runs the projections.
    if (config.runProjections) await ensureReadModels({ ...infra, store }, log, options.signal);
    else await awaitReadModels(infra, log, options.signal);
    goOn();
    const { runner, progress } = await startProjections({ ...infra, store }, { log, run: config.runProjections });
    const lists = new ListCache(progress);

    const searchAdapter = await openSearch(config, { pool, databaseUri: database.uri, store, readModels: progress, log, runIndexer: config.runProjections });
    shutdown.add(searchAdapter.close);
    const search = timedSearchEngine(searchAdapter.engine, metrics);
    const services = createArchiveServices(store, searchAdapter.waiter, pool);
    const forum = createForumService({ store, readModels: searchAdapter.waiter, pool });
    const views = new ViewCounter(store, {
      flushMs: config.viewFlushMs,
      windowMs: 30 * 60 * 1000,
      onError: (error) => log('view count flush failed', { error: String(error) }),
    });
    views.start();
    shutdown.add(() => views.stop());
    if ((await ensureAdminAccount(pool, config.adminEmail, config.adminPassword)) === 'created') {
      log(`Created the administrator account ${config.adminEmail}`);
    }
    // The archive import is the projections process's job (its commands wait for the read models it applies).
    if (config.importArchive && config.runProjections) {
      const result = await importArchive(store, services, { signal: options.signal, log });
      if (result.imported) log('Imported the archive', result.counts);
    }
    goOn();

    // rate-limiter-flexible speaks to a pg Pool (not slonik): a small one of its own, bounded like the request pools,
    // so a sign-in or sign-up (counted before it meets the users table) answers 503 rather than hang while PostgreSQL
    // does; the limits then fall back to this process's counters (rate-limit.ts). Once one of its queries found the
    // database away, the next few seconds' fail at once (fail-fast-pool.ts): a sign-in asks four limits, and each
    // waited out the same timeouts in turn.
    const limiterPool = boundedPgPool(database.uri, config.databaseTimeouts, { max: 4, onError: (error) => log(`rate limit pool: ${error.message}`) });
    shutdown.add(() => limiterPool.end());
    const limits = createRateLimits(failFastPool(limiterPool, LIMITS_AWAY_COOL_DOWN_MS), config.rateLimits);
    // A process that runs the projections runs rebuilds (its admins' and those API processes without them hand over);
    // one started with RUN_PROJECTIONS=false hands its admins' rebuilds to the worker (maintenance/drift-console.ts).
    const rebuilds = config.runProjections ? rebuildsHere({ pool, store, databaseUri: database.uri, eventStoreUrl: config.eventStoreUrl, log }) : null;
    if (rebuilds) {
      shutdown.add(() => rebuilds.close());
      const requests = serveRebuildRequests({ pool, databaseUri: database.uri, rebuilds, claimedBy: processIdentity('api'), log });
      shutdown.add(() => requests.close());
    }
    const rates = checkpointRates(store);
    const drift = driftConsole({ pool, store, search, rebuilds, rates });
    const admin = adminRoutes({ pool, store, services, search, drift });
    const routers = [
      authRoutes({ pool, adminEmail: config.adminEmail, limits }),
      yearRoutes({ pool, lists, years: services.years }),
      videoRoutes({ pool, lists, videos: services.videos }),
      articleRoutes({ pool, lists, articles: services.articles }),
      lineupRoutes({ pool, lists, lineups: services.lineups }),
      searchRoutes({ engine: search }),
      forumRoutes({ pool, forum, views, search }),
      notificationRoutes({ pool, notifications: createNotificationService({ store, readModels: searchAdapter.waiter, pool }) }),
      moderationRoutes({ pool, moderation: createModerationService({ store, readModels: searchAdapter.waiter, pool }) }),
      bookmarkRoutes({ pool, bookmarks: createBookmarkService({ store, readModels: searchAdapter.waiter, pool }) }),
      revisionRoutes({ store, pool }),
      admin,
    ];
    // Sessions end in the HTTP app; their sockets are the live layer's, started on the app's server below.
    let endSessionSockets: (sid: string) => void = () => undefined;
    const app = createHttpApp({
      config,
      pool,
      log,
      clientDir: options.clientDir ?? DEFAULT_CLIENT_DIR,
      lists,
      readModels: progress,
      views,
      writeLimiter: limits.writesPerUser,
      observability: {
        logger,
        metrics,
        routes: observabilityRoutes({
          checks: readinessChecks({ pool, store, search, readyMaxLag: config.readyMaxLag }),
          metrics,
          metricsToken: config.metricsToken,
        }),
      },
      guards: [adminArea(admin)],
      routers,
      extraRouters: options.extraRouters,
      onSessionEnded: (sid) => endSessionSockets(sid),
    });
    // Its drain runs after Socket.IO's close (which disconnects the sockets): requests in flight finish, bounded.
    const { server, url } = await serveHttp(app.callback(), config, shutdown);
    const live = await startSocketServer(server, {
      pool,
      databaseUri: database.uri,
      databaseTimeouts: config.databaseTimeouts,
      store,
      progress,
      publicOrigin: config.publicOrigin,
      sessionSecret: config.sessionSecret,
      adminEmail: config.adminEmail,
      search,
      rates,
      log,
      sessionRecheckMs: options.sessionRecheckMs,
      trustProxy: config.trustProxy,
      socketsPerAddress: config.rateLimits.socketsPerAddress,
    });
    endSessionSockets = live.sessionEnded;
    shutdown.add(() => live.close());
    metrics.sources.sockets = () => live.io.engine.clientsCount;
    // Expired sessions, idempotency keys and rate-limit windows are never used (each query skips them); this only reclaims the rows.
    const sweepExpired = () => Promise.all([deleteExpiredSessions(pool), deleteExpiredIdempotencyKeys(pool), deleteExpiredLimits(pool)]);
    const sweep = setInterval(() => void sweepExpired().catch(() => undefined), 10 * 60 * 1000);
    sweep.unref();
    shutdown.add(async () => clearInterval(sweep));
    await sweepExpired();

    return {
      url,
      server,
      pool,
      store,
      runner,
      services,
      forum,
      views,
      search,
      databaseUri: database.uri,
      metrics,
      idempotentRoutes: idempotentRoutes(routers),
      close: () => shutdown.run(),
    };
  } catch (error) {
    await shutdown.run();
    throw error;
  }
}
