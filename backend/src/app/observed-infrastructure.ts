import type { Config } from '../config';
import type { EventStore } from '../event-store/port';
import { countingEventStore } from '../observability/counting-event-store';
import { logFunction, silentLogger, type Logger } from '../observability/logger';
import { createMetrics, type Metrics } from '../observability/metrics';
import { projectionLags } from '../observability/projection-lag';
import { openInfrastructure, type Infrastructure, type Log } from './infrastructure';

export type ObservedInfrastructure = { logger: Logger; log: Log; metrics: Metrics; infra: Infrastructure; store: EventStore };

/**
 * What the API process and the worker both start with: the logger, their metrics (projection lag read from the
 * database at scrape time) and the shared infrastructure, its event store counting what it appends.
 */
export async function openObservedInfrastructure(
  config: Config,
  options: { logger?: Logger; log?: Log; shareRunningDatabase?: boolean },
): Promise<ObservedInfrastructure> {
  const logger = options.logger ?? silentLogger();
  const log = options.log ?? logFunction(logger);
  const metrics = createMetrics();
  metrics.sources.onError = (error) => log('metrics: projection status unreadable', { error: String(error) });
  const infra = await openInfrastructure(config, log, { shareRunningDatabase: options.shareRunningDatabase });
  const store = countingEventStore(infra.store, metrics);
  metrics.sources.projections = async () => (await projectionLags({ pool: infra.pool, store })).projections;
  return { logger, log, metrics, infra, store };
}
