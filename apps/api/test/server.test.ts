import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessOf } from '../src/plugins/contract-routes';
import { allRoutes } from '../src/routes/index';
import { buildServer } from '../src/server';
import { dropSchema } from '../src/db/index';
import {
  contract,
  expectContract,
  operation,
  startTestApp,
  testConfig,
  type TestApp,
  DEMO_PASSWORD,
} from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const key = (method: string, path: string) =>
  `${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '{}')}`;

describe('contract binding', () => {
  it('has exactly one handler per contract operation', () => {
    const operations = contract()
      .operations.map((op) => key(op.method, op.path))
      .sort();
    const handlers = allRoutes()
      .map((r) => key(r.method, r.path))
      .sort();
    expect(handlers).toEqual(operations);
  });

  it('takes who may call each operation from its security in the contract', () => {
    const byAccess = (auth: string, versionCheck: boolean) =>
      contract()
        .operations.filter(
          (op) => accessOf(op).auth === auth && accessOf(op).versionCheck === versionCheck,
        )
        .map((op) => op.operationId)
        .sort();
    // The spec's lists, stated here on purpose.
    expect(byAccess('public', true)).toEqual([
      'checkResetCode',
      'getToken',
      'refreshToken',
      'requestPasswordReset',
      'resetChangePassword',
      'revokeToken',
      'verifyToken',
    ]);
    // The OAuth start and callback are browser navigations (no token, no version header), checked by their state.
    // The campaign mails' links too: opened by mail clients and prospects, checked by their signed token.
    expect(byAccess('public', false)).toEqual([
      'addDevInboxAnswer',
      'authorizeOAuthEmailAccount',
      'completeOAuthEmailAccount',
      'followMailLink',
      'getHealth',
      'listDevOutbox',
      'showUnsubscribePage',
      'trackOpen',
      'unsubscribe',
    ]);
    // The spec's staff tools, the campaign builder (the staff-only AI area), the imports of prospects, the local
    // mail catcher's mails, the prospects behind a campaign's figures and the customers' outgoing webhooks.
    expect(byAccess('staff', true)).toEqual([
      'cancelImport',
      'changeCampaignLifecycle',
      'commitImport',
      'createCampaignDraft',
      'createWebhook',
      'deleteCampaignDraft',
      'deleteWebhook',
      'exportCampaignProspects',
      'exportDashboard',
      'getCampaignDefinition',
      'getCampaignReview',
      'getCaughtMail',
      'getImport',
      'getImportReport',
      'listCampaignDrafts',
      'listCampaignImports',
      'listCampaignSampleProspects',
      'listCaughtMails',
      'listFigureProspects',
      'listUsers',
      'listWebhookDeliveries',
      'listWebhooks',
      'nurtureAllProspects',
      'retryImport',
      'rotateWebhookSecret',
      'sendWebhookTest',
      'setImportMapping',
      'startImport',
      'syncCampaign',
      'updateCampaignDefinition',
      'updateWebhook',
      'validateImport',
    ]);
    expect(byAccess('user', false)).toEqual([]);
    expect(() =>
      accessOf({ ...operation('listUsers'), security: [{ bearerAuth: ['admin'] }] }),
    ).toThrow(/unknown role "admin"/);
  });

  it('answers 401 without a token and 403 to a customer on a staff operation', async () => {
    expect((await t.call('GET', '/api/users/list')).statusCode).toBe(401);
    const customer = (await t.login('customer@example.com')).access;
    expectContract('listUsers', await t.call('GET', '/api/users/list', { token: customer }), 403);
    const staff = (await t.login('staff@example.com')).access;
    expectContract('listUsers', await t.call('GET', '/api/users/list', { token: staff }), 200);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.call('GET', '/api/v1/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.headers).toMatchObject({
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    expect(res.json()).toEqual({ detail: 'No route for GET /api/v1/nothing-here.' });
  });

  it('refuses an oversized JSON body with 400', async () => {
    const res = await t.call('POST', '/api/v2/auth/token/get', {
      body: { email: 'a@b.c', password: 'x'.repeat(1_100_000) },
    });
    expectContract('getToken', res, 400);
    expect(res.json().detail).toMatch(/too large/);
  });

  it('refuses a wrong content type with 400', async () => {
    const res = await t.call('POST', '/api/v2/auth/token/get', {
      payload: 'email=a',
      headers: { 'content-type': 'text/plain' },
    });
    expectContract('getToken', res, 400);
  });
});

describe('GET /config.json', () => {
  it('answers the runtime configuration', async () => {
    const res = await t.call('GET', '/config.json', { version: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      apiBaseUrl: '',
      userServiceBaseUrl: '',
      environment: 'ci',
      mailCatcher: false,
    });
  });
});

describe('web app and persistence', () => {
  it('serves the built web app with an SPA fallback, on the same origin as the API', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Prospecta</title>');
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log("app")');
    const app = await buildServer({
      config: testConfig({ webDist: dist }),
      database: t.database,
      logger: false,
      contract: contract(),
    });
    try {
      const index = await app.inject({ method: 'GET', url: '/users/2/dashboard' });
      expect(index.statusCode).toBe(200);
      expect(index.headers['content-type']).toMatch(/text\/html/);
      expect(index.body).toContain('<title>Prospecta</title>');
      const asset = await app.inject({ method: 'GET', url: '/assets/app.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.body).toContain('console.log');
      expect(asset.headers['cache-control']).toContain('immutable');
      const missingAsset = await app.inject({ method: 'GET', url: '/assets/gone-1234.js' });
      expect(missingAsset.statusCode).toBe(404);
      writeFileSync(join(dist, 'assets', 'later.js'), 'console.log("rebuilt")');
      expect((await app.inject({ method: 'GET', url: '/assets/later.js' })).body).toContain(
        'rebuilt',
      );
      const root = await app.inject({ method: 'GET', url: '/' });
      expect(root.body).toContain('<title>Prospecta</title>');
      const api = await app.inject({
        method: 'GET',
        url: '/api/v1/unknown',
        headers: { 'x-app-version': '2.3.5' },
      });
      expect(api.statusCode).toBe(404);
      expect(api.headers['content-type']).toMatch(/application\/json/);
    } finally {
      await app.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('writes the runtime configuration into the page’s early script, and drops its preload of /config.json', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    const page = (early: string) =>
      `<!doctype html>\n<html>\n  <head>\n    <meta charset="UTF-8" />\n    <link rel="preload" href="/config.json" as="fetch" crossorigin="anonymous" fetchpriority="high">\n${early}    <title>Prospecta</title>\n  </head>\n</html>\n`;
    const early = (config: string) =>
      `    <script src="/assets/early-AbC_12-x.js" fetchpriority="high" data-preload="{&quot;code&quot;:[]}" data-config="${config}"></script>\n`;
    writeFileSync(join(dist, 'index.html'), page(early('')));
    const config = {
      apiBaseUrl: 'https://api.example.com/<x>&"y"',
      userServiceBaseUrl: '',
      environment: 'ci',
      mailCatcher: false,
    };
    const app = await buildServer({
      config: testConfig({ webDist: dist, apiBaseUrl: config.apiBaseUrl }),
      database: t.database,
      logger: false,
      contract: contract(),
    });
    try {
      for (const url of ['/', '/users/2/dashboard']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/text\/html/);
        expect(res.headers['cache-control']).toBe('no-cache');
        const attribute = JSON.stringify(config)
          .replace(/&/g, '&amp;')
          .replace(/"/g, '&quot;')
          .replace(/</g, '&lt;');
        expect(res.body).toBe(
          page(early(attribute)).replace(/ *<link rel="preload" href="\/config.json"[^>]*>\n/, ''),
        );
        // What a browser's dataset gives the script: the same configuration as /config.json answers.
        const written = /data-config="([^"]*)"/
          .exec(res.body)![1]!
          .replace(/&lt;/g, '<')
          .replace(/&quot;/g, '"')
          .replace(/&amp;/g, '&');
        expect(JSON.parse(written)).toEqual(
          (await app.inject({ method: 'GET', url: '/config.json' })).json(),
        );
      }
      // A rebuilt page is read again; a page without the slot goes out as it is.
      writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Rebuilt</title>');
      const later = new Date(Date.now() + 5_000);
      utimesSync(join(dist, 'index.html'), later, later);
      expect((await app.inject({ method: 'GET', url: '/' })).body).toBe(
        '<!doctype html><title>Rebuilt</title>',
      );
    } finally {
      await app.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('seeds the demo data on the first start of an empty database, and keeps data across restarts', async () => {
    // Each project checks its own storage: an on-disk PGlite directory, or a fresh PostgreSQL schema.
    const postgres = process.env.API_TEST_DB === 'postgres';
    const url = process.env.API_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    const schema = `t_restart_${randomBytes(4).toString('hex')}`;
    const dataDir = postgres ? '' : mkdtempSync(join(tmpdir(), 'pglite-'));
    const config = testConfig({
      database: postgres ? { kind: 'postgres', url, schema } : { kind: 'pglite', dataDir },
      seedDemo: true,
    });
    try {
      let app = await buildServer({ config, logger: false, contract: contract() });
      const login = await app.inject({
        method: 'POST',
        url: '/api/v2/auth/token/get',
        headers: { 'x-app-version': '2.3.5' },
        payload: { email: 'customer@example.com', password: DEMO_PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      const token = login.json().access as string;
      const attach = await app.inject({
        method: 'POST',
        url: '/api/v1/prospects/1/tags/attach',
        headers: { 'x-app-version': '2.3.5', authorization: `Bearer ${token}` },
        payload: { label: 'Survives restarts' },
      });
      expect(attach.statusCode).toBe(200);
      await app.close();

      app = await buildServer({ config, logger: false, contract: contract() });
      const users = await app.services.db.selectFrom('users').select('email').execute();
      expect(users).toHaveLength(3);
      const tags = await app.services.db
        .selectFrom('tags')
        .select('label')
        .where('label', '=', 'Survives restarts')
        .execute();
      expect(tags).toHaveLength(1);
      await app.close();
    } finally {
      if (postgres) await dropSchema(url, schema);
      else rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('text hygiene', () => {
  it('refuses NUL characters in JSON bodies and query strings with 400', async () => {
    const { access } = await t.login('customer@example.com');
    const body = await t.call('POST', '/api/v1/prospects/1/comment', {
      token: access,
      payload: '{"content":"a\\u0000b"}',
      headers: { 'content-type': 'application/json' },
    });
    expectContract('createComment', body, 400);
    const staff = await t.login('staff@example.com');
    const query = await t.call('GET', '/api/users/list?search=a%00b', { token: staff.access });
    expectContract('listUsers', query, 400);
  });
});
