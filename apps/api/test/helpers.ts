import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect, inject } from 'vitest';
import { API_ROOT, REPO_ROOT, type JobSettings, type ServerConfig } from '../src/config';
import { dropSchema, dumpMigratedTemplate, openDatabase, type Database } from '../src/db/index';
import { loadContract, type Contract, type ContractOperation } from '../src/http/contract';
import type { MailChecker, MailCheckResult } from '../src/integrations/mail-check';
import type { ScryptParams } from '../src/security/password';
import { SecretBox } from '../src/security/secret-box';
import { buildServer } from '../src/server';
import { DEMO_PASSWORD, seedDemo, type DemoFacts } from '../src/seed/demo';

/** Cheap scrypt for tests only (explicit test option); production parameters are asserted in security.test.ts. */
export const TEST_SCRYPT: ScryptParams = { N: 1024, r: 8, p: 1, keyLength: 64 };
export const APP_VERSION = '2.3.5';
export const TEST_JOB_SETTINGS: JobSettings = {
  worker: true,
  pollIntervalSeconds: 0.5,
  shutdownTimeoutSeconds: 5,
  superviseIntervalSeconds: 1,
  poolSize: 2,
};
export { DEMO_PASSWORD };

let sharedContract: Contract | null = null;
export function contract(): Contract {
  sharedContract ??= loadContract(join(REPO_ROOT, 'openapi', 'openapi.yaml'));
  return sharedContract;
}

/**
 * A campaign's sending window (its columns) open whenever a test runs: every day from 00:00 to 23:59, in a zone whose
 * day does not end within the next two hours. The deliverer sends nothing outside a campaign's window.
 */
export function alwaysOpenWindow() {
  return {
    time_zone: new Date().getUTCHours() >= 22 ? 'Etc/GMT+6' : 'UTC',
    sending_days: JSON.stringify([1, 2, 3, 4, 5, 6, 7]),
    sending_start: '00:00',
    sending_end: '23:59',
  };
}

export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    environment: 'ci',
    database: { kind: 'pglite' },
    jwtSecret: new TextEncoder().encode(randomBytes(32).toString('hex')),
    encryptionKey: randomBytes(32),
    accessTokenTtl: 60,
    refreshTokenTtl: 3600,
    resetCodeTtl: 600,
    scrypt: TEST_SCRYPT,
    smtpUrl: null,
    devOutbox: true,
    mailFrom: 'Prospecta <test@prospecta.local>',
    publicUrl: 'http://localhost:3000',
    apiBaseUrl: '',
    userServiceBaseUrl: '',
    minAppVersion: APP_VERSION,
    smtpAccountLimit: 2,
    // As deployed: public mail servers on mail ports only (the files with mail peers on this machine allow them).
    mailHosts: { allow: [], extraPorts: [] },
    mailCheckRateLimit: 10,
    loginRateLimit: { perAccount: 5, perAddress: 50, windowSeconds: 900 },
    webDist: null,
    seedDemo: false,
    responseValidation: 'strict',
    contractPath: join(REPO_ROOT, 'openapi', 'openapi.yaml'),
    trustProxy: false,
    thirdPartyOrigins: [],
    requestTimeoutMs: 60_000,
    resetRateLimitPerAddress: 5,
    listCache: true,
    uploads: {
      dir: join(tmpdir(), `prospecta-test-uploads-${randomBytes(6).toString('hex')}`),
      concurrency: 4,
      concurrencyPerCustomer: 2,
      quotaBytes: 200 * 1024 * 1024,
    },
    // Short looks and checks, so that retries, deferred jobs and expired ones come in a test's time.
    jobs: { ...TEST_JOB_SETTINGS },
    ...overrides,
  };
}

/**
 * The migrated empty database every in-memory test database starts from, made once per worker (test files share a
 * worker's modules: `isolate: false` in vitest.shared.ts). A database still runs the migrations on open, and finds
 * nothing left to do.
 */
let template: Promise<Blob> | null = null;

/** A database of its own for one test file: in-memory PGlite (from the migrated template), or a fresh PostgreSQL schema. */
export async function isolatedDatabase(): Promise<
  Database & { dispose(): Promise<void>; anotherConnection(): Promise<Database> }
> {
  if (process.env.API_TEST_DB === 'postgres') {
    const url = process.env.API_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const database = await openDatabase({ kind: 'postgres', url, schema, poolSize: 4 });
    return {
      ...database,
      async dispose() {
        await database.close();
        await dropSchema(url, schema);
      },
      // A second pool on the same schema: what another server process would have.
      anotherConnection: () => openDatabase({ kind: 'postgres', url, schema, poolSize: 4 }),
    };
  }
  template ??= dumpMigratedTemplate();
  const database = await openDatabase({ kind: 'pglite', template: await template });
  return {
    ...database,
    dispose: () => database.close(),
    // An in-memory PGlite has one connection: another server shares it (and leaves closing it to its owner).
    anotherConnection: async () => ({ ...database, close: async () => undefined }),
  };
}

/** The initialized, migrated data directory that `migratedDataDir` copies, made once per worker. */
let preparedDataDir: Promise<string> | null = null;

/**
 * Fills `dataDir` (which must not exist yet) with a copy of an embedded database on disk that was initialized (initdb)
 * and migrated once per worker, closed cleanly, and returns `dataDir`. For the tests of the database on disk and of
 * server processes that start on it (the directory lock, durable commits, kill -9, a port already taken): a new
 * directory costs initdb's CPU and hundreds of flushes each time, which these tests do not look at. A test of a new
 * directory itself (initdb's flushes, the first start) makes its own.
 */
export async function migratedDataDir(dataDir: string): Promise<string> {
  preparedDataDir ??= (async () => {
    // In the run's scratch directory (global-setup.ts), which is removed when the run ends.
    const dir = join(mkdtempSync(join(inject('scratchDir'), 'migrated-')), 'data');
    const database = await openDatabase({ kind: 'pglite', dataDir: dir });
    await database.close();
    return dir;
  })();
  cpSync(await preparedDataDir, dataDir, { recursive: true, errorOnExist: true, force: false });
  return dataDir;
}

export interface TestApp {
  app: FastifyInstance;
  database: Awaited<ReturnType<typeof isolatedDatabase>>;
  facts: DemoFacts;
  config: ServerConfig;
  call(method: string, url: string, options?: CallOptions): Promise<LightMyRequestResponse>;
  login(email: string, password?: string): Promise<{ access: string; refresh: string }>;
  close(): Promise<void>;
}

export interface CallOptions {
  token?: string | null;
  body?: unknown;
  headers?: Record<string, string>;
  /** Raw payload (multipart bodies). */
  payload?: Buffer | string;
  version?: string | null;
  remoteAddress?: string;
}

export const fakeMailCheck =
  (result: MailCheckResult = { ok: true }): MailChecker =>
  async () =>
    result;

export async function startTestApp(
  overrides: Partial<ServerConfig> = {},
  mailCheck: MailChecker = fakeMailCheck(),
): Promise<TestApp> {
  const database = await isolatedDatabase();
  const config = testConfig(overrides);
  const facts = await seedDemo(database.db, {
    scrypt: TEST_SCRYPT,
    secretBox: new SecretBox(config.encryptionKey),
  });
  return serve(database, config, facts, mailCheck, () => database.dispose());
}

/**
 * Another server on `t`'s database and demo data, configured as `t` but for `overrides`, that runs no jobs (`t`
 * does): for a test of a setting that only changes how requests are answered (the environment, a proxy, an absent
 * configuration, a listener's end), without a database, migrations and a seed of its own. Closing it leaves `t`'s
 * database open.
 */
export async function startTestAppBeside(
  t: TestApp,
  overrides: Partial<ServerConfig> = {},
): Promise<TestApp> {
  const connection = await t.database.anotherConnection();
  const database = { ...t.database, ...connection };
  const config = { ...t.config, jobs: { ...t.config.jobs, worker: false }, ...overrides };
  return serve(database, config, t.facts, fakeMailCheck(), () => connection.close());
}

async function serve(
  database: TestApp['database'],
  config: ServerConfig,
  facts: DemoFacts,
  mailCheck: MailChecker,
  closeDatabase: () => Promise<void>,
): Promise<TestApp> {
  const app = await buildServer({
    config,
    database,
    logger: false,
    mailCheck,
    contract: contract(),
  });
  await app.ready();
  const call: TestApp['call'] = async (method, url, options = {}) => {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.version !== null) headers['x-app-version'] = options.version ?? APP_VERSION;
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let payload: string | Buffer | undefined = options.payload;
    if (options.body !== undefined) {
      payload = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    return app.inject({
      method: method as 'GET',
      url,
      headers,
      ...(payload !== undefined ? { payload } : {}),
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    });
  };
  return {
    app,
    database,
    facts,
    config,
    call,
    async login(email, password = DEMO_PASSWORD) {
      const res = await call('POST', '/api/v2/auth/token/get', {
        body: { email, password },
        remoteAddress: `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { access: string; refresh: string };
      return { access: body.access, refresh: body.refresh };
    },
    async close() {
      await app.close();
      await closeDatabase();
    },
  };
}

export function operation(operationId: string): ContractOperation {
  const op = contract().operations.find((o) => o.operationId === operationId);
  if (!op) throw new Error(`no operation ${operationId} in the contract`);
  return op;
}

/** Asserts the status is declared by the operation and the body matches its schema (ajv, 2020-12). */
export function expectContract(
  operationId: string,
  res: LightMyRequestResponse,
  status?: number,
): void {
  if (status !== undefined) expect(res.statusCode, res.body).toBe(status);
  const op = operation(operationId);
  const declared = op.responses[String(res.statusCode)] ?? op.responses.default;
  expect(declared, `${operationId} does not declare status ${res.statusCode}`).toBeDefined();
  const type = String(res.headers['content-type'] ?? '');
  if (res.statusCode === 204 || res.body === '') {
    expect(res.body).toBe('');
    return;
  }
  if (type.startsWith('application/json')) {
    const validate = contract().responseValidator(op, res.statusCode, 'application/json');
    expect(validate, `${operationId} ${res.statusCode} has no JSON schema`).not.toBeNull();
    const ok = validate?.(res.json());
    expect(ok, JSON.stringify(validate?.errors ?? null)).toBe(true);
  } else {
    const mediaType = type.split(';')[0] ?? '';
    expect(Object.keys(declared ?? {})).toContain(mediaType);
  }
}

export { API_ROOT };
