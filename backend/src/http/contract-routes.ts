import type Router from '@koa/router';
import { isApiPath, type PathParamNames, type RouteContract } from '@mello/contracts';
import type { Context, Middleware } from 'koa';
import { z } from 'zod';
import { parseBody } from './validation';

/** A read model's JSON text, answered as it is (no parse and re-serialise on the hot path). */
export class JsonText {
  constructor(readonly text: string) {}
}
export const jsonText = (text: string) => new JsonText(text);

/** What a handler gets: the request's parts, parsed with the contract's schemas. */
export type RouteRequest<R extends RouteContract> = {
  params: R['params'] extends z.ZodTypeAny ? z.output<R['params']> : { [K in PathParamNames<R['path']>]: string };
  query: R['query'] extends z.ZodTypeAny ? z.output<R['query']> : undefined;
  body: R['body'] extends z.ZodTypeAny ? z.output<R['body']> : undefined;
};

/**
 * What a handler answers: the success body (typed by the contract), a read model's JSON text, or `undefined` when
 * it answered itself (a cached list with its ETag, a CSV file).
 */
export type RouteAnswer<R extends RouteContract> = z.input<R['response']> | JsonText | undefined;
export type RouteHandler<R extends RouteContract> = (request: RouteRequest<R>, ctx: Context) => Promise<RouteAnswer<R>> | RouteAnswer<R>;

/**
 * A path's parameters when the contract gives no schema: text, checked like any other input, so a `%00` in the
 * address is a 400 and never reaches PostgreSQL (which refuses NUL in text: that was a 500).
 */
const TEXT_PARAMS = z.record(z.string());

/** Query parameters validated like a body: a parameter given twice arrives as an array and is refused. */
const parseQuery = (schema: z.ZodTypeAny, ctx: Context) => parseBody(schema, { ...ctx.query });

/**
 * In tests every answer is checked against the contract's response schema, so a server that drifts from what the
 * client parses fails its own tests (and not a reader's page). In production the check is skipped: it would parse
 * every read model's JSON once more. (Vitest sets VITEST in every test process; it is no setting of ours.)
 */
const CHECK_ANSWERS = process.env.VITEST !== undefined;

function checkAnswer(contract: RouteContract, body: unknown) {
  const value = body instanceof JsonText ? JSON.parse(body.text) : body;
  const result = contract.response.safeParse(value);
  if (!result.success) {
    const issues = result.error.issues.slice(0, 5).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`${contract.method} ${contract.path} answered outside its contract: ${issues.join('; ')}`);
  }
}

/** The response headers the contract declares (an ETag) are part of the answer: one missing fails the tests. */
function checkHeaders(contract: RouteContract, ctx: Context) {
  const missing = (contract.headers?.response ?? []).filter((name) => !ctx.response.get(name));
  if (missing.length > 0) throw new Error(`${contract.method} ${contract.path} answered without ${missing.join(', ')}`);
}

/**
 * The same check for an answer the handler gives itself (a cached read model's bytes with their ETag): called
 * where the value is built, so it is checked in tests without parsing it again per request in production.
 */
export function checkedInTests<T>(contract: RouteContract, value: T): T {
  if (CHECK_ANSWERS) checkAnswer(contract, value);
  return value;
}

/** The handlers `on` registered: what tells a route made from a contract from one written by hand. */
const FROM_CONTRACT = new WeakSet<Middleware>();

/**
 * Every API route must be registered from its contract (issue 16: one definition per call). Called when the app is
 * assembled, so a route written by hand (`router.get('/api/…', …)`) stops the start and fails every test, instead
 * of drifting from what the client calls. Paths outside the API (the probes, /api/login's redirects are listed in
 * `pages`) are left alone.
 */
export function assertRoutesFromContracts(routers: Router[], pages: readonly string[] = []): void {
  const handWritten = routers.flatMap((router) =>
    router.stack
      .filter((layer) => layer.methods.length > 0 && isApiPath(String(layer.path)) && !pages.includes(String(layer.path)))
      .filter((layer) => !FROM_CONTRACT.has(layer.stack[layer.stack.length - 1] as Middleware))
      .map((layer) => `${layer.methods.filter((m) => m !== 'HEAD').join('/')} ${String(layer.path)}`),
  );
  if (handWritten.length > 0) throw new Error(`API routes without a contract (register them with on(…)): ${handWritten.join(', ')}`);
}

/**
 * Registers a contract's handler on a router (mounted without a prefix: the contract's path is the whole path).
 * Middleware given before the handler runs first (guards, Idempotency-Key). The handler receives the parsed
 * params, query and body; a failing one is a 400 naming each field (labels from the contract name them as the
 * form does).
 */
export function on<R extends RouteContract>(router: Router, contract: R, ...stack: [...Middleware[], RouteHandler<R>]): void {
  const handler = stack.pop() as RouteHandler<R>;
  const middleware = stack as Middleware[];
  const { labels } = contract;
  const run: Middleware = async (ctx) => {
    const request = {
      params: parseBody(contract.params ?? TEXT_PARAMS, { ...ctx.params }, labels),
      query: contract.query ? parseQuery(contract.query, ctx) : undefined,
      body: contract.body ? parseBody(contract.body, ctx.request.body, labels) : undefined,
    } as RouteRequest<R>;
    const answer = await handler(request, ctx);
    if (answer === undefined) return;
    if (CHECK_ANSWERS) checkAnswer(contract, answer);
    if (CHECK_ANSWERS) checkHeaders(contract, ctx);
    ctx.status = contract.status ?? 200;
    if (answer instanceof JsonText) {
      ctx.type = 'json';
      ctx.body = answer.text;
    } else {
      ctx.body = answer;
    }
  };
  const method = contract.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  FROM_CONTRACT.add(run);
  router[method](contract.path, ...middleware, run);
}
