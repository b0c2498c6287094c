import type http from 'node:http';
import type { ProjectionRunner } from '@mello/projections';
import type { DatabasePool } from 'slonik';
import { createArchiveServices } from '../archive/archive-services';
import { importArchive } from '../archive-import/import-archive';
import type { Config } from '../config';
import type { EventStore } from '../event-store/port';
import type { Logger } from '../observability/logger';
import type { Metrics } from '../observability/metrics';
import { observabilityApp } from '../observability/observability-app';
import { readinessChecks } from '../observability/readiness';
import { ensureReadModels, type Log } from './infrastructure';
import { openObservedInfrastructure } from './observed-infrastructure';
import { serveHttp } from './serve-http';
import { processIdentity, serveRebuildRequests } from '../maintenance/rebuild-request-listener';
import { rebuildsHere } from '../maintenance/rebuilds-here';
import { startProjections } from './projections';
import { openSearch } from './search-engine';

export type Worker = {
  /** The address of the worker's probe server (/healthz, /readyz, /metrics). */
  url: string;
  server: http.Server;
  pool: DatabasePool;
  store: EventStore;
  runner: ProjectionRunner;
  databaseUri: string;
  metrics: Metrics;
  close: () => Promise<void>;
};

/**
 * The projections worker (`npm run worker`): the process that keeps the read models, and with TYPESENSE_URL the
 * search index, in step with the log, so that API processes can run with RUN_PROJECTIONS=false. In order: the
 * shared infrastructure, the read models (built when missing or outdated), the runner, the Typesense indexer, the
 * archive import on a first start (its commands wait for this process's own read models), then the probe server
 * on WORKER_PORT. A second worker may stand by: the runner's advisory lock keeps one active per schema.
 */
export async function startWorker(config: Config, options: { logger?: Logger; log?: Log; signal?: AbortSignal } = {}): Promise<Worker> {
  options.signal?.throwIfAborted();
  // With the embedded default, a worker beside `npm start` uses its database (npm run worker while the site runs).
  const { logger, log, metrics, infra, store } = await openObservedInfrastructure(config, { ...options, shareRunningDatabase: true });
  const { pool, database, shutdown } = infra;
  try {
    // Between the steps that take long (see startBackend).
    const goOn = () => options.signal?.throwIfAborted();
    goOn();
    await ensureReadModels(infra, log, options.signal);
    goOn();
    const { runner, progress } = await startProjections({ ...infra, store }, { log, run: true });
    const search = await openSearch(config, { pool, databaseUri: database.uri, store, readModels: progress, log, runIndexer: true });
    shutdown.add(search.close);
    // The rebuilds that API processes started with RUN_PROJECTIONS=false hand over (the admin console's Drift tab).
    const rebuilds = rebuildsHere({ pool, store, databaseUri: database.uri, eventStoreUrl: config.eventStoreUrl, log });
    shutdown.add(() => rebuilds.close());
    const requests = serveRebuildRequests({ pool, databaseUri: database.uri, rebuilds, claimedBy: processIdentity('worker'), log });
    shutdown.add(() => requests.close());
    if (config.importArchive) {
      const result = await importArchive(store, createArchiveServices(store, search.waiter, pool), { signal: options.signal, log });
      if (result.imported) log('Imported the archive', result.counts);
    }
    goOn();

    const app = observabilityApp({
      logger,
      metrics,
      metricsToken: config.metricsToken,
      checks: readinessChecks({ pool, store, search: null, readyMaxLag: config.readyMaxLag }),
    });
    const { server, url } = await serveHttp(app.callback(), { port: config.workerPort, host: config.host }, shutdown);
    return {
      url,
      server,
      pool,
      store,
      runner,
      databaseUri: database.uri,
      metrics,
      close: () => shutdown.run(),
    };
  } catch (error) {
    await shutdown.run();
    throw error;
  }
}
