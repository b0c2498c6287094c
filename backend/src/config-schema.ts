import { z } from 'zod';
import { EVENT_STORE_URL_SCHEMES, isEventStoreUrl } from './event-store/kurrentdb/connection-string';
import { parseTrustProxy } from './http/trust-proxy';

/**
 * Every setting the server reads from its environment, one zod schema each: the only place a setting's name, its
 * accepted values and its default are written. Settings are strings in the environment; each field turns one into
 * its typed value and says in a short phrase what is wrong otherwise. A default is the string a setting would have
 * in .env.example (env-example.unit.test.ts checks that file against these, both ways).
 */

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const NODE_ENVS = ['development', 'production', 'test'] as const;
export const DEFAULT_ADMIN_EMAIL = 'admin@melloarkivet.local';
export const DEFAULT_ADMIN_PASSWORD = 'mello-admin-2026';
export const MIN_SESSION_SECRET_LENGTH = 32;

/** A whole number of at least `min` (and at most `max`), written in digits only. */
const wholeNumber = (min: number, max = Number.MAX_SAFE_INTEGER) => {
  const range = max === Number.MAX_SAFE_INTEGER ? `of at least ${min}` : `from ${min} to ${max}`;
  return z.string().transform((value, ctx) => {
    const n = /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
    if (n >= min && n <= max) return n;
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: `must be a whole number ${range}` });
    return z.NEVER;
  });
};

const port = wholeNumber(0, 65535);
const milliseconds = wholeNumber(1);
const perPeriod = wholeNumber(1);

const flag = z
  .string()
  .trim()
  .toLowerCase()
  .refine((value) => value === 'true' || value === 'false', 'must be true or false')
  .transform((value) => value === 'true');

/**
 * A trimmed string that passes `test`. One check with one message: zod 3 runs chained refinements even after one
 * failed, which would report a blank URL twice.
 */
const checked = (test: (value: string) => boolean, message: string) =>
  z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      if (value === '') ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'must not be blank' });
      else if (!test(value)) ctx.addIssue({ code: z.ZodIssueCode.custom, message });
    });

const text = checked(() => true, '');

const parsesAsUrl = (value: string): URL | null => {
  try {
    return new URL(value);
  } catch {
    return null;
  }
};

/** A URL whose scheme is one of `schemes` (without the colon). */
const urlOf = (schemes: readonly string[], example: string) =>
  checked(
    (value) => schemes.includes(parsesAsUrl(value)?.protocol.slice(0, -1) ?? ''),
    `must be a ${schemes.map((scheme) => `${scheme}://`).join(' or ')} URL such as ${example}`,
  );

/**
 * Scheme, host and port only (a trailing slash is dropped): the form browsers send in Origin, which the CSRF check
 * compares with, and the start of every canonical link.
 */
const origin = checked((value) => {
  const url = parsesAsUrl(value);
  return url !== null && (url.protocol === 'http:' || url.protocol === 'https:') && `${url.origin}/` === url.href;
}, 'must be an origin such as https://melloarkivet.se: http(s), host and optional port, no path, query or credentials').transform(
  (value) => new URL(value).origin,
);

const trustProxy = z.string().transform((value, ctx) => {
  try {
    return parseTrustProxy(value);
  } catch {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'must be a number of proxies, or addresses and CIDR ranges such as 10.0.0.5,172.16.0.0/12,loopback' });
    return z.NEVER;
  }
});

export const settingsShape = {
  NODE_ENV: z.enum(NODE_ENVS, { errorMap: () => ({ message: `must be one of ${NODE_ENVS.join(', ')}` }) }).default('development'),
  PORT: port.default('3000'),
  HOST: text.default('0.0.0.0'),
  DATA_DIR: text.default('.data'),
  DATABASE_URL: urlOf(['postgres', 'postgresql'], 'postgres://mello:secret@localhost:5432/melloarkivet').optional(),
  EVENTSTORE_URL: checked(
    isEventStoreUrl,
    `must be a KurrentDB connection string starting ${EVENT_STORE_URL_SCHEMES.map((scheme) => `${scheme}://`).join(', ')} (e.g. kurrentdb://localhost:2113?tls=false)`,
  ).optional(),
  TYPESENSE_URL: urlOf(['http', 'https'], 'http://localhost:8108').optional(),
  TYPESENSE_API_KEY: text.optional(),
  SESSION_SECRET: text.optional(),
  SESSION_MAX_AGE_MS: milliseconds.default(String(14 * 24 * 60 * 60 * 1000)),
  VIEW_FLUSH_MS: milliseconds.default('5000'),
  PAGE_CACHE_MB: wholeNumber(0).default('64'),
  ADMIN_EMAIL: z.string().trim().toLowerCase().email('must be an e-mail address').default(DEFAULT_ADMIN_EMAIL),
  ADMIN_PASSWORD: text.default(DEFAULT_ADMIN_PASSWORD),
  PUBLIC_ORIGIN: origin.optional(),
  TRUST_PROXY: trustProxy.optional(),
  IMPORT_ARCHIVE: flag.default('true'),
  RUN_PROJECTIONS: flag.default('true'),
  RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS: perPeriod.default('5'),
  RATE_LIMIT_LOGIN_PER_ACCOUNT: perPeriod.default('20'),
  RATE_LIMIT_LOGIN_PER_IP: perPeriod.default('30'),
  RATE_LIMIT_REGISTER_PER_IP: perPeriod.default('20'),
  RATE_LIMIT_WRITES_PER_MINUTE: perPeriod.default('120'),
  RATE_LIMIT_SOCKETS_PER_ADDRESS: perPeriod.default('50'),
  LOG_LEVEL: z.enum(LOG_LEVELS, { errorMap: () => ({ message: `must be one of ${LOG_LEVELS.join(', ')}` }) }).default('info'),
  READY_MAX_LAG: wholeNumber(0).default('1000'),
  METRICS_TOKEN: text.optional(),
  WORKER_PORT: port.default('3001'),
  DB_CONNECT_TIMEOUT_MS: milliseconds.default('2000'),
  DB_STATEMENT_TIMEOUT_MS: milliseconds.default('5000'),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: milliseconds.default('60000'),
  CLIENT_BUILD: z.enum(['auto', 'skip'], { errorMap: () => ({ message: 'must be auto or skip' }) }).default('auto'),
  CLIENT_DIR: text.optional(),
};

export type SettingName = keyof typeof settingsShape;
export const SETTING_NAMES = Object.keys(settingsShape) as SettingName[];

/** Values never repeated in an error message (a URL may carry a password). */
const SECRET_SETTINGS: ReadonlySet<string> = new Set<SettingName>([
  'SESSION_SECRET',
  'ADMIN_PASSWORD',
  'TYPESENSE_API_KEY',
  'METRICS_TOKEN',
  'DATABASE_URL',
  'EVENTSTORE_URL',
]);

const fieldsSchema = z.object(settingsShape);
export type Settings = z.output<typeof fieldsSchema>;
type Problem = { setting: SettingName; problem: string };

/**
 * Rules between settings: production's secrets, and Typesense's key. Given the settings that parsed (all of them,
 * or the good ones when some are bad, so one report names everything).
 */
function crossSettingProblems(settings: Partial<Settings>): Problem[] {
  const problems: Problem[] = [];
  const problem = (setting: SettingName, message: string) => problems.push({ setting, problem: message });
  if (settings.TYPESENSE_URL && !settings.TYPESENSE_API_KEY) problem('TYPESENSE_API_KEY', 'is required when TYPESENSE_URL is set');
  if (settings.NODE_ENV !== 'production') return problems;
  for (const name of ['SESSION_SECRET', 'DATABASE_URL'] as const) if (!settings[name]) problem(name, 'is required in production');
  if (settings.SESSION_SECRET && settings.SESSION_SECRET.length < MIN_SESSION_SECRET_LENGTH) {
    problem('SESSION_SECRET', `must be at least ${MIN_SESSION_SECRET_LENGTH} characters in production`);
  }
  if (settings.ADMIN_PASSWORD === DEFAULT_ADMIN_PASSWORD) problem('ADMIN_PASSWORD', 'is required in production and must not be the documented default');
  return problems;
}

/** The one schema of the settings: each field, then the rules between them. */
export const settingsSchema = fieldsSchema.superRefine((settings, ctx) => {
  for (const { setting, problem } of crossSettingProblems(settings)) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [setting], message: problem });
});

/** A setting that stops the start: `message` is one line naming each bad setting and what is wrong with it. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly problems: Array<{ setting: string; problem: string }>) {
    super(`Invalid settings (see .env.example): ${problems.map(({ setting, problem }) => `${setting} ${problem}`).join('; ')}`);
  }
}

/** How a bad value is quoted: JSON (so it stays on one line), shortened, and never for a secret. */
const quoted = (setting: string, value: string | undefined): string => {
  if (value === undefined || SECRET_SETTINGS.has(setting)) return '';
  const shown = value.length > 60 ? `${value.slice(0, 57)}...` : value;
  return `=${JSON.stringify(shown)}`;
};

/**
 * The settings in `env`, typed; throws ConfigError naming every bad one. An empty value counts as unset (compose
 * files and test harnesses write `NAME=` for "not set"). Variables that are not settings are ignored.
 */
export function parseSettings(env: Record<string, string | undefined>): Settings {
  const present: Partial<Record<SettingName, string>> = Object.fromEntries(
    SETTING_NAMES.flatMap((name) => (env[name] === undefined || env[name] === '' ? [] : [[name, env[name]]])),
  );
  const parsed = settingsSchema.safeParse(present);
  if (parsed.success) return parsed.data;
  const problems: Problem[] = parsed.error.issues.map((issue) => ({ setting: issue.path[0] as SettingName, problem: issue.message }));
  // zod skips the rules between settings while a field is bad: apply them to the good ones, so one report names all
  // (a setting already reported is not reported twice).
  const reported = new Set(problems.map(({ setting }) => setting));
  const good = Object.fromEntries(
    SETTING_NAMES.flatMap((name) => {
      const field = settingsShape[name].safeParse(present[name]);
      return field.success ? [[name, field.data]] : [];
    }),
  );
  problems.push(...crossSettingProblems(good).filter(({ setting }) => !reported.has(setting)));
  throw new ConfigError(problems.map(({ setting, problem }) => ({ setting: `${setting}${quoted(setting, present[setting])}`, problem })));
}
