import { COPY_STREAM_APPLICATION_NAME, copyRowsOver, copyTextValue, openCopyStream } from '@mello/projections';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database';

describe('copyTextValue (COPY text format)', () => {
  it('writes null as \\N and escapes backslash, tab, newline and carriage return', () => {
    expect(copyTextValue(null)).toBe('\\N');
    expect(copyTextValue('a\\b\tc\nd\re')).toBe('a\\\\b\\tc\\nd\\re');
    expect(copyTextValue('\\N')).toBe('\\\\N');
    expect(copyTextValue('Måns – "Heroes"')).toBe('Måns – "Heroes"');
  });
});

describe('copyRowsOver (a rebuild writes the audit history with it)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let client: pg.Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    client = new pg.Client({ connectionString: database.uri });
    await client.connect();
    await client.query('CREATE SCHEMA "odd schema"; CREATE TABLE "odd schema".rows (n int PRIMARY KEY, "the text" text, at timestamptz)');
  });
  afterAll(async () => {
    await client?.end();
    await database?.drop();
  });

  it('stores every value as given, hostile ones included, in more rows than one chunk', async () => {
    const hostile = [
      '\\N',
      'tab\there',
      'new\nline',
      'cr\rlf\r\n',
      'back\\slash\\',
      '',
      'quote \' and "',
      'Åsa – ünïcødé 🎤',
      '\\.',
      'a\u0000b'.replace('\u0000', ''),
    ];
    const rows = Array.from({ length: 2500 }, (_, n) => [
      String(n),
      n < hostile.length ? hostile[n]! : n % 7 === 0 ? null : `rad ${n}`,
      new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
    ]);
    await copyRowsOver(database.uri)(['odd schema', 'rows'], ['n', 'the text', 'at'], rows);
    const stored = await client.query<{ n: number; text: string | null; at: Date }>('SELECT n, "the text" AS text, at FROM "odd schema".rows ORDER BY n');
    expect(stored.rows).toHaveLength(2500);
    expect(stored.rows.map((row) => [String(row.n), row.text, row.at.toISOString()])).toEqual(rows);
  });

  it('writes nothing when a row is refused (one COPY, one transaction)', async () => {
    const before = (await client.query('SELECT count(*)::int AS n FROM "odd schema".rows')).rows[0].n;
    await expect(
      copyRowsOver(database.uri)(
        ['odd schema', 'rows'],
        ['n', 'the text', 'at'],
        [
          ['100000', 'ny', null],
          ['0', 'finns redan', null],
        ],
      ),
    ).rejects.toThrow(/duplicate key/);
    expect((await client.query('SELECT count(*)::int AS n FROM "odd schema".rows')).rows[0].n).toBe(before);
  });

  it('does nothing for no rows', async () => {
    await expect(copyRowsOver(database.uri)(['odd schema', 'missing table'], ['n'], [])).resolves.toBeUndefined();
  });
});

describe('openCopyStream (a rebuild COPYs the audit history with it while it reads the log)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let client: pg.Client;
  const rowsIn = async () => (await client.query<{ n: number }>('SELECT count(*)::int AS n FROM streamed')).rows[0]!.n;
  const batch = (from: number, n: number) => Array.from({ length: n }, (_, i) => [String(from + i), i % 5 === 0 ? null : `rad\t${from + i}\n`]);
  const connections = async () =>
    (
      await client.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1', [
        COPY_STREAM_APPLICATION_NAME,
      ])
    ).rows[0]!.n;

  beforeAll(async () => {
    database = await createTestDatabase();
    client = new pg.Client({ connectionString: database.uri });
    await client.connect();
    await client.query('CREATE TABLE streamed (n int PRIMARY KEY, the_text text)');
  });
  afterAll(async () => {
    await client?.end();
    await database?.drop();
  });

  it('writes each batch as a COPY of its own, committed before the next is sent, and every row as given', async () => {
    const stream = await openCopyStream(database.uri, ['public', 'streamed'], ['n', 'the_text']);
    const sent: Array<Array<string | null>> = [];
    for (let b = 0; b < 20; b += 1) {
      const rows = batch(b * 500, 500);
      await stream.write(rows);
      // One batch in flight at most: the ones before it are in (no transaction held open across batches).
      expect(await rowsIn()).toBeGreaterThanOrEqual(sent.length);
      sent.push(...rows);
    }
    await stream.end();
    expect(await connections()).toBe(0);
    const stored = await client.query<{ n: number; the_text: string | null }>('SELECT n, the_text FROM streamed ORDER BY n');
    expect(stored.rows.map((row) => [String(row.n), row.the_text])).toEqual(sent);
  });

  it('fails when a row of a later batch is refused: that batch is not kept, end rejects', async () => {
    const before = await rowsIn();
    const stream = await openCopyStream(database.uri, ['public', 'streamed'], ['n', 'the_text']);
    await stream.write(batch(100_000, 10));
    await stream.write([
      ['100010', 'ny'],
      ['0', 'finns redan'],
    ]);
    await expect(stream.end()).rejects.toThrow(/duplicate key/);
    expect(await rowsIn()).toBe(before + 10);
    expect(await connections()).toBe(0);
  });

  it('closes its connection when aborted, once or twice', async () => {
    const stream = await openCopyStream(database.uri, ['public', 'streamed'], ['n', 'the_text']);
    await stream.write(batch(200_000, 1000));
    await stream.abort();
    await expect(stream.abort()).resolves.toBeUndefined();
    // The server sees the connection go (waited for, not timed).
    while ((await connections()) > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await connections()).toBe(0);
  });
});
