import { copyRowsOver, copyTextValue } from '@mello/projections';
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
