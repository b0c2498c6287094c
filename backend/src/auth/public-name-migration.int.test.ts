import { randomUUID } from 'node:crypto';
import { neutralPublicName, publicNameKey } from '@mello/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database';
import { migrate } from '../db/migrate';
import { authMigrations } from './auth-schema';

/** Accounts made before public display names get the neutral name of their id, unique, when the migration runs. */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let client: pg.Client;

beforeAll(async () => {
  database = await createTestDatabase();
  client = new pg.Client({ connectionString: database.uri });
  await client.connect();
});
afterAll(async () => {
  await client?.end();
  await database?.drop();
});

describe('migration auth-002-public-names', () => {
  it('gives every existing account the neutral public name of its id and makes the name key unique', async () => {
    // The users table as it was before display names.
    await migrate(
      database.uri,
      authMigrations.filter((m) => m.id === 'auth-001-users-sessions'),
    );
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    for (const [i, id] of ids.entries()) {
      await client.query(`INSERT INTO public.users (id, email, password_hash) VALUES ($1, $2, 'scrypt$x')`, [id, `gammal-${i}@example.se`]);
    }

    expect(await migrate(database.uri, authMigrations)).toContain('auth-002-public-names');

    const { rows } = await client.query<{ id: string; public_name: string; public_name_key: string }>(
      'SELECT id::text, public_name, public_name_key FROM public.users',
    );
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.public_name).toBe(neutralPublicName(row.id));
      expect(row.public_name).not.toContain('@');
      expect(row.public_name_key).toBe(publicNameKey(row.public_name));
    }
    // The key is unique: a second account with the same name up to case cannot be stored.
    await expect(
      client.query(`INSERT INTO public.users (id, email, password_hash, public_name, public_name_key) VALUES ($1, 'ny@example.se', 'scrypt$x', $2, $3)`, [
        randomUUID(),
        rows[0]!.public_name.toUpperCase(),
        publicNameKey(rows[0]!.public_name.toUpperCase()),
      ]),
    ).rejects.toThrow(/users_public_name_key_unique/);
    // And a name is required from now on.
    await expect(
      client.query(`INSERT INTO public.users (id, email, password_hash) VALUES ($1, 'utan@example.se', 'scrypt$x')`, [randomUUID()]),
    ).rejects.toThrow(/public_name/);
  });
});

describe('migration auth-004-lookalike-name-keys', () => {
  it('computes again the keys of names with look-alike letters of another alphabet; a key another account holds is left as it was', async () => {
    const other = await createTestDatabase();
    const db = new pg.Client({ connectionString: other.uri });
    await db.connect();
    try {
      await migrate(
        other.uri,
        authMigrations.filter((m) => m.id !== 'auth-004-lookalike-name-keys'),
      );
      // Keys as the earlier publicNameKey computed them: lower case, Cyrillic letters as they are.
      const accounts = [
        { name: 'Ola Berg', key: 'ola berg' },
        { name: '\u041Ela Berg', key: '\u043Ela berg' }, // Cyrillic О: a look-alike of the account above
        { name: '\u0410nna', key: '\u0430nna' }, // Cyrillic А, alone
        { name: 'Ольга', key: 'ольга' },
      ];
      const ids: string[] = [];
      for (const [i, account] of accounts.entries()) {
        const id = randomUUID();
        ids.push(id);
        await db.query(
          `INSERT INTO public.users (id, email, password_hash, public_name, public_name_key, created_at) VALUES ($1, $2, 'scrypt$x', $3, $4, now() + make_interval(secs => $5))`,
          [id, `konto-${i}@example.se`, account.name, account.key, i],
        );
      }

      expect(await migrate(other.uri, authMigrations)).toEqual(['auth-004-lookalike-name-keys']);

      const keyOf = async (id: string) => (await db.query<{ k: string }>('SELECT public_name_key AS k FROM public.users WHERE id = $1', [id])).rows[0]!.k;
      expect(await keyOf(ids[0]!)).toBe('ola berg');
      expect(await keyOf(ids[1]!)).toBe('\u043Ela berg');
      expect(await keyOf(ids[2]!)).toBe('anna');
      expect(await keyOf(ids[3]!)).toBe(publicNameKey('Ольга'));
      // From now on 'Anna' in Latin letters is taken by the Cyrillic one.
      await expect(
        db.query(`INSERT INTO public.users (id, email, password_hash, public_name, public_name_key) VALUES ($1, 'ny@example.se', 'scrypt$x', 'Anna', $2)`, [
          randomUUID(),
          publicNameKey('Anna'),
        ]),
      ).rejects.toThrow(/users_public_name_key_unique/);
    } finally {
      await db.end();
      await other.drop();
    }
  });
});
