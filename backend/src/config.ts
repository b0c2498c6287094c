import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { parseTrustProxy, type TrustProxy } from './http/trust-proxy';

export type Config = {
  port: number;
  host: string;
  databaseUrl: string | null;
  /** Folder of the embedded default's data (PostgreSQL, generated secrets). */
  dataDir: string;
  eventStoreUrl: string | null;
  typesenseUrl: string | null;
  typesenseApiKey: string | null;
  sessionSecret: string;
  sessionMaxAgeMs: number;
  /** How often buffered forum view counts are written to the log (docs/forum.md). */
  viewFlushMs: number;
  adminEmail: string;
  adminPassword: string;
  publicOrigin: string;
  production: boolean;
  /** Which proxies' X-Forwarded-* headers are believed (TRUST_PROXY, http/trust-proxy.ts); none by default. */
  trustProxy: TrustProxy;
  importArchive: boolean;
  /** docs/accounts.md, "Rate limits". */
  rateLimits: {
    /** Failed sign-ins from one address to one account before each further failure makes it wait (1 s, 2 s, 4 s …). */
    loginFailuresPerAddress: number;
    /** Failed sign-ins to one account (from anywhere, 15 min) after which every failure makes its address wait. */
    loginPerAccount: number;
    loginPerIp: number;
    registerPerIp: number;
    writesPerUserPerMinute: number;
  };
  /** pino level of the JSON logs (docs/operations.md, "Signals"). */
  logLevel: LogLevel;
  /** /readyz fails when a projection is more events than this behind the head of the log. */
  readyMaxLag: number;
  /** When set, GET /metrics asks for `Authorization: Bearer <token>`. */
  metricsToken: string | null;
  /** false: this process serves HTTP and Socket.IO only, and a separate worker (`npm run worker`) runs the projections. */
  runProjections: boolean;
  /** Port of the projections worker's health server. */
  workerPort: number;
  /**
   * Limits of the pools that serve requests (docs/operations.md): a database that is away or hangs answers 503
   * after about these, instead of holding requests for as long as it hangs. Migrations and rebuilds go without.
   */
  databaseTimeouts: { connectMs: number; statementMs: number; idleInTransactionMs: number };
  notes: string[];
};

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const DEFAULT_ADMIN_EMAIL = 'admin@melloarkivet.local';
export const DEFAULT_ADMIN_PASSWORD = 'mello-admin-2026';

const int = (value: string | undefined, fallback: number) => {
  const parsed = Number.parseInt(value ?? '', 10);
  return Number.isFinite(parsed) ? parsed : fallback;
};

/** A generated secret kept in the data folder, so sessions survive a restart of the embedded default. */
function generatedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Reads the settings named in .env.example; production refuses to start without its secrets. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const notes: string[] = [];
  const production = env.NODE_ENV === 'production';
  const port = int(env.PORT, 3000);
  const dataDir = path.resolve(env.DATA_DIR ?? '.data');
  const adminEmail = (env.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL).trim().toLowerCase();
  const adminPassword = env.ADMIN_PASSWORD ?? DEFAULT_ADMIN_PASSWORD;

  if (production) {
    const missing = ['SESSION_SECRET', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'DATABASE_URL'].filter((name) => !env[name]);
    if (missing.length) throw new Error(`Production needs these settings: ${missing.join(', ')} (see .env.example)`);
    if (adminPassword === DEFAULT_ADMIN_PASSWORD) throw new Error('ADMIN_PASSWORD must not be the documented default in production');
    if ((env.SESSION_SECRET ?? '').length < 32) throw new Error('SESSION_SECRET must be at least 32 characters');
  }
  let sessionSecret = env.SESSION_SECRET ?? '';
  if (!sessionSecret) {
    sessionSecret = generatedSecret(dataDir);
    notes.push(`SESSION_SECRET is not set: using a generated secret stored in ${path.join(dataDir, 'session-secret')}`);
  }
  if (!env.ADMIN_PASSWORD) notes.push(`Admin login (embedded default): ${adminEmail} / ${DEFAULT_ADMIN_PASSWORD}`);
  const logLevel = (LOG_LEVELS as readonly string[]).includes(env.LOG_LEVEL ?? '') ? (env.LOG_LEVEL as LogLevel) : 'info';
  if (env.LOG_LEVEL && logLevel !== env.LOG_LEVEL) notes.push(`LOG_LEVEL=${env.LOG_LEVEL} is not one of ${LOG_LEVELS.join(', ')}: using info`);

  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || null,
    dataDir,
    eventStoreUrl: env.EVENTSTORE_URL || null,
    typesenseUrl: env.TYPESENSE_URL || null,
    typesenseApiKey: env.TYPESENSE_API_KEY || null,
    sessionSecret,
    sessionMaxAgeMs: int(env.SESSION_MAX_AGE_MS, 14 * 24 * 60 * 60 * 1000),
    viewFlushMs: int(env.VIEW_FLUSH_MS, 5000),
    adminEmail,
    adminPassword,
    publicOrigin: env.PUBLIC_ORIGIN || `http://localhost:${port}`,
    production,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    importArchive: env.IMPORT_ARCHIVE !== 'false',
    rateLimits: {
      loginFailuresPerAddress: int(env.RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS, 5),
      loginPerAccount: int(env.RATE_LIMIT_LOGIN_PER_ACCOUNT, 20),
      loginPerIp: int(env.RATE_LIMIT_LOGIN_PER_IP, 30),
      registerPerIp: int(env.RATE_LIMIT_REGISTER_PER_IP, 20),
      writesPerUserPerMinute: int(env.RATE_LIMIT_WRITES_PER_MINUTE, 120),
    },
    logLevel,
    readyMaxLag: Math.max(0, int(env.READY_MAX_LAG, 1000)),
    metricsToken: env.METRICS_TOKEN || null,
    runProjections: env.RUN_PROJECTIONS !== 'false',
    workerPort: int(env.WORKER_PORT, 3001),
    databaseTimeouts: {
      connectMs: Math.max(1, int(env.DB_CONNECT_TIMEOUT_MS, 2000)),
      statementMs: Math.max(1, int(env.DB_STATEMENT_TIMEOUT_MS, 5000)),
      idleInTransactionMs: Math.max(1, int(env.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS, 60_000)),
    },
    notes,
  };
}
