import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database';
import { boundedPgPool } from './bounded-pg-pool';
import { DatabaseAwayError, failFastPool } from './fail-fast-pool';

/**
 * failFastPool against a real server that accepts connections and never answers (a frozen PostgreSQL, as far as a
 * client can tell) and against a real PostgreSQL: after one query found the database away, the next ones fail at
 * once without a connection, until the cool-down has passed; a wrong statement trips nothing.
 */
const TIMEOUTS = { connectMs: 300, statementMs: 300, idleInTransactionMs: 1000 };
let silent: net.Server;
let connections = 0;
const accepted: net.Socket[] = [];
let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  silent = net.createServer((socket) => {
    connections += 1;
    accepted.push(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const socket of accepted) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
  await database?.drop();
});

describe('failFastPool', () => {
  it('after a query that got no answer, fails the next at once without connecting, and asks again after the cool-down', async () => {
    const { port } = silent.address() as net.AddressInfo;
    const pool = boundedPgPool(`postgres://nobody:nothing@127.0.0.1:${port}/none`, TIMEOUTS, { max: 2, onError: () => undefined });
    let clock = 1_000_000;
    const fast = failFastPool(pool, 5000, () => clock);
    try {
      await expect(fast.query('SELECT 1')).rejects.toThrow();
      expect(connections).toBe(1);
      await expect(fast.query('SELECT 1')).rejects.toBeInstanceOf(DatabaseAwayError);
      await expect(fast.query({ text: 'SELECT $1::int', values: [1] })).rejects.toBeInstanceOf(DatabaseAwayError);
      expect(connections).toBe(1);
      clock += 5000;
      await expect(fast.query('SELECT 1')).rejects.not.toBeInstanceOf(DatabaseAwayError);
      expect(connections).toBe(2);
    } finally {
      await pool.end();
    }
  });

  it('passes answers and SQL errors through: a wrong statement is no sign of the database away', async () => {
    const pool = boundedPgPool(database.uri, TIMEOUTS, { max: 2, onError: () => undefined });
    const fast = failFastPool(pool, 5000);
    try {
      await expect(fast.query('SELECT * FROM no_such_table')).rejects.toMatchObject({ code: '42P01' });
      const answer = await fast.query({ text: 'SELECT $1::int AS n', values: [7] });
      expect(answer.rows).toEqual([{ n: 7 }]);
    } finally {
      await pool.end();
    }
  });
});
