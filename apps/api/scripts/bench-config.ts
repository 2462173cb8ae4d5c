/**
 * The server configuration the benchmark scripts start from: production mode, no mail, no response validation,
 * fresh secrets, limits high enough not to throttle the load. Each script overrides what it measures (database,
 * password hashing cost, list cache, web app, upload directory).
 */
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_JOB_SETTINGS, REPO_ROOT, type ServerConfig } from '../src/config';

export function benchConfig(
  overrides: Partial<ServerConfig> & Pick<ServerConfig, 'database' | 'encryptionKey' | 'scrypt'>,
): ServerConfig {
  return {
    environment: 'production',
    jwtSecret: new TextEncoder().encode(randomBytes(32).toString('hex')),
    accessTokenTtl: 3600,
    refreshTokenTtl: 3600,
    resetCodeTtl: 600,
    smtpUrl: null,
    devOutbox: false,
    mailFrom: 'bench@prospecta.local',
    publicUrl: 'http://localhost',
    apiBaseUrl: '',
    userServiceBaseUrl: '',
    minAppVersion: '2.3.5',
    smtpAccountLimit: 3,
    mailHosts: { allow: [], extraPorts: [] },
    mailCheckRateLimit: 10,
    loginRateLimit: { perAccount: 1_000_000, perAddress: 1_000_000, windowSeconds: 900 },
    resetRateLimitPerAddress: 10,
    webDist: null,
    seedDemo: false,
    responseValidation: 'off',
    contractPath: join(REPO_ROOT, 'openapi', 'openapi.yaml'),
    trustProxy: false,
    thirdPartyOrigins: [],
    requestTimeoutMs: 60_000,
    listCache: false,
    uploads: {
      dir: join(tmpdir(), `prospecta-bench-uploads-${randomBytes(4).toString('hex')}`),
      concurrency: 4,
      concurrencyPerCustomer: 2,
      quotaBytes: 200 * 1024 * 1024,
    },
    jobs: { ...DEFAULT_JOB_SETTINGS },
    ...overrides,
  };
}
