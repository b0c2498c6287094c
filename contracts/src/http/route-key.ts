import type { CallParts, RouteContract, RouteInput } from './route';

/**
 * A query key derived from the contract, in the spec's form (section 7: the key's parts joined by '/' are the URL):
 * the path up to its first parameter, then each later segment with the parameters filled in, then the query when
 * there is one. So `routeKeyPrefix(contract)` invalidates every call of that contract, and two calls share a cache
 * entry exactly when they are the same call.
 */
/** A path parameter as a key part: its value (a number stays a number), '' when not given. */
const keyPart = (value: unknown): string | number => (typeof value === 'number' || typeof value === 'string' ? value : '');

export function routeKey<R extends RouteContract>(contract: R, input?: RouteInput<R>): readonly (string | number | Record<string, unknown>)[] {
  const given: CallParts = input ?? {};
  const segments = contract.path.split('/');
  const first = segments.findIndex((segment) => segment.startsWith(':'));
  const head = first === -1 ? contract.path : segments.slice(0, first).join('/');
  const rest = first === -1 ? [] : segments.slice(first).map((segment) => (segment.startsWith(':') ? keyPart(given.params?.[segment.slice(1)]) : segment));
  const query = given.query && Object.values(given.query).some((value) => value !== undefined && value !== '') ? [{ ...given.query }] : [];
  return [head, ...rest, ...query];
}

/** The key every call of a contract starts with: invalidating it refreshes them all. */
export const routeKeyPrefix = (contract: RouteContract): readonly (string | number | Record<string, unknown>)[] => routeKey(contract).slice(0, 1);
