import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { ProjectionLag } from './projection-lag';

/** Sources read when Prometheus scrapes; set by whoever owns them (the socket server starts after HTTP). */
export type MetricSources = {
  sockets?: () => number;
  projections?: () => Promise<ProjectionLag[]>;
  onError?: (error: unknown) => void;
};

export type Metrics = {
  registry: Registry;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  eventsAppended: Counter<'type'>;
  searchDuration: Histogram<'kind'>;
  sources: MetricSources;
};

/** Several scrapes (or both projection gauges of one scrape) at once share one reading of the checkpoints. */
function shared<T>(read: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | null = null;
  return () => (inFlight ??= read().finally(() => (inFlight = null)));
}

/**
 * The process's Prometheus series, on a registry of its own rather than prom-client's global one: a test process
 * runs several backends, and each must count only its own traffic. Series and labels: docs/operations.md.
 */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const sources: MetricSources = {};

  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to produce an HTTP response, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const eventsAppended = new Counter({
    name: 'mello_events_appended_total',
    help: 'Events appended to the event store by this process, by event type',
    labelNames: ['type'] as const,
    registers: [registry],
  });
  const searchDuration = new Histogram({
    name: 'mello_search_duration_seconds',
    help: 'Search engine latency by kind of search (years, articles, videos, forum)',
    labelNames: ['kind'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });

  const readProjections = shared(async (): Promise<ProjectionLag[] | null> => {
    if (!sources.projections) return null;
    try {
      return await sources.projections();
    } catch (error) {
      // No series rather than a failed scrape: the process's other series still matter when the database is away.
      sources.onError?.(error);
      return null;
    }
  });
  new Gauge({
    name: 'mello_projection_lag_events',
    help: `Events between a projection's checkpoint and the head of the log (counted up to a cap)`,
    labelNames: ['projection'] as const,
    registers: [registry],
    async collect() {
      const lags = await readProjections();
      this.reset();
      for (const lag of lags ?? []) this.set({ projection: lag.name }, lag.behind);
    },
  });
  new Gauge({
    name: 'mello_projection_failing',
    help: 'A projection whose last batch failed (1) or not (0)',
    labelNames: ['projection'] as const,
    registers: [registry],
    async collect() {
      const lags = await readProjections();
      this.reset();
      for (const lag of lags ?? []) this.set({ projection: lag.name }, lag.lastError === null ? 0 : 1);
    },
  });
  new Gauge({
    name: 'mello_socket_connections',
    help: 'Socket.IO clients connected to this process',
    registers: [registry],
    collect() {
      this.set(sources.sockets?.() ?? 0);
    },
  });

  return { registry, httpDuration, eventsAppended, searchDuration, sources };
}
