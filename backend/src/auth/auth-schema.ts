import type { Migration } from '../db/migrate';
import { neutralPublicName, publicNameKey } from '@mello/contracts';

/** Accounts and sessions: plain tables, never events (credentials must not enter the log). */
export const authMigrations: Migration[] = [
  {
    id: 'auth-001-users-sessions',
    sql: `
      CREATE TABLE public.users (
        id                uuid PRIMARY KEY,
        email             text NOT NULL,
        password_hash     text NOT NULL,
        first_name        text,
        last_name         text,
        profile_image_url text,
        created_at        timestamptz NOT NULL DEFAULT now(),
        updated_at        timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX users_email_unique ON public.users (lower(email));

      CREATE TABLE public.sessions (
        sid    text PRIMARY KEY,
        sess   jsonb NOT NULL,
        expire timestamptz NOT NULL
      );
      CREATE INDEX sessions_expire ON public.sessions (expire);
    `,
  },
  /**
   * Public display names (product decision 10). Accounts made before them get the neutral name of their id
   * (neutralPublicName, the same function the event upcast uses for their old posts). `public_name_key` is the
   * case- and accent-insensitive form that must be unique.
   */
  {
    id: 'auth-002-public-names',
    sql: `ALTER TABLE public.users ADD COLUMN public_name text, ADD COLUMN public_name_key text;`,
    run: async (client) => {
      const { rows } = await client.query<{ id: string }>('SELECT id::text FROM public.users ORDER BY created_at, id');
      const taken = new Set<string>();
      for (const { id } of rows) {
        let name = neutralPublicName(id);
        // Two ids whose neutral names collide (10 digits of a 64-bit hash: practically never) still get distinct
        // names; the later one's old posts would show the neutral name computed from its id, as the upcast does.
        for (let n = 2; taken.has(publicNameKey(name)); n++) name = `${neutralPublicName(id)}-${n}`;
        taken.add(publicNameKey(name));
        await client.query('UPDATE public.users SET public_name = $2, public_name_key = $3 WHERE id = $1::uuid', [id, name, publicNameKey(name)]);
      }
      await client.query(`
        ALTER TABLE public.users ALTER COLUMN public_name SET NOT NULL, ALTER COLUMN public_name_key SET NOT NULL;
        CREATE UNIQUE INDEX users_public_name_key_unique ON public.users (public_name_key);`);
    },
  },
  {
    // rate-limiter-flexible's table (auth/rate-limit.ts), created here rather than by the library at start-up, so
    // processes starting together do not race to create it. Keys are hashes; expire is epoch milliseconds.
    id: 'auth-003-rate-limits',
    sql: `
      CREATE TABLE public.rate_limits (
        key    varchar(255) PRIMARY KEY,
        points integer NOT NULL DEFAULT 0,
        expire bigint
      );
      CREATE INDEX rate_limits_expire ON public.rate_limits (expire);
    `,
  },
  /**
   * publicNameKey reads look-alike letters of other alphabets as the Latin letter they pass for (Cyrillic А as A):
   * the keys of names with such letters are computed again, so a new 'Оla' (Cyrillic О) meets an existing one
   * and the reverse. Where two existing accounts' names now share a key, the one whose key already is that key
   * (or was given it first, oldest first) holds it and the other keeps its old key: no name is taken from anyone,
   * and no new look-alike of either can be made.
   */
  {
    id: 'auth-004-lookalike-name-keys',
    sql: '',
    run: async (client) => {
      const { rows } = await client.query<{ id: string; public_name: string; public_name_key: string }>(
        'SELECT id::text, public_name, public_name_key FROM public.users ORDER BY created_at, id',
      );
      const taken = new Set(rows.map((row) => row.public_name_key));
      for (const row of rows) {
        const key = publicNameKey(row.public_name);
        if (key === row.public_name_key || taken.has(key)) continue;
        taken.add(key);
        await client.query('UPDATE public.users SET public_name_key = $2 WHERE id = $1::uuid', [row.id, key]);
      }
    },
  },
];
