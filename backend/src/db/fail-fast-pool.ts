import { isTransientDatabaseError } from '@mello/projections';
import pg from 'pg';

/** What a query of a FailFastPool answers while the database was found away: no round trip is made. */
export class DatabaseAwayError extends Error {
  constructor(readonly untilMs: number) {
    super('The database did not answer a moment ago: not asked again yet');
    this.name = new.target.name;
  }
}

/** The part of a node-postgres pool a library that takes one calls (rate-limiter-flexible: `query`). */
export type QueryPool = Pick<pg.Pool, 'query'>;

/**
 * A node-postgres pool's `query` that, once a query found the database away (no connection within its timeout, no
 * answer within the deadline, refused, or the server saying it cannot serve), fails the queries of the next
 * `coolDownMs` at once with DatabaseAwayError instead of sending each to wait out the same timeouts; the first
 * query after that asks again. For callers that have an answer without the database and ask it several times per
 * request: a sign-in's rate limits ask four times (rate-limit.ts), and each waited out the timeouts of a frozen
 * server in turn before the limiter fell back to its in-process counters. A wrong statement (an SQL error the server
 * answered) trips nothing.
 */
export function failFastPool(pool: pg.Pool, coolDownMs: number, now: () => number = Date.now): QueryPool {
  let awayUntil = 0;
  const query = (async (...args: unknown[]) => {
    if (now() < awayUntil) throw new DatabaseAwayError(awayUntil);
    try {
      return await (pool.query as (...queryArgs: unknown[]) => Promise<unknown>)(...args);
    } catch (error) {
      if (!(error instanceof pg.DatabaseError) || isTransientDatabaseError(error)) awayUntil = now() + coolDownMs;
      throw error;
    }
  }) as QueryPool['query'];
  return { query };
}
