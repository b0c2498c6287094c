import pg from 'pg';
import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database';
import { createDatabasePool } from './pool';

// Three statements of different texts, each with a value: the pool below prepares the first two it sees.
const plusOne = (n: number) => sql.type(z.object({ n: z.number() }))`SELECT ${n}::int + 1 AS n`;
const plusTwo = (n: number) => sql.type(z.object({ n: z.number() }))`SELECT ${n}::int + 2 AS n`;
const plusThree = (n: number) => sql.type(z.object({ n: z.number() }))`SELECT ${n}::int + 3 AS n`;
// No value: never prepared, so it does not count itself.
const preparedHere = sql.type(z.object({ statement: z.string(), runs: z.number() }))`
  SELECT statement, (generic_plans + custom_plans)::int AS runs FROM pg_prepared_statements ORDER BY name`;

let database: { uri: string; drop: () => Promise<void> };
let pool: DatabasePool;
const timeouts = { connectMs: 2000, statementMs: 10_000, idleInTransactionMs: 10_000 };

beforeAll(async () => {
  database = await createTestDatabase();
  // One connection, so every statement of a test runs on the connection it then looks at.
  pool = await createDatabasePool(database.uri, { maximumPoolSize: 1, timeouts, preparedStatements: 2 });
});
afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

describe('a pool keeping its statements prepared (createDatabasePool preparedStatements)', () => {
  it('binds a statement sent again to the one prepared on its connection, and prepares no more than its limit', async () => {
    for (let i = 0; i < 4; i += 1) {
      expect(await pool.oneFirst(plusOne(i))).toBe(i + 1);
      expect(await pool.oneFirst(plusTwo(i))).toBe(i + 2);
      // Beyond the limit: answered the same, unprepared.
      expect(await pool.oneFirst(plusThree(i))).toBe(i + 3);
    }
    // Without the prepared statements, or with slonik's DISCARD ALL after each statement, there would be none here.
    expect(await pool.any(preparedHere)).toEqual([
      { statement: plusOne(0).sql.replace(/\$slonik_1/, '$1'), runs: 4 },
      { statement: plusTwo(0).sql.replace(/\$slonik_1/, '$1'), runs: 4 },
    ]);
  });

  it('reads the tables a name stands for now: a schema swapped under a prepared statement (a rebuild) is read anew', async () => {
    await pool.query(sql.unsafe`CREATE SCHEMA live`);
    await pool.query(sql.unsafe`CREATE TABLE live.things (id int PRIMARY KEY, label text)`);
    await pool.query(sql.unsafe`INSERT INTO live.things VALUES (1, 'före')`);
    await pool.query(sql.unsafe`CREATE SCHEMA build`);
    await pool.query(sql.unsafe`CREATE TABLE build.things (id int PRIMARY KEY, label text)`);
    await pool.query(sql.unsafe`INSERT INTO build.things VALUES (1, 'efter')`);
    // A fresh connection with room for the statement below (the first test used up this one's two).
    const swapping = await createDatabasePool(database.uri, { maximumPoolSize: 1, timeouts, preparedStatements: 1 });
    try {
      const label = () => swapping.oneFirst(sql.type(z.object({ label: z.string() }))`SELECT label FROM live.things WHERE id = ${1}`);
      for (let i = 0; i < 7; i += 1) expect(await label()).toBe('före');
      // As rebuild.ts swaps a rebuilt schema in: renames in one transaction.
      await pool.transaction(async (tx) => {
        await tx.query(sql.unsafe`ALTER SCHEMA live RENAME TO old`);
        await tx.query(sql.unsafe`ALTER SCHEMA build RENAME TO live`);
      });
      expect(await label()).toBe('efter');
      expect(await swapping.any(preparedHere)).toEqual([{ statement: expect.stringContaining('FROM live.things'), runs: 8 }]);
    } finally {
      await swapping.end();
    }
  });

  it('prepares again on the connection that replaces one the server ended', async () => {
    const own = await createDatabasePool(database.uri, { maximumPoolSize: 1, timeouts, preparedStatements: 4 });
    const admin = new pg.Client({ connectionString: database.uri });
    await admin.connect();
    try {
      expect(await own.oneFirst(plusOne(1))).toBe(2);
      const pid = await own.oneFirst(sql.type(z.object({ pid: z.number() }))`SELECT pg_backend_pid() AS pid`);
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      // The statement on the ended connection may fail; the pool then opens a new one, where nothing is prepared yet.
      await own.oneFirst(plusOne(2)).catch(() => undefined);
      expect(await own.oneFirst(plusOne(3))).toBe(4);
      expect(await own.oneFirst(sql.type(z.object({ pid: z.number() }))`SELECT pg_backend_pid() AS pid`)).not.toBe(pid);
      expect(await own.any(preparedHere)).toEqual([expect.objectContaining({ statement: expect.stringContaining('+ 1 AS n') })]);
    } finally {
      await admin.end();
      await own.end();
    }
  });
});
