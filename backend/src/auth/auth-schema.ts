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
];
