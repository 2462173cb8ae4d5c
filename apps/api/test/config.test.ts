import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { API_ROOT, listenOptions, loadConfig, REPO_ROOT, resolveEnvironment } from '../src/config';
import { renderEnvExample } from '../src/settings/env-example';
import { describedSettings } from '../src/settings/schema';

const secrets = {
  JWT_SECRET: 's'.repeat(40),
  ENCRYPTION_KEY: randomBytes(32).toString('hex'),
};
const deployed = { ...secrets, SMTP_URL: 'smtp://mail.example.com:25' };

describe('.env.example', () => {
  const file = readFileSync(join(REPO_ROOT, '.env.example'), 'utf8');

  it('is what the settings schema writes (run `pnpm --filter @prospecta/api env:example` after changing a setting)', () => {
    expect(file).toBe(renderEnvExample());
  });

  it('names every setting with one line of meaning, and its defaults are what an unset variable gives', () => {
    const names = describedSettings().map(({ name }) => name);
    for (const name of names) expect(file).toMatch(new RegExp(`^#${name}=`, 'm'));
    // Uncommenting every line changes nothing: each written default parses to the default itself.
    const uncommented = parseEnv(file.replace(/^#([A-Z][A-Z0-9_]*=)/gm, '$1'));
    expect(Object.keys(uncommented).sort()).toEqual([...names].sort());
    const env = { ...secrets, DEV_SECRETS_FILE: '/dev/null/unused' };
    expect(loadConfig({ ...uncommented, ...env })).toEqual(loadConfig(env));
  });

  it('covers every variable the server source reads', () => {
    const known = new Set<string>(describedSettings().map(({ name }) => name));
    const read = new Set<string>();
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir)) {
        const path = join(dir, entry);
        if (statSync(path).isDirectory()) walk(path);
        else if (path.endsWith('.ts'))
          for (const match of readFileSync(path, 'utf8').matchAll(
            /\b(?:process\.env|env)(?:\.([A-Z][A-Z0-9_]+)|\[['"`]([A-Z][A-Z0-9_]+)['"`]\])/g,
          ))
            read.add((match[1] ?? match[2]) as string);
      }
    };
    walk(join(API_ROOT, 'src'));
    expect([...read].filter((name) => !known.has(name))).toEqual([]);
  });
});

describe('the environment', () => {
  it('is production when NODE_ENV=production and APP_ENV is unset, with everything production requires', () => {
    expect(resolveEnvironment({ NODE_ENV: 'production' })).toBe('production');
    expect(resolveEnvironment({ NODE_ENV: 'production', CI: 'true' })).toBe('production');
    expect(resolveEnvironment({ NODE_ENV: 'production', APP_ENV: 'development' })).toBe(
      'development',
    );
    expect(resolveEnvironment({ NODE_ENV: 'test', CI: '1' })).toBe('ci');
    expect(resolveEnvironment({ NODE_ENV: 'development' })).toBe('development');

    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      'SMTP_URL, JWT_SECRET, ENCRYPTION_KEY are required when NODE_ENV=production (APP_ENV unset)',
    );
    expect(() => loadConfig({ ...deployed, NODE_ENV: 'production', DEV_OUTBOX: 'true' })).toThrow(
      'DEV_OUTBOX=true is only allowed when APP_ENV is development or ci (got "production")',
    );
    const config = loadConfig({ ...deployed, NODE_ENV: 'production' });
    expect(config).toMatchObject({
      environment: 'production',
      devOutbox: false,
      responseValidation: 'off',
      mailWatchIntervalSeconds: 60,
    });
    expect(listenOptions({ NODE_ENV: 'production' }).host).toBe('0.0.0.0');
  });
});

describe('configuration errors', () => {
  const env = { ...secrets, APP_ENV: 'ci' };

  it('name every wrong variable at once, with what it expects and what it was given', () => {
    let message = '';
    try {
      loadConfig({
        ...env,
        PORT: 'eighty',
        ACCESS_TOKEN_TTL: 'soon',
        TRUST_PROXY: 'maybe',
        LOG_LEVEL: 'loud',
        THIRD_PARTY_ORIGINS: 'http://widget.example.com',
      });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message.split('\n').sort()).toEqual(
      [
        'PORT must be an integer ≥ 1 (got "eighty")',
        'ACCESS_TOKEN_TTL must be a duration such as 900, 900s, 15m, 1h or 30d (got "soon")',
        'TRUST_PROXY must be true or false (got "maybe")',
        'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
        'THIRD_PARTY_ORIGINS must list https origins such as https://widget.example.com, separated by commas (got "http://widget.example.com")',
      ].sort(),
    );
  });

  it('never repeat a secret', () => {
    const key = 'not-a-key-but-a-secret-all-the-same';
    expect(() => loadConfig({ ...env, ENCRYPTION_KEY: key })).toThrow(
      'ENCRYPTION_KEY must be 32 bytes (64 hex characters or base64)',
    );
    expect(() => loadConfig({ ...env, ENCRYPTION_KEY: key })).not.toThrow(key);
    expect(() => loadConfig({ ...env, JWT_SECRET: 'short-secret' })).toThrow(
      /^JWT_SECRET must be at least 32 characters$/,
    );
  });

  it('treat an empty variable as unset, except a list that may be empty', () => {
    const config = loadConfig({ ...env, PORT: '', ACCESS_TOKEN_TTL: ' ', THIRD_PARTY_ORIGINS: '' });
    expect(config.accessTokenTtl).toBe(900);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.thirdPartyOrigins).toEqual([]);
  });

  it('send campaigns in development only while the mails go to the local catcher, never in CI unless asked', () => {
    const dev = { ...env, APP_ENV: 'development' };
    expect(loadConfig(dev).sendingEngine).toBe(true);
    expect(loadConfig({ ...dev, MAIL_CATCHER: 'false' }).sendingEngine).toBe(false);
    expect(loadConfig(env).sendingEngine).toBe(false);
    expect(loadConfig({ ...env, SENDING_ENGINE: 'true' }).sendingEngine).toBe(true);
  });

  it('shorten the engine’s days for tests only: in development and CI, refused where real mail is sent', () => {
    expect(loadConfig(env).sendingTestDay).toBeUndefined();
    expect(loadConfig({ ...env, SENDING_TEST_DAY: '15' }).sendingTestDay).toEqual({
      daySeconds: 15,
    });
    expect(() =>
      loadConfig({ ...deployed, NODE_ENV: 'production', SENDING_TEST_DAY: '15' }),
    ).toThrow(/SENDING_TEST_DAY is only allowed when APP_ENV is development or ci/);
  });

  it('accept 0 to turn the mailbox watch off, and the log settings', () => {
    expect(loadConfig({ ...env, MAIL_WATCH_INTERVAL: '0' }).mailWatchIntervalSeconds).toBe(0);
    expect(loadConfig({ ...env, MAIL_WATCH_INTERVAL: '2m' }).mailWatchIntervalSeconds).toBe(120);
    // IDLE connections: 100 per instance unless set; 0 leaves every mailbox to the poll.
    expect(loadConfig(env).mailIdle).toEqual({ maxConnections: 100, leaseSeconds: 30 });
    expect(loadConfig({ ...env, MAIL_IDLE_CONNECTIONS: '0' }).mailIdle?.maxConnections).toBe(0);
    expect(() => loadConfig({ ...env, MAIL_IDLE_CONNECTIONS: '-1' })).toThrow(
      'MAIL_IDLE_CONNECTIONS',
    );
    expect(loadConfig({ ...env, LOG_LEVEL: 'warn', LOG_FORMAT: 'json' }).log).toEqual({
      level: 'warn',
      format: 'json',
    });
    expect(() => loadConfig({ ...env, LOG_FORMAT: 'xml' })).toThrow(
      'LOG_FORMAT must be json or pretty (got "xml")',
    );
  });

  it('read the job settings: workers on this instance, the look for due jobs, the wait at shutdown', () => {
    expect(loadConfig(env).jobs).toMatchObject({
      worker: true,
      pollIntervalSeconds: 2,
      shutdownTimeoutSeconds: 20,
    });
    expect(
      loadConfig({
        ...env,
        JOBS_WORKER: 'false',
        JOBS_POLL_INTERVAL: '0.5',
        JOBS_SHUTDOWN_TIMEOUT: '1m',
      }).jobs,
    ).toMatchObject({ worker: false, pollIntervalSeconds: 0.5, shutdownTimeoutSeconds: 60 });
    expect(() => loadConfig({ ...env, JOBS_POLL_INTERVAL: '0.1' })).toThrow(
      'JOBS_POLL_INTERVAL must be a number of seconds ≥ 0.5 such as 2 or 0.5 (got "0.1")',
    );
    expect(() => loadConfig({ ...env, JOBS_WORKER: 'maybe' })).toThrow(/^JOBS_WORKER must be/);
  });
});
