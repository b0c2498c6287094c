import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { DEFAULT_CLIENT_DIR } from './app/paths';
import { DEFAULT_ADMIN_PASSWORD, parseSettings, type LogLevel } from './config-schema';
import type { TrustProxy } from './http/trust-proxy';

export { ConfigError, DEFAULT_ADMIN_EMAIL, DEFAULT_ADMIN_PASSWORD, LOG_LEVELS, type LogLevel } from './config-schema';

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
  /** Memory for server-rendered pages, in bytes (docs/rendering.md); 0 renders every page request. */
  pageCacheBytes: number;
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
    /** Live (Socket.IO) connections open at once from one client address, in one API process. */
    socketsPerAddress: number;
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
  /** `npm start` only: whether it builds the client when stale (CLIENT_BUILD), and the folder it serves (CLIENT_DIR). */
  client: { build: boolean; dir: string };
  notes: string[];
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

/**
 * The settings (config-schema.ts, documented in .env.example) as the server uses them. Throws ConfigError naming
 * every bad setting, production's missing secrets included, so a typo stops the start instead of becoming a default.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const settings = parseSettings(env);
  const notes: string[] = [];
  const dataDir = path.resolve(settings.DATA_DIR);
  let sessionSecret = settings.SESSION_SECRET ?? '';
  if (!sessionSecret) {
    sessionSecret = generatedSecret(dataDir);
    notes.push(`SESSION_SECRET is not set: using a generated secret stored in ${path.join(dataDir, 'session-secret')}`);
  }
  if (settings.ADMIN_PASSWORD === DEFAULT_ADMIN_PASSWORD) notes.push(`Admin login (embedded default): ${settings.ADMIN_EMAIL} / ${DEFAULT_ADMIN_PASSWORD}`);

  return {
    port: settings.PORT,
    host: settings.HOST,
    databaseUrl: settings.DATABASE_URL ?? null,
    dataDir,
    eventStoreUrl: settings.EVENTSTORE_URL ?? null,
    typesenseUrl: settings.TYPESENSE_URL ?? null,
    typesenseApiKey: settings.TYPESENSE_API_KEY ?? null,
    sessionSecret,
    sessionMaxAgeMs: settings.SESSION_MAX_AGE_MS,
    viewFlushMs: settings.VIEW_FLUSH_MS,
    pageCacheBytes: settings.PAGE_CACHE_MB * 1024 * 1024,
    adminEmail: settings.ADMIN_EMAIL,
    adminPassword: settings.ADMIN_PASSWORD,
    publicOrigin: settings.PUBLIC_ORIGIN ?? `http://localhost:${settings.PORT}`,
    production: settings.NODE_ENV === 'production',
    trustProxy: settings.TRUST_PROXY ?? { kind: 'none' },
    importArchive: settings.IMPORT_ARCHIVE,
    rateLimits: {
      loginFailuresPerAddress: settings.RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS,
      loginPerAccount: settings.RATE_LIMIT_LOGIN_PER_ACCOUNT,
      loginPerIp: settings.RATE_LIMIT_LOGIN_PER_IP,
      registerPerIp: settings.RATE_LIMIT_REGISTER_PER_IP,
      writesPerUserPerMinute: settings.RATE_LIMIT_WRITES_PER_MINUTE,
      socketsPerAddress: settings.RATE_LIMIT_SOCKETS_PER_ADDRESS,
    },
    logLevel: settings.LOG_LEVEL,
    readyMaxLag: settings.READY_MAX_LAG,
    metricsToken: settings.METRICS_TOKEN ?? null,
    runProjections: settings.RUN_PROJECTIONS,
    workerPort: settings.WORKER_PORT,
    databaseTimeouts: {
      connectMs: settings.DB_CONNECT_TIMEOUT_MS,
      statementMs: settings.DB_STATEMENT_TIMEOUT_MS,
      idleInTransactionMs: settings.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
    client: { build: settings.CLIENT_BUILD === 'auto', dir: settings.CLIENT_DIR ? path.resolve(settings.CLIENT_DIR) : DEFAULT_CLIENT_DIR },
    notes,
  };
}
