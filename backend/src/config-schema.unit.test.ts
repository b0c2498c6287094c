import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_ADMIN_PASSWORD, SETTING_NAMES, parseSettings, type SettingName, type Settings } from './config-schema';

/** What must be thrown for `env`: the one-line ConfigError message. */
const errorOf = (env: Record<string, string>): string => {
  try {
    parseSettings(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`${JSON.stringify(env)} was accepted`);
};

/** `also`: other settings the good value needs. */
type Case = { good: [string, unknown]; bad: [string, RegExp]; default: unknown; also?: Record<string, string> };

/** Per setting: a good value and what it becomes, a bad one and the message naming it, and the value when unset. */
const cases: Record<SettingName, Case> = {
  NODE_ENV: {
    also: { DATABASE_URL: 'postgres://m:p@db/m', SESSION_SECRET: 'x'.repeat(32), ADMIN_PASSWORD: 'not-the-default' },
    good: ['production', 'production'],
    bad: ['prod', /^NODE_ENV="prod" must be one of development, production, test$/],
    default: 'development',
  },
  PORT: { good: ['8080', 8080], bad: ['80a', /^PORT="80a" must be a whole number from 0 to 65535$/], default: 3000 },
  HOST: { good: ['127.0.0.1', '127.0.0.1'], bad: ['   ', /^HOST=" {3}" must not be blank$/], default: '0.0.0.0' },
  DATA_DIR: { good: ['/var/lib/mello', '/var/lib/mello'], bad: [' ', /^DATA_DIR=" " must not be blank$/], default: '.data' },
  DATABASE_URL: {
    good: ['postgresql://u:p@db/x', 'postgresql://u:p@db/x'],
    bad: ['mysql://u:p@db/x', /^DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/],
    default: undefined,
  },
  EVENTSTORE_URL: {
    good: ['esdb://es:2113?tls=false', 'esdb://es:2113?tls=false'],
    bad: ['http://es:2113', /^EVENTSTORE_URL must be a KurrentDB connection string starting kurrentdb:\/\/, kurrent:\/\/, kdb:\/\/, esdb:\/\//],
    default: undefined,
  },
  TYPESENSE_URL: {
    also: { TYPESENSE_API_KEY: 'k' },
    good: ['https://ts.example:8108', 'https://ts.example:8108'],
    bad: ['ts:8108', /^TYPESENSE_URL="ts:8108" must be a http:\/\/ or https:\/\/ URL/],
    default: undefined,
  },
  TYPESENSE_API_KEY: { good: ['k3y', 'k3y'], bad: [' ', /^TYPESENSE_API_KEY must not be blank$/], default: undefined },
  SESSION_SECRET: { good: ['s'.repeat(40), 's'.repeat(40)], bad: [' ', /^SESSION_SECRET must not be blank$/], default: undefined },
  SESSION_MAX_AGE_MS: { good: ['60000', 60_000], bad: ['-1', /^SESSION_MAX_AGE_MS="-1" must be a whole number of at least 1$/], default: 1_209_600_000 },
  VIEW_FLUSH_MS: { good: ['250', 250], bad: ['0', /^VIEW_FLUSH_MS="0" must be a whole number of at least 1$/], default: 5000 },
  PAGE_CACHE_MB: { good: ['0', 0], bad: ['-1', /^PAGE_CACHE_MB="-1" must be a whole number/], default: 64 },
  ADMIN_EMAIL: {
    good: [' Boss@Mello.SE ', 'boss@mello.se'],
    bad: ['boss', /^ADMIN_EMAIL="boss" must be an e-mail address$/],
    default: 'admin@melloarkivet.local',
  },
  ADMIN_PASSWORD: { good: ['a-long-password', 'a-long-password'], bad: [' ', /^ADMIN_PASSWORD must not be blank$/], default: DEFAULT_ADMIN_PASSWORD },
  PUBLIC_ORIGIN: {
    good: ['https://Melloarkivet.se/', 'https://melloarkivet.se'],
    bad: ['https://melloarkivet.se/forum', /^PUBLIC_ORIGIN="https:\/\/melloarkivet.se\/forum" must be an origin/],
    default: undefined,
  },
  TRUST_PROXY: {
    good: ['2', { kind: 'hops', hops: 2 }],
    bad: ['10.0.0.0/99', /^TRUST_PROXY="10.0.0.0\/99" must be a number of proxies, or addresses and CIDR ranges/],
    default: undefined,
  },
  IMPORT_ARCHIVE: { good: ['FALSE', false], bad: ['no', /^IMPORT_ARCHIVE="no" must be true or false$/], default: true },
  RUN_PROJECTIONS: { good: ['false', false], bad: ['0', /^RUN_PROJECTIONS="0" must be true or false$/], default: true },
  RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS: {
    good: ['3', 3],
    bad: ['0', /^RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS="0" must be a whole number of at least 1$/],
    default: 5,
  },
  RATE_LIMIT_LOGIN_PER_ACCOUNT: { good: ['8', 8], bad: ['8.5', /^RATE_LIMIT_LOGIN_PER_ACCOUNT="8.5" must be a whole number/], default: 20 },
  RATE_LIMIT_LOGIN_PER_IP: { good: ['10000', 10_000], bad: ['lots', /^RATE_LIMIT_LOGIN_PER_IP="lots" must be a whole number/], default: 30 },
  RATE_LIMIT_REGISTER_PER_IP: { good: ['6', 6], bad: ['1e3', /^RATE_LIMIT_REGISTER_PER_IP="1e3" must be a whole number/], default: 20 },
  RATE_LIMIT_WRITES_PER_MINUTE: { good: ['3', 3], bad: ['0x10', /^RATE_LIMIT_WRITES_PER_MINUTE="0x10" must be a whole number/], default: 120 },
  RATE_LIMIT_SOCKETS_PER_ADDRESS: { good: ['7', 7], bad: ['0', /^RATE_LIMIT_SOCKETS_PER_ADDRESS="0" must be/], default: 50 },
  LOG_LEVEL: {
    good: ['silent', 'silent'],
    bad: ['verbose', /^LOG_LEVEL="verbose" must be one of fatal, error, warn, info, debug, trace, silent$/],
    default: 'info',
  },
  READY_MAX_LAG: { good: ['0', 0], bad: ['-5', /^READY_MAX_LAG="-5" must be a whole number of at least 0$/], default: 1000 },
  METRICS_TOKEN: { good: ['t0k3n', 't0k3n'], bad: [' ', /^METRICS_TOKEN must not be blank$/], default: undefined },
  WORKER_PORT: { good: ['0', 0], bad: ['70000', /^WORKER_PORT="70000" must be a whole number from 0 to 65535$/], default: 3001 },
  DB_CONNECT_TIMEOUT_MS: { good: ['1000', 1000], bad: ['2s', /^DB_CONNECT_TIMEOUT_MS="2s" must be a whole number of at least 1$/], default: 2000 },
  DB_STATEMENT_TIMEOUT_MS: { good: ['1000', 1000], bad: ['0', /^DB_STATEMENT_TIMEOUT_MS="0" must be a whole number of at least 1$/], default: 5000 },
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: { good: ['1', 1], bad: ['', /never/], default: 60_000 },
  CLIENT_BUILD: { good: ['skip', 'skip'], bad: ['never', /^CLIENT_BUILD="never" must be auto or skip$/], default: 'auto' },
  CLIENT_DIR: { good: ['/tmp/client', '/tmp/client'], bad: [' ', /^CLIENT_DIR=" " must not be blank$/], default: undefined },
};
// An empty value is "unset" for every setting (compose writes NAME=), so it cannot be a bad value.
cases.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS.bad = ['1.5', /^DB_IDLE_IN_TRANSACTION_TIMEOUT_MS="1.5" must be a whole number of at least 1$/];

const PREFIX = 'Invalid settings (see .env.example): ';

describe('the settings schema', () => {
  it('has a case here for every setting it reads', () => {
    expect(Object.keys(cases).sort()).toEqual([...SETTING_NAMES].sort());
  });

  describe.each(SETTING_NAMES)('%s', (name) => {
    const { good, bad, default: fallback, also } = cases[name];

    it('reads a good value', () => {
      const value = parseSettings({ ...also, [name]: good[0] })[name];
      if (name === 'TRUST_PROXY') expect(value).toMatchObject(good[1] as object);
      else expect(value).toEqual(good[1]);
    });

    it('refuses a bad value with one line naming the setting and what is wrong', () => {
      const message = errorOf({ [name]: bad[0] });
      expect(message.startsWith(PREFIX)).toBe(true);
      expect(message).not.toContain('\n');
      expect(message.slice(PREFIX.length)).toMatch(bad[1]);
    });

    it('has its default when unset or empty', () => {
      expect(parseSettings({})[name]).toEqual(fallback);
      expect(parseSettings({ [name]: '' })[name]).toEqual(fallback);
    });
  });
});

describe('rules between settings', () => {
  const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://m:p@db/m', SESSION_SECRET: 'x'.repeat(32), ADMIN_PASSWORD: 'not-the-default' };

  it('production starts with its secrets set', () => {
    const settings: Settings = parseSettings(production);
    expect(settings.NODE_ENV).toBe('production');
  });

  it('production names every missing secret in one line, without repeating a secret', () => {
    const message = errorOf({ NODE_ENV: 'production', SESSION_SECRET: 'short-secret' });
    expect(message).toBe(
      `${PREFIX}DATABASE_URL is required in production; ` +
        'SESSION_SECRET must be at least 32 characters in production; ' +
        'ADMIN_PASSWORD is required in production and must not be the documented default',
    );
    expect(message).not.toContain('short-secret');
    expect(errorOf({ ...production, SESSION_SECRET: '' })).toBe(`${PREFIX}SESSION_SECRET is required in production`);
  });

  it('production refuses the documented admin password', () => {
    expect(errorOf({ ...production, ADMIN_PASSWORD: DEFAULT_ADMIN_PASSWORD })).toBe(
      `${PREFIX}ADMIN_PASSWORD is required in production and must not be the documented default`,
    );
  });

  it('TYPESENSE_URL needs TYPESENSE_API_KEY', () => {
    expect(errorOf({ TYPESENSE_URL: 'http://ts:8108' })).toBe(`${PREFIX}TYPESENSE_API_KEY is required when TYPESENSE_URL is set`);
    expect(parseSettings({ TYPESENSE_URL: 'http://ts:8108', TYPESENSE_API_KEY: 'k' }).TYPESENSE_URL).toBe('http://ts:8108');
  });

  it('names every bad setting at once, and ignores variables that are not settings', () => {
    expect(errorOf({ PORT: 'x', LOG_LEVEL: 'loud', PATH: '/bin', npm_config_foo: 'bar' })).toBe(
      `${PREFIX}PORT="x" must be a whole number from 0 to 65535; LOG_LEVEL="loud" must be one of fatal, error, warn, info, debug, trace, silent`,
    );
  });

  it('names a bad value and a broken rule between settings together', () => {
    expect(errorOf({ PORT: 'x', NODE_ENV: 'production', DATABASE_URL: 'postgres://m:p@db/m', ADMIN_PASSWORD: 'not-the-default' })).toBe(
      `${PREFIX}PORT="x" must be a whole number from 0 to 65535; SESSION_SECRET is required in production`,
    );
  });

  it('quotes a bad value on one line, shortened', () => {
    const message = errorOf({ LOG_LEVEL: 'a\nb', PORT: '9'.repeat(100) });
    expect(message).not.toContain('\n');
    expect(message).toContain('LOG_LEVEL="a\\nb"');
    expect(message).toContain('PORT="' + '9'.repeat(57) + '..."');
  });
});
