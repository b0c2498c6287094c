import type { Migration } from '../db/migrate';

/**
 * Idempotency keys of create requests (idempotency.ts): a plain table, never events (a key is a transport
 * detail, not a fact of the domain). One row per (user, key): `pending` while the first request runs (`token`
 * names that attempt), `done` with its answer afterwards; rows past `expires_at` count as absent and are swept.
 */
export const idempotencyMigrations: Migration[] = [
  {
    id: 'http-001-idempotency-keys',
    sql: `
      CREATE TABLE public.idempotency_keys (
        user_id      text NOT NULL,
        key          text NOT NULL,
        fingerprint  text NOT NULL,
        token        uuid NOT NULL,
        state        text NOT NULL CHECK (state IN ('pending', 'done')),
        status       integer,
        body         text,
        reserved_at  timestamptz NOT NULL DEFAULT now(),
        expires_at   timestamptz NOT NULL,
        PRIMARY KEY (user_id, key)
      );
      CREATE INDEX idempotency_keys_expires_at ON public.idempotency_keys (expires_at);
    `,
  },
];
