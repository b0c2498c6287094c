import type { Migration } from '../db/migrate';

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
  {
    // rate-limiter-flexible's table (auth/rate-limit.ts), created here rather than by the library at start-up, so
    // processes starting together do not race to create it. Keys are hashes; expire is epoch milliseconds.
    id: 'auth-002-rate-limits',
    sql: `
      CREATE TABLE public.rate_limits (
        key    varchar(255) PRIMARY KEY,
        points integer NOT NULL DEFAULT 0,
        expire bigint
      );
      CREATE INDEX rate_limits_expire ON public.rate_limits (expire);
    `,
  },
];
