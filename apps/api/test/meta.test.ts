import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config';
import { buildServer } from '../src/server';
import {
  contract,
  expectContract,
  isolatedDatabase,
  startTestApp,
  testConfig,
  type TestApp,
} from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('GET /api/health', () => {
  it('answers ok without a bearer token or X-App-Version header, never cached', async () => {
    const res = await t.call('GET', '/api/health', { version: null });
    expectContract('getHealth', res, 200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 when the database does not answer', async () => {
    const database = await isolatedDatabase();
    const app = await buildServer({
      config: testConfig(),
      database,
      logger: false,
      contract: contract(),
    });
    try {
      // The database goes away under a running server (its job queue started).
      await app.ready();
      await database.dispose();
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expectContract('getHealth', res, 503);
      expect(res.json()).toEqual({ status: 'unavailable' });
    } finally {
      await app.close();
    }
  }, 60_000);

  it('refuses an unknown query parameter like every contract route, naming it', async () => {
    const res = await t.call('GET', '/api/health?verbose=1', { version: null });
    expectContract('getHealth', res, 400);
    expect(res.json().field_errors).toEqual([{ field: 'verbose', code: 'unknown_field' }]);
  });
});

describe('unknown API paths', () => {
  it('answer 404, not 418, without the version header', async () => {
    for (const url of ['/api/v1/nothing-here', '/api/', '/api/v2/prospects/1/nope']) {
      const res = await t.call('GET', url, { version: null });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ detail: `No route for GET ${url}.` });
    }
  });

  it('still gate known operations on the version header', async () => {
    const res = await t.call('GET', '/api/users/user', { version: null });
    expect(res.statusCode).toBe(418);
  });
});

describe('the contract and its documentation', () => {
  it('serves openapi.yaml byte for byte', async () => {
    const res = await t.call('GET', '/api/openapi.yaml', { version: null });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/yaml; charset=utf-8');
    expect(res.body).toBe(readFileSync(join(REPO_ROOT, 'openapi', 'openapi.yaml'), 'utf8'));
  });

  it("serves Scalar's reference of the contract from this origin, its inline script allowed by its hash only", async () => {
    const redirect = await t.call('GET', '/api/docs', { version: null });
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toBe('/api/docs/');
    const res = await t.call('GET', '/api/docs/', { version: null });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    // The bundle from this server, the contract from this server, no web fonts, nothing else.
    expect(html).toContain('<script src="js/scalar.js"></script>');
    expect(html).toContain('"url": "/api/openapi.yaml"');
    expect(html).toContain('"withDefaultFonts": false');
    expect(html).not.toMatch(/(src|href)="https?:/);
    const inline = /<script type="text\/javascript">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(inline).toContain('Scalar.createApiReference');
    const hash = createHash('sha256').update(inline).digest('base64');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);

    const script = await t.call('GET', '/api/docs/js/scalar.js', { version: null });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(script.body).toContain('createApiReference');
    expect(script.headers['cache-control']).toBe('public, max-age=86400');
  });
});
