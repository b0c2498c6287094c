import { queryOptions } from '@tanstack/react-query';
import { routeKey, urlOf, type ResponseOf, type RouteContract, type RouteInput } from '@mello/contracts';

export { routeKey, routeKeyPrefix } from '@mello/contracts';
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

/** React Query options of a GET contract. */
export const routeQuery = <R extends RouteContract & { method: 'GET' }>(contract: R, input?: RouteInput<R>) =>
  queryOptions({
    queryKey: routeKey(contract, input),
    queryFn: () => send(contract, input as AnyInput | undefined) as Promise<ResponseOf<R>>,
  });
