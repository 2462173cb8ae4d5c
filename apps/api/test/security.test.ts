import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  needsRehash,
  OWASP_SCRYPT_PARAMS,
  hashPassword,
  parseHash,
  verifyPassword,
} from '../src/security/password';
import { SecretBox } from '../src/security/secret-box';
import { compareVersions } from '../src/http/app-version';
import { listenOptions, loadConfig } from '../src/config';
import { TEST_SCRYPT } from './helpers';

describe('password hashing', () => {
  it('uses the OWASP scrypt parameters in production (N=2^17, r=8, p=1)', async () => {
    expect(OWASP_SCRYPT_PARAMS).toMatchObject({ N: 131072, r: 8, p: 1 });
    const config = loadConfig({
      APP_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      SMTP_URL: 'smtp://mail.example.com:25',
    });
    expect(config.scrypt).toBe(OWASP_SCRYPT_PARAMS);
    const hash = await hashPassword('correct horse battery staple');
    expect(parseHash(hash)).toMatchObject({ N: 131072, r: 8, p: 1, keyLength: 64 });
    expect(await verifyPassword('correct horse battery staple', hash)).toBe(true);
    expect(await verifyPassword('correct horse battery stapl', hash)).toBe(false);
  });

  it('salts every hash and verifies with the parameters stored in it', async () => {
    const a = await hashPassword('secret-password', TEST_SCRYPT);
    const b = await hashPassword('secret-password', TEST_SCRYPT);
    expect(a).not.toBe(b);
    expect(await verifyPassword('secret-password', a)).toBe(true);
    expect(needsRehash(a, OWASP_SCRYPT_PARAMS)).toBe(true);
    expect(needsRehash(a, TEST_SCRYPT)).toBe(false);
    expect(await verifyPassword('secret-password', 'not-a-hash')).toBe(false);
  });

  it('keeps the event loop free while hashing', async () => {
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 1);
    await Promise.all([
      hashPassword('a-password', { ...TEST_SCRYPT, N: 16384 }),
      hashPassword('b-password', { ...TEST_SCRYPT, N: 16384 }),
    ]);
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(0);
  });
});

describe('secret box (AES-256-GCM)', () => {
  const box = new SecretBox(randomBytes(32));
  it('round-trips and never stores the plaintext', () => {
    const sealed = box.encrypt('imap-password', 'email_account:1');
    expect(sealed).not.toContain('imap-password');
    expect(box.decrypt(sealed, 'email_account:1')).toBe('imap-password');
  });
  it('refuses a tampered ciphertext or another record', () => {
    const sealed = box.encrypt('cookie', 'linkedin_account:1');
    expect(() => box.decrypt(sealed, 'linkedin_account:2')).toThrow();
    const parts = sealed.split('.');
    const tampered = [...parts.slice(0, 3), Buffer.from('x').toString('base64url')].join('.');
    expect(() => box.decrypt(tampered, 'linkedin_account:1')).toThrow();
    expect(() => new SecretBox(randomBytes(16))).toThrow();
  });
});

describe('configuration', () => {
  it('requires secrets in production and validates numbers', () => {
    expect(() => loadConfig({ APP_ENV: 'production' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ APP_ENV: 'nowhere' })).toThrow(/APP_ENV/);
    const base = { JWT_SECRET: 'y'.repeat(40), ENCRYPTION_KEY: randomBytes(32).toString('hex') };
    expect(() => loadConfig({ ...base, ACCESS_TOKEN_TTL: 'soon' })).toThrow(/ACCESS_TOKEN_TTL/);
    expect(loadConfig({ ...base, CI: 'true' }).environment).toBe('ci');
    expect(loadConfig({ ...base, ACCESS_TOKEN_TTL: '5' }).accessTokenTtl).toBe(5);
    expect(loadConfig({ ...base, ACCESS_TOKEN_TTL: '15s' }).accessTokenTtl).toBe(15);
    expect(loadConfig({ ...base, REFRESH_TOKEN_TTL: '30d', RESET_CODE_TTL: '15m' })).toMatchObject({
      refreshTokenTtl: 2592000,
      resetCodeTtl: 900,
    });
    expect(
      loadConfig({
        ...base,
        LOGIN_RATE_LIMIT_PER_ACCOUNT: '1000',
        LOGIN_RATE_LIMIT_PER_ADDRESS: '2000',
      }).loginRateLimit,
    ).toMatchObject({ perAccount: 1000, perAddress: 2000 });
    expect(() => loadConfig({ ...base, ACCESS_TOKEN_TTL: '0s' })).toThrow(/ACCESS_TOKEN_TTL/);
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://x@y/z' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://x@y/z',
    });
  });
});

describe('deployed environments (account takeover through the dev outbox)', () => {
  const secrets = {
    JWT_SECRET: 'z'.repeat(40),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    SMTP_URL: 'smtp://mail.example.com:25',
  };

  it('refuses to start staging or production without SMTP_URL, JWT_SECRET or ENCRYPTION_KEY, naming what is missing', () => {
    for (const APP_ENV of ['staging', 'production']) {
      expect(() => loadConfig({ ...secrets, APP_ENV, SMTP_URL: '' })).toThrow(
        `SMTP_URL is required when APP_ENV=${APP_ENV}`,
      );
      expect(() => loadConfig({ ...secrets, APP_ENV, JWT_SECRET: undefined })).toThrow(
        `JWT_SECRET is required when APP_ENV=${APP_ENV}`,
      );
      expect(() => loadConfig({ ...secrets, APP_ENV, ENCRYPTION_KEY: undefined })).toThrow(
        `ENCRYPTION_KEY is required when APP_ENV=${APP_ENV}`,
      );
      expect(() => loadConfig({ APP_ENV })).toThrow(
        `SMTP_URL, JWT_SECRET, ENCRYPTION_KEY are required when APP_ENV=${APP_ENV}`,
      );
      expect(loadConfig({ ...secrets, APP_ENV }).devOutbox).toBe(false);
    }
  });

  it('serves the dev outbox only when DEV_OUTBOX=true in development or CI', () => {
    const dev = {
      DEV_SECRETS_FILE: '/dev/null/unused',
      JWT_SECRET: secrets.JWT_SECRET,
      ENCRYPTION_KEY: secrets.ENCRYPTION_KEY,
    };
    expect(loadConfig({ ...dev, APP_ENV: 'development' }).devOutbox).toBe(false);
    expect(loadConfig({ ...dev, APP_ENV: 'development', DEV_OUTBOX: 'true' }).devOutbox).toBe(true);
    expect(loadConfig({ ...dev, APP_ENV: 'ci', DEV_OUTBOX: 'true' }).devOutbox).toBe(true);
    expect(() => loadConfig({ ...secrets, APP_ENV: 'staging', DEV_OUTBOX: 'true' })).toThrow(
      /DEV_OUTBOX/,
    );
    expect(() => loadConfig({ ...secrets, APP_ENV: 'production', DEV_OUTBOX: 'true' })).toThrow(
      /DEV_OUTBOX/,
    );
  });

  it('listens on the loopback interface in development and CI unless HOST says otherwise', () => {
    expect(listenOptions({}).host).toBe('127.0.0.1');
    expect(listenOptions({ APP_ENV: 'ci' }).host).toBe('127.0.0.1');
    expect(listenOptions({ APP_ENV: 'development', HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(listenOptions({ APP_ENV: 'production' }).host).toBe('0.0.0.0');
  });
});

describe('helpers', () => {
  it('compares app versions numerically', () => {
    expect(compareVersions('2.3.5', '2.3.5')).toBe(0);
    expect(compareVersions('2.3.4', '2.3.5')).toBe(-1);
    expect(compareVersions('2.10.0', '2.3.5')).toBe(1);
    expect(compareVersions('banana', '2.3.5')).toBeNull();
  });
});
