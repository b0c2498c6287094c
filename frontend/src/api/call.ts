import { queryOptions } from '@tanstack/react-query';
import { urlOf, type ResponseOf, type RouteContract, type RouteInput } from '@mello/contracts';
import { ApiError, apiExchange, apiRequest } from './http';

/** The call's input, optional when the contract has no path parameters and no body. */
export type CallArgs<R extends RouteContract> = object extends RouteInput<R> ? [input?: RouteInput<R>] : [input: RouteInput<R>];

type AnyInput = { params?: unknown; query?: unknown; body?: unknown; headers?: Record<string, string> };

/** Sends a call and parses its answer with the contract's response schema (so nothing read is unchecked). */
async function send(contract: RouteContract, input: AnyInput = {}): Promise<unknown> {
  const answer = await apiRequest(urlOf(contract, input), {
    method: contract.method,
    ...(input.headers ? { headers: input.headers } : {}),
    ...(input.body !== undefined ? { json: input.body } : {}),
  });
  return contract.response.parse(answer);
}

/**
 * Calls the API through its contract (contracts/src/http/route.ts): the path and query are built from it, the body is
 * sent as JSON, and the answer is parsed with the contract's response schema, so what a component reads is
 * checked, not cast. Every call of the client goes through here; no `/api` path is written in the client.
 */
export function callRoute<R extends RouteContract>(contract: R, ...[input]: CallArgs<R>): Promise<ResponseOf<R>> {
  return send(contract, input as AnyInput | undefined) as Promise<ResponseOf<R>>;
}

/**
 * A call whose answer carries an ETag (a single document's revision: contracts/src/http/concurrency.ts), answered
 * with it, so an edit form can send it back in If-Match (a GET's, or a saved edit's new revision).
 */
export async function callWithETag<R extends RouteContract>(contract: R, ...[input]: CallArgs<R>): Promise<{ data: ResponseOf<R>; etag: string | null }> {
  const given = (input ?? {}) as AnyInput;
  const answer = await apiExchange(urlOf(contract, given), {
    method: contract.method,
    ...(given.headers ? { headers: given.headers } : {}),
    ...(given.body !== undefined ? { json: given.body } : {}),
  });
  return { data: contract.response.parse(answer.body) as ResponseOf<R>, etag: answer.headers.get('ETag') };
}

/** The same call, with a 404 answered as null (a not-found view rather than an error). */
export async function callOrNull<R extends RouteContract>(contract: R, ...[input]: CallArgs<R>): Promise<ResponseOf<R> | null> {
  try {
    return (await send(contract, input as AnyInput | undefined)) as ResponseOf<R>;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * A query key derived from the contract, in the spec's form (section 7: the key's parts joined by '/' are the URL):
 * the path up to its first parameter, then each later segment with the parameters filled in, then the query when
 * there is one. So `routeKeyPrefix(contract)` invalidates every call of that contract, and two calls share a cache
 * entry exactly when they are the same call.
 */
export function routeKey<R extends RouteContract>(contract: R, input?: RouteInput<R>): readonly unknown[] {
  const given = (input ?? {}) as { params?: Record<string, string | number>; query?: Record<string, unknown> };
  const segments = contract.path.split('/');
  const first = segments.findIndex((segment) => segment.startsWith(':'));
  const head = first === -1 ? contract.path : segments.slice(0, first).join('/');
  const rest = first === -1 ? [] : segments.slice(first).map((segment) => (segment.startsWith(':') ? given.params?.[segment.slice(1)] : segment));
  const query = given.query && Object.values(given.query).some((value) => value !== undefined && value !== '') ? [given.query] : [];
  return [head, ...rest, ...query];
}

/** The key every call of a contract starts with: invalidating it refreshes them all. */
export const routeKeyPrefix = (contract: RouteContract): readonly unknown[] => routeKey(contract).slice(0, 1);

/** React Query options of a GET contract. */
export const routeQuery = <R extends RouteContract & { method: 'GET' }>(contract: R, input?: RouteInput<R>) =>
  queryOptions({
    queryKey: routeKey(contract, input),
    queryFn: () => send(contract, input as AnyInput | undefined) as Promise<ResponseOf<R>>,
  });
