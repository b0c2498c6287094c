import {
  CancelledError,
  DeadlineExceededError,
  ErrorType,
  NotLeaderError,
  TimeoutError,
  UnavailableError,
  convertToCommandError,
} from '@kurrent/kurrentdb-client';
import { EventStoreUnavailableError } from '../port';

/** The client's error types that mean "not now" rather than "not like this". */
const UNAVAILABLE_TYPES: ReadonlySet<unknown> = new Set([
  ErrorType.UNAVAILABLE,
  ErrorType.DEADLINE_EXCEEDED,
  ErrorType.TIMEOUT,
  ErrorType.NOT_LEADER,
  ErrorType.CANCELLED,
]);

/**
 * Is this KurrentDB client error a server that cannot answer now: down or unreachable (UnavailableError),
 * too slow (DeadlineExceededError, TimeoutError), between leaders in a cluster (NotLeaderError), or shutting
 * down (CancelledError: the client's own cancellations are not converted to it)? Cluster discovery, with a
 * gossip connection string, gives up with a plain Error.
 */
export function isKurrentDbUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const converted = convertToCommandError(error);
  if (
    converted instanceof UnavailableError ||
    converted instanceof DeadlineExceededError ||
    converted instanceof TimeoutError ||
    converted instanceof NotLeaderError ||
    converted instanceof CancelledError
  ) {
    return true;
  }
  if (UNAVAILABLE_TYPES.has((converted as { type?: unknown }).type)) return true;
  return /^Failed to discover after \d+ attempts/.test(error.message);
}

/** The adapter's errors as the port names them: an unreachable server becomes EventStoreUnavailableError. */
export function toEventStoreError(error: unknown): unknown {
  if (error instanceof EventStoreUnavailableError || !isKurrentDbUnavailable(error)) return error;
  return new EventStoreUnavailableError(`KurrentDB is not reachable: ${(error as Error).message}`, { cause: error });
}
