import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  LIVE_SCHEMA,
  searchMigrations,
  ProjectionRunner,
  ReadModelProgress,
  allProjections,
} from '@mello/projections';
import type Router from '@koa/router';
import type { DatabasePool } from 'slonik';
import { adminRoutes } from '../admin/admin-routes';
import { createArchiveServices, type ArchiveServices } from '../archive/archive-services';
import { articleRoutes } from '../archive/articles/article-routes';
import { videoRoutes } from '../archive/videos/video-routes';
import { yearRoutes } from '../archive/years/year-routes';
import { importArchive } from '../archive-import/import-archive';
import { ensureAdminAccount } from '../auth/admin-bootstrap';
import { authRoutes } from '../auth/auth-routes';
import { authMigrations } from '../auth/auth-schema';
import { RateLimiter } from '../auth/rate-limit';
import { deleteExpiredSessions } from '../auth/session-store';
import type { Config } from '../config';
import { migrate } from '../db/migrate';
import { createDatabasePool } from '../db/pool';
import { createEventStoreDbEventStore } from '../event-store/eventstoredb/esdb-event-store';
import type { EventStore } from '../event-store/port';
import { PostgresEventStore } from '../event-store/postgres/postgres-event-store';
import { eventStoreMigrations } from '../event-store/postgres/schema';
import { createHttpApp } from '../http/app';
import { createForumService, type ForumService } from '../forum/forum-service';
import { forumRoutes } from '../forum/forum-routes';
import { ViewCounter } from '../forum/view-counter';
import { countingEventStore } from '../observability/counting-event-store';
import { drainHttpServer } from '../observability/http-drain';
import { logFunction, silentLogger, type Logger } from '../observability/logger';
import { createMetrics, type Metrics } from '../observability/metrics';
import { observabilityRoutes } from '../observability/observability-routes';
import { projectionLags } from '../observability/projection-lag';
import { readinessChecks } from '../observability/readiness';
import { timedSearchEngine } from '../observability/timed-search-engine';
import { socketAdapterMigrations, startSocketServer } from '../live/socket-server';
import type { SearchEngine } from '../search/search-engine';
import { searchRoutes } from '../search/search-routes';
import { openDatabase } from './database';
import { awaitReadModels, ensureReadModels } from './infrastructure';
import { openSearch } from './search-engine';

export type Log = (message: string, detail?: Record<string, unknown>) => void;

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
  close: () => Promise<void>;
};

const defaultClientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../frontend/dist');

export async function openEventStore(config: Config, pool: DatabasePool, databaseUri: string): Promise<EventStore> {
  return config.eventStoreUrl ? createEventStoreDbEventStore(config.eventStoreUrl) : new PostgresEventStore(pool, databaseUri);
}

export type BackendOptions = {
  /** JSON logs (access log included); silent when not given. */
  logger?: Logger;
  /** Defaults to the logger's (logFunction). */
  log?: Log;
  clientDir?: string;
  /** Routers mounted after the product's own, behind the same middleware; only benchmarks pass any (never production). */
  extraRouters?: Router[];
};

/**
 * The composition root of the embedded default: one process runs the HTTP API, the projections runner and
 * (later) Socket.IO. Steps in order: database, migrations, event store, read models (rebuilt when missing or
 * outdated), runner, admin account, archive import, HTTP.
 */
export async function startBackend(config: Config, options: BackendOptions = { log: () => undefined }): Promise<Backend> {
  const logger = options.logger ?? silentLogger();
  const log = options.log ?? logFunction(logger);
  const metrics = createMetrics();
  metrics.sources.onError = (error) => log('metrics: projection status unreadable', { error: String(error) });
  const database = await openDatabase(config, log);
  const cleanups: Array<() => Promise<unknown>> = [database.stop];
  const closeAll = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error) => log('shutdown step failed', { error: String(error) }));
  };
  try {
    await migrate(database.uri, [...eventStoreMigrations, ...authMigrations, ...searchMigrations, ...socketAdapterMigrations]);
    const pool = await createDatabasePool(database.uri, { maximumPoolSize: 20 });
    cleanups.push(() => pool.end());
    const store = countingEventStore(await openEventStore(config, pool, database.uri), metrics);
    metrics.sources.projections = async () => (await projectionLags({ pool, store })).projections;
    cleanups.push(() => store.close());

    // RUN_PROJECTIONS=false: the worker (npm run worker) builds the read models and runs the projections.
    if (config.runProjections) await ensureReadModels({ pool, store, database }, log);
    else await awaitReadModels({ pool }, log);
    const runner = new ProjectionRunner(pool, database.uri, store, allProjections, { schema: LIVE_SCHEMA, log });
    if (config.runProjections) {
      runner.start();
      cleanups.push(() => runner.stop());
    }
    const progress = new ReadModelProgress(pool, database.uri);
    await progress.start();
    cleanups.push(() => progress.close());

    const searchAdapter = await openSearch(config, { pool, store, readModels: progress, log, runIndexer: config.runProjections });
    cleanups.push(searchAdapter.close);
    const search = timedSearchEngine(searchAdapter.engine, metrics);
    const services = createArchiveServices(store, searchAdapter.waiter);
    const forum = createForumService({ store, readModels: searchAdapter.waiter, pool });
    const views = new ViewCounter(store, { flushMs: config.viewFlushMs, windowMs: 30 * 60 * 1000, onError: (error) => log('view count flush failed', { error: String(error) }) });
    views.start();
    cleanups.push(() => views.stop());
    if ((await ensureAdminAccount(pool, config.adminEmail, config.adminPassword)) === 'created') {
      log(`Created the administrator account ${config.adminEmail}`);
    }
    // The archive import is the projections process's job (its commands wait for the read models it applies).
    if (config.importArchive && config.runProjections) {
      const result = await importArchive(store, services);
      if (result.imported) log('Imported the archive', result.counts);
    }

    const limits = {
      loginPerAccount: new RateLimiter(config.rateLimits.loginPerAccount, 15 * 60 * 1000),
      loginPerIp: new RateLimiter(config.rateLimits.loginPerIp, 15 * 60 * 1000),
      registerPerIp: new RateLimiter(config.rateLimits.registerPerIp, 60 * 60 * 1000),
    };
    const app = createHttpApp({
      config,
      pool,
      log,
      clientDir: options.clientDir ?? defaultClientDir,
      writeLimiter: new RateLimiter(config.rateLimits.writesPerUserPerMinute, 60 * 1000),
      observability: {
        logger,
        metrics,
        routes: observabilityRoutes({
          checks: readinessChecks({ pool, store, search, readyMaxLag: config.readyMaxLag }),
          metrics,
          metricsToken: config.metricsToken,
        }),
      },
      routers: [
        authRoutes({ pool, adminEmail: config.adminEmail, limits }),
        yearRoutes({ pool, years: services.years }),
        videoRoutes({ pool, videos: services.videos }),
        articleRoutes({ pool, articles: services.articles }),
        searchRoutes({ engine: search }),
        forumRoutes({ pool, forum, views }),
        adminRoutes({ pool, store, services, search }),
        ...(options.extraRouters ?? []),
      ],
    });
    const server = http.createServer(app.callback());
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => resolve());
    });
    // Runs after Socket.IO's close (which disconnects the sockets): requests in flight finish, bounded.
    cleanups.push(() => drainHttpServer(server));
    const live = await startSocketServer(server, {
      pool,
      databaseUri: database.uri,
      store,
      publicOrigin: config.publicOrigin,
      sessionSecret: config.sessionSecret,
      adminEmail: config.adminEmail,
      search,
      log,
    });
    cleanups.push(() => live.close());
    metrics.sources.sockets = () => live.io.engine.clientsCount;
    const sweep = setInterval(() => void deleteExpiredSessions(pool).catch(() => undefined), 10 * 60 * 1000);
    sweep.unref();
    cleanups.push(async () => clearInterval(sweep));
    await deleteExpiredSessions(pool);

    const { port } = server.address() as AddressInfo;
    return {
      url: `http://127.0.0.1:${port}`,
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
      close: closeAll,
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
