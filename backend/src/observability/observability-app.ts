import Koa from 'koa';
import { allowedMethods, errorMiddleware } from '../http/error-middleware';
import { requestId } from '../http/request-context';
import { accessLog } from './access-log';
import { httpMetrics } from './http-metrics';
import { logFunction, type Logger } from './logger';
import { observabilityRoutes, type ObservabilityDeps } from './observability-routes';

/**
 * A Koa app serving only /healthz, /readyz and /metrics, with the same access log, metrics and error bodies as
 * the API: for a process without the API, such as the projections worker (`http.createServer(app.callback())`).
 */
export function observabilityApp(deps: ObservabilityDeps & { logger: Logger }): Koa {
  const app = new Koa();
  const routes = observabilityRoutes(deps);
  app.use(requestId);
  app.use(accessLog(deps.logger));
  app.use(httpMetrics(deps.metrics));
  app.use(errorMiddleware(logFunction(deps.logger)));
  app.use(routes.routes()).use(allowedMethods(routes));
  app.use((ctx) => {
    ctx.status = 404;
    ctx.body = { error: `Okänd adress: ${ctx.method} ${ctx.path}` };
  });
  app.on('error', (error) => deps.logger.error({ error: String(error) }, 'koa error'));
  return app;
}
