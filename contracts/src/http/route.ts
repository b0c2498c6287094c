import { z } from 'zod';

/**
 * A route contract: one definition of an HTTP call that both sides derive from. The server registers its Koa
 * handler from it (backend/src/http/contract-routes.ts: params, query and body parsed with these schemas, and in
 * tests every answer checked against `response`); the client calls it through `callRoute` (frontend/src/api/call.ts),
 * which builds the path, sends the body and parses the answer with `response`. So a path, a parameter, a body's
 * shape or an answer's shape is written once, here.
 *
 * Why not ts-rest: it has no Koa adapter, and our routes need Koa middleware in front of the handler (admin guard,
 * Idempotency-Key, read-model waits) and answers that are read-model JSON text passed through as it is (cached
 * with ETags), so the registration is ours; the contract half is the same idea in ~100 lines.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Where the API lives: every contract's path starts with it, and every other path is the client's. */
export const API_PREFIX = '/api';
/**
 * Is this a path of the API (the prefix itself or below it)? In any letter case: the server's router (@koa/router)
 * matches routes case-insensitively, so `/API/forum/posts` is the API too and must pass the same checks (the
 * per-user write limit counted only lower-case paths, and `/API/…` wrote without spending it).
 */
export const isApiPath = (path: string) => {
  const lower = path.toLowerCase();
  return lower === API_PREFIX || lower.startsWith(`${API_PREFIX}/`);
};

export type RouteContract = {
  method: HttpMethod;
  /** Koa-router syntax: `/api/years/:id`. */
  path: string;
  /** Schemas of the path parameters when they are more than text (e.g. a whole number); else each is a string. */
  params?: z.ZodTypeAny;
  /** The query string's schema (values arrive as text). */
  query?: z.ZodTypeAny;
  /** The JSON body's schema. */
  body?: z.ZodTypeAny;
  /** The success answer's schema. */
  response: z.ZodTypeAny;
  /** The success status (default 200). */
  status?: number;
  /** One line for docs and errors: what the call does. */
  summary: string;
  /** The form's Swedish names of the body's fields: a 400 names a field as the form labels it. */
  labels?: Readonly<Record<string, string>>;
  /**
   * Headers the call takes or answers beyond the usual ones (`If-Match` in, `ETag` out: http/concurrency.ts). A
   * response header named here is checked in tests like the body (contract-routes.ts).
   */
  headers?: { request?: readonly string[]; response?: readonly string[] };
};

/** Declares a contract, keeping its literal types (method, path) for the derived types below. */
export const route = <const R extends RouteContract>(contract: R): R => contract;

/** `/api/posts/:id/replies` → `'id'`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** What a caller gives for the path parameters. */
export type PathParams<R extends RouteContract> = [PathParamNames<R['path']>] extends [never]
  ? undefined
  : { [K in PathParamNames<R['path']>]: string | number };

export type QueryOf<R extends RouteContract> = R['query'] extends z.ZodTypeAny ? z.input<R['query']> : undefined;
export type BodyOf<R extends RouteContract> = R['body'] extends z.ZodTypeAny ? z.input<R['body']> : undefined;
/** What the server answers on success (as the client receives it). */
export type ResponseOf<R extends RouteContract> = z.output<R['response']>;

/** The request of a call: only the parts the contract has are asked for. */
export type RouteInput<R extends RouteContract> = (PathParams<R> extends undefined ? { params?: undefined } : { params: PathParams<R> }) &
  (R['query'] extends z.ZodTypeAny ? { query?: QueryOf<R> } : { query?: undefined }) &
  (R['body'] extends z.ZodTypeAny ? { body: BodyOf<R> } : { body?: undefined }) & {
    headers?: Record<string, string>;
  };

/** The concrete path: each `:name` replaced by its encoded value. A missing one is a programming error. */
export function pathOf(contract: RouteContract, params?: Readonly<Record<string, unknown>>): string {
  return contract.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (typeof value !== 'string' && typeof value !== 'number') throw new Error(`${contract.method} ${contract.path}: the parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}

/** `path?key=value…`, leaving out empty values (a parameter is sent only when it has one). */
export function withQueryString(path: string, query?: Readonly<Record<string, unknown>>): string {
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** The full URL path of a call (path parameters and query). */
export function urlOf(contract: RouteContract, input: CallParts): string {
  return withQueryString(pathOf(contract, input.params), input.query);
}

/** The parts of a call that make its URL (what RouteInput gives, seen without its contract's types). */
export type CallParts = { params?: Readonly<Record<string, unknown>>; query?: Readonly<Record<string, unknown>> };

/** What every delete answers. */
export const DeletedSchema = z.object({ id: z.string(), deleted: z.literal(true) });
export type Deleted = z.infer<typeof DeletedSchema>;
