import {
  CancelledError,
  DeadlineExceededError,
  NotLeaderError,
  StreamNotFoundError,
  TimeoutError,
  UnavailableError,
  UnknownError,
  WrongExpectedVersionError,
} from '@kurrent/kurrentdb-client';
import { describe, expect, it } from 'vitest';
import { EventStoreUnavailableError } from '../port';
import { isKurrentDbUnavailable, toEventStoreError } from './kurrentdb-errors';

type ServiceErrorLike = ConstructorParameters<typeof NotLeaderError>[0];

/** A gRPC ServiceError as @grpc/grpc-js rejects with it: numeric status code, details and metadata. */
const serviceError = (code: number, details: string, metadata: Record<string, string> = {}) =>
  Object.assign(new Error(`${code} ${details}`), { code, details, metadata: { getMap: () => metadata } }) as unknown as ServiceErrorLike;

describe('KurrentDB client errors', () => {
  it('an unreachable, slow, leaderless or stopping server is "unavailable"', () => {
    expect(isKurrentDbUnavailable(new UnavailableError(undefined, 'No connection established'))).toBe(true);
    expect(isKurrentDbUnavailable(new DeadlineExceededError(undefined, 'Deadline exceeded'))).toBe(true);
    expect(isKurrentDbUnavailable(new TimeoutError(undefined, 'timed out'))).toBe(true);
    expect(isKurrentDbUnavailable(new CancelledError(undefined, 'Server shutting down'))).toBe(true);
    expect(isKurrentDbUnavailable(new NotLeaderError(serviceError(5, 'not leader', { 'leader-endpoint-host': 'node2', 'leader-endpoint-port': '2113' })))).toBe(
      true,
    );
  });

  it('recognises the raw gRPC statuses and a failed cluster discovery too', () => {
    expect(isKurrentDbUnavailable(serviceError(14, 'No connection established'))).toBe(true);
    expect(isKurrentDbUnavailable(serviceError(4, 'Deadline exceeded'))).toBe(true);
    expect(isKurrentDbUnavailable(new Error('Failed to discover after 10 attempts.'))).toBe(true);
  });

  it('answers and bugs are not outages', () => {
    expect(
      isKurrentDbUnavailable(
        new WrongExpectedVersionError(serviceError(9, 'wrong expected version', { 'stream-name': 'x', 'expected-version': '1', 'actual-version': '2' })),
      ),
    ).toBe(false);
    expect(isKurrentDbUnavailable(new StreamNotFoundError(serviceError(5, 'not found', { 'stream-name': 'x' })))).toBe(false);
    expect(isKurrentDbUnavailable(new UnknownError(undefined, 'something else'))).toBe(false);
    expect(isKurrentDbUnavailable(new Error('boom'))).toBe(false);
    expect(isKurrentDbUnavailable('unavailable')).toBe(false);
  });

  it("toEventStoreError turns an outage into the port's EventStoreUnavailableError and leaves the rest alone", () => {
    const cause = new UnavailableError(undefined, 'No connection established');
    const mapped = toEventStoreError(cause);
    expect(mapped).toBeInstanceOf(EventStoreUnavailableError);
    expect((mapped as Error).cause).toBe(cause);
    expect(toEventStoreError(mapped)).toBe(mapped);
    const other = new Error('boom');
    expect(toEventStoreError(other)).toBe(other);
  });
});
