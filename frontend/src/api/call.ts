import { queryOptions } from '@tanstack/react-query';
import { routeKey, urlOf, type CallParts, type ResponseOf, type RouteContract, type RouteInput } from '@mello/contracts';

export { routeKey, routeKeyPrefix } from '@mello/contracts';
import { ApiError, apiExchange } from './http';

/** The call's input, optional when the contract has no path parameters and no body. */
export type CallArgs<R extends RouteContract> = object extends RouteInput<R> ? [input?: RouteInput<R>] : [input: RouteInput<R>];

type AnyInput = CallParts & { body?: unknown; headers?: Record<string, string> };

/**
 * Sends a call and parses its answer with the contract's response schema, so what a component reads is checked, not
 * cast. The answer's headers come along (an ETag).
 */
async function exchange<R extends RouteContract>(contract: R, input: AnyInput = {}): Promise<{ data: ResponseOf<R>; headers: Headers }> {
  const answer = await apiExchange(urlOf(contract, input), {
    method: contract.method,
    ...(input.headers ? { headers: input.headers } : {}),
    ...(input.body !== undefined ? { json: input.body } : {}),
  });
  const data: ResponseOf<R> = contract.response.parse(answer.body);
  return { data, headers: answer.headers };
}

/**
 * Calls the API through its contract (contracts/src/http/route.ts): the path and query are built from it, the body is
 * sent as JSON, and the answer is parsed with the contract's response schema. Every call of the client goes through
 * here; no `/api` path is written in the client.
 */
export async function callRoute<R extends RouteContract>(contract: R, ...[input]: CallArgs<R>): Promise<ResponseOf<R>> {
  return (await exchange(contract, input)).data;
}

/**
 * A call whose answer carries an ETag (a single document's revision: contracts/src/http/concurrency.ts), answered
 * with it, so an edit form can send it back in If-Match (a GET's, or a saved edit's new revision).
 */
export async function callWithETag<R extends RouteContract>(contract: R, ...[input]: CallArgs<R>): Promise<{ data: ResponseOf<R>; etag: string | null }> {
  const { data, headers } = await exchange(contract, input);
  return { data, etag: headers.get('ETag') };
}

/** The same call, with a 404 answered as null (a not-found view rather than an error). */
export async function callOrNull<R extends RouteContract>(contract: R, ...[input]: CallArgs<R>): Promise<ResponseOf<R> | null> {
  try {
    return (await exchange(contract, input)).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** React Query options of a GET contract. */
export const routeQuery = <R extends RouteContract & { method: 'GET' }>(contract: R, input?: RouteInput<R>) =>
  queryOptions({
    queryKey: routeKey(contract, input),
    queryFn: async () => (await exchange(contract, input)).data,
  });
