import { createHash, timingSafeEqual } from 'node:crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import { AppError } from '../shared/errors';
import type { Metrics } from './metrics';
import { checkReadiness, type ReadinessCheck } from './readiness';

export type ObservabilityDeps = {
  /** What /readyz asks about (readinessChecks(...) for the usual set). */
  checks: readonly ReadinessCheck[];
  metrics: Metrics;
  /** When set, /metrics answers 401 without `Authorization: Bearer <token>`. */
  metricsToken: string | null;
  checkTimeoutMs?: number;
};

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compared as digests: equal length, constant time, so the answer's timing says nothing about the token. */
function requireMetricsToken(ctx: Context, token: string) {
  const given = /^Bearer (.+)$/i.exec(ctx.get('authorization'))?.[1] ?? '';
  if (!timingSafeEqual(digest(given), digest(token))) {
    throw new AppError(401, 'Mätvärdena kräver en giltig token (Authorization: Bearer …)', undefined, { 'WWW-Authenticate': 'Bearer' });
  }
}

/**
 * GET /healthz (the process is up: touches nothing), GET /readyz (every check, each bounded by a timeout; 503
 * when any fails) and GET /metrics (Prometheus text). The API mounts this before its session middleware; a
 * process without the API (the projections worker) serves it from observabilityApp.
 */
export function observabilityRoutes(deps: ObservabilityDeps): Router {
  const router = new Router();
  const noStore = (ctx: Context) => ctx.set('Cache-Control', 'no-store');

  router.get('/healthz', (ctx) => {
    noStore(ctx);
    ctx.body = { status: 'ok' };
  });

  router.get('/readyz', async (ctx) => {
    noStore(ctx);
    const report = await checkReadiness(deps.checks, deps.checkTimeoutMs);
    ctx.status = report.ready ? 200 : 503;
    ctx.body = report.ready ? { status: 'ok', checks: report.checks } : { status: 'unavailable', error: report.error, checks: report.checks };
  });

  router.get('/metrics', async (ctx) => {
    noStore(ctx);
    if (deps.metricsToken !== null) requireMetricsToken(ctx, deps.metricsToken);
    ctx.type = deps.metrics.registry.contentType;
    ctx.body = await deps.metrics.registry.metrics();
  });

  return router;
}
