import { BackendTerminatedError, ConnectionError, StatementTimeoutError } from 'slonik';
import { describe, expect, it } from 'vitest';
import { DatabaseNotAnsweringError, isDatabaseUnavailable, isTransientDatabaseError } from './database-errors';
import { retryDelayMs } from './runner';

/** A node-postgres DatabaseError as the driver hands it over: a message and a SQLSTATE. */
const pgError = (code: string, message = 'server says no') => Object.assign(new Error(message), { code, severity: 'ERROR' });
const wrapped = (cause: unknown) => new Error('Query failed', { cause });

describe('isDatabaseUnavailable', () => {
  it('knows a database that refuses, drops or ended the connection', () => {
    expect(isDatabaseUnavailable(new ConnectionError('connect ECONNREFUSED 127.0.0.1:5432'))).toBe(true);
    expect(isDatabaseUnavailable(new BackendTerminatedError(pgError('57P01', 'terminating connection due to administrator command')))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Client has encountered a connection error and is not queryable'))).toBe(true);
  });

  it('knows a database that does not answer at all (frozen)', () => {
    expect(isDatabaseUnavailable(new DatabaseNotAnsweringError(6000))).toBe(true);
    expect(isTransientDatabaseError(wrapped(new DatabaseNotAnsweringError(6000)))).toBe(true);
  });

  it('looks through the causes slonik wraps the driver error in', () => {
    expect(isDatabaseUnavailable(wrapped(pgError('57P03', 'the database system is starting up')))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(pgError('08006', 'connection failure')))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(pgError('53300', 'too many clients already')))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })))).toBe(true);
  });

  it('does not blame the connection for a wrong statement or bad data', () => {
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(pgError('42P01', 'relation "rm.nothing" does not exist'))).toBe(false);
    expect(isDatabaseUnavailable(wrapped(pgError('23505', 'duplicate key value')))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'fields')"))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable('Connection terminated')).toBe(false);
  });
});

describe('isTransientDatabaseError', () => {
  it('also counts contention and timeouts as worth a retry', () => {
    expect(isTransientDatabaseError(new ConnectionError('timeout expired'))).toBe(true);
    expect(isTransientDatabaseError(wrapped(pgError('40P01', 'deadlock detected')))).toBe(true);
    expect(isTransientDatabaseError(wrapped(pgError('40001', 'could not serialize access')))).toBe(true);
    expect(isTransientDatabaseError(wrapped(pgError('55P03', 'could not obtain lock')))).toBe(true);
    expect(isTransientDatabaseError(new StatementTimeoutError(pgError('57014', 'canceling statement due to statement timeout')))).toBe(true);
  });

  it('leaves errors a retry would only repeat to the caller', () => {
    expect(isTransientDatabaseError(wrapped(pgError('22P02', 'invalid input syntax for type uuid')))).toBe(false);
    expect(isTransientDatabaseError(wrapped(pgError('23502', 'null value in column "doc"')))).toBe(false);
    expect(isTransientDatabaseError(new Error('Projection bug'))).toBe(false);
  });
});

describe('retryDelayMs', () => {
  it('waits half a second, doubling per failed attempt, at most five seconds', () => {
    expect([1, 2, 3, 4, 5, 10].map(retryDelayMs)).toEqual([500, 1000, 2000, 4000, 5000, 5000]);
  });
});
