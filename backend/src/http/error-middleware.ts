import type { ErrorBody } from '@mello/contracts';
import type { Context, Next } from 'koa';
import { ConnectionError, BackendTerminatedError } from 'slonik';
import { AppError } from '../shared/errors';

type Log = (message: string, detail?: Record<string, unknown>) => void;

const isUnavailable = (error: unknown) => {
  if (error instanceof ConnectionError || error instanceof BackendTerminatedError) return true;
  const code = (error as { code?: string; cause?: { code?: string } })?.code ?? (error as { cause?: { code?: string } })?.cause?.code;
  return code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === '57P01' || code === '57P03' || code === '53300';
};

/**
 * The one place where errors become HTTP answers: typed application errors keep their status and message,
 * body-parser failures become 400/413, an unreachable database 503, anything else 500 (logged, never leaked).
 */
export function errorMiddleware(log: Log) {
  return async (ctx: Context, next: Next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined && ctx.path.startsWith('/api')) {
        throw new AppError(404, `Okänd adress: ${ctx.method} ${ctx.path}`);
      }
    } catch (error) {
      const { status, body, headers } = toResponse(error);
      if (status >= 500) log('request failed', { requestId: ctx.state.requestId, path: ctx.path, error: String((error as Error)?.stack ?? error) });
      ctx.status = status;
      ctx.set(headers);
      ctx.body = body;
    }
  };
}

function toResponse(error: unknown): { status: number; body: ErrorBody; headers: Record<string, string> } {
  if (error instanceof AppError) {
    return { status: error.status, body: error.issues ? { error: error.message, issues: error.issues } : { error: error.message }, headers: error.headers };
  }
  const httpError = error as { status?: number; statusCode?: number; type?: string; expose?: boolean; message?: string };
  const status = httpError.status ?? httpError.statusCode;
  if (httpError.type === 'entity.too.large' || status === 413) {
    return { status: 413, body: { error: 'Innehållet är för stort' }, headers: {} };
  }
  const badJson = error instanceof SyntaxError && status === 400; // co-body: malformed JSON, or not an object/array
  if (badJson || httpError.type?.startsWith('entity.') || httpError.type === 'encoding.unsupported' || httpError.type === 'charset.unsupported') {
    return { status: 400, body: { error: 'Ogiltig JSON i anropets innehåll' }, headers: {} };
  }
  if (isUnavailable(error)) {
    return { status: 503, body: { error: 'Databasen är inte nåbar just nu. Försök igen om en stund.' }, headers: { 'Retry-After': '5' } };
  }
  if (status && status >= 400 && status < 500 && httpError.expose) {
    return { status, body: { error: httpError.message ?? 'Felaktig begäran' }, headers: {} };
  }
  return { status: 500, body: { error: 'Ett oväntat fel inträffade' }, headers: {} };
}
