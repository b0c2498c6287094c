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
