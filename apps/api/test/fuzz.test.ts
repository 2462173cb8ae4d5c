import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, startTestApp, type TestApp } from './helpers';

/**
 * Property: every request carrying at least one defect (an id that is not an
 * id, an unknown query parameter, a wrong token, a body that is not the
 * operation's object, a wrong content type), on top of otherwise random
 * parameters and bodies, is answered 4xx with a `detail`, never 5xx.
 */

let t: TestApp;
let tokens: (string | null)[] = [];
beforeAll(async () => {
  t = await startTestApp({
    accessTokenTtl: 3600,
    loginRateLimit: { perAccount: 1000, perAddress: 100000, windowSeconds: 60 },
  });
  tokens = [
    (await t.login('customer@example.com')).access,
    (await t.login('staff@example.com')).access,
    null,
    'not-a-token',
  ];
});
afterAll(async () => t?.close());

const badId = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    '1e3',
    'abc',
    'null',
    '%20',
    '99999999999999999999',
    '2147483648',
    '..',
    '%00',
  ),
  fc.integer({ min: -1_000_000, max: 1_000_000 }).map(String),
  fc.string({ minLength: 1, maxLength: 12 }).map(encodeURIComponent),
);

const junkValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }), { maxKeys: 3 }),
);

function exampleBody(schemaName: string | undefined): Record<string, unknown> {
  // A few plausible field names so that mutations hit real properties too.
  const doc = contract().document as {
    components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
  };
  const props = schemaName ? Object.keys(doc.components.schemas[schemaName]?.properties ?? {}) : [];
  return Object.fromEntries(props.map((p) => [p, 'x']));
}

const operations = contract().operations;

describe('no 5xx on bad requests', () => {
  for (const op of operations) {
    const bodyRef = (
      op.requestBody?.content['application/json']?.schema as { $ref?: string } | undefined
    )?.$ref;
    const schemaName = bodyRef?.split('/').pop();
    const fieldNames = Object.keys(exampleBody(schemaName));

    const body = fc.oneof(
      fc.constant(undefined),
      fc.jsonValue({ maxDepth: 2 }),
      fc.dictionary(
        fc.constantFrom(...fieldNames, 'extra', '__proto__', 'constructor'),
        junkValue,
        { maxKeys: 5 },
      ),
      fc.record(Object.fromEntries(fieldNames.map((name) => [name, junkValue])), {
        requiredKeys: [],
      }),
    );
    const raw = fc.oneof(
      fc.constant(null),
      fc.record({
        payload: fc.oneof(
          fc.string({ maxLength: 60 }),
          fc.constantFrom(
            '{"a":',
            '[]',
            'null',
            '--x\r\nContent-Disposition: form-data; name="brief"\r\n\r\n{}\r\n--x--\r\n',
          ),
        ),
        type: fc.constantFrom(
          'application/json',
          'text/plain',
          'multipart/form-data; boundary=x',
          'multipart/form-data',
          'application/x-www-form-urlencoded',
        ),
      }),
    );
    const query = fc.dictionary(
      fc.constantFrom('user_id', 'search', 'prospect_id', 'page', 'x'),
      fc.oneof(fc.string({ maxLength: 10 }), badId),
      { maxKeys: 3 },
    );

    const hasPathId =
      /\{[^}]+\}/.test(op.path) && op.path !== '/api/v2/integrations/email/{provider}';
    const needsAuth =
      op.security === null ||
      op.security.some((s) => Object.keys(s as object).includes('bearerAuth'));
    const hasJsonBody = op.requestBody?.content['application/json'] !== undefined;
    const defects = [
      'unknown-query',
      ...(hasPathId ? ['bad-path-id'] : []),
      ...(needsAuth ? ['bad-token'] : []),
      ...(hasJsonBody ? ['bad-body', 'wrong-content-type'] : []),
    ] as const;
    const notAnId = fc.oneof(
      fc.constantFrom(
        '0',
        '-1',
        '1.5',
        '1e3',
        'abc',
        'null',
        '%20',
        '99999999999999999999',
        '..',
        '%00',
      ),
      fc
        .string({ minLength: 1, maxLength: 12 })
        .filter((x) => !/^\d+$/.test(x))
        .map(encodeURIComponent),
    );
    const notABody = fc.oneof(
      fc
        .jsonValue({ maxDepth: 2 })
        .filter((v) => v === null || typeof v !== 'object' || Array.isArray(v)),
      fc.constant({ unknown_field: 1 }),
    );

    it(`${op.method.toUpperCase()} ${op.path}`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...defects),
          fc.array(badId, { minLength: 4, maxLength: 4 }),
          notAnId,
          query,
          body,
          notABody,
          raw,
          fc.constantFrom(...tokens),
          async (defect, ids, wrongId, q, json, invalid, rawBody, token) => {
            let index = 0;
            const path = op.path.replace(/\{[^}]+\}/g, () =>
              defect === 'bad-path-id' && index++ === 0 ? wrongId : (ids[index++] ?? '1'),
            );
            const params = new URLSearchParams(q as Record<string, string>);
            if (defect === 'unknown-query') params.set('zz_unknown', 'x');
            const search = params.toString();
            const url = search ? `${path}?${search}` : path;
            const useToken =
              defect === 'bad-token' ? (token === null ? 'not-a-token' : `${token}x`) : token;
            let payload: { body?: unknown; payload?: string; headers?: Record<string, string> } =
              {};
            if (defect === 'bad-body') payload = { body: invalid };
            else if (defect === 'wrong-content-type')
              payload = {
                payload: 'email=a&password=b',
                headers: { 'content-type': 'application/x-www-form-urlencoded' },
              };
            else if (rawBody)
              payload = { payload: rawBody.payload, headers: { 'content-type': rawBody.type } };
            else if (json !== undefined) payload = { body: json };
            const res = await t.call(op.method.toUpperCase(), url, { token: useToken, ...payload });
            const trace = `${defect}: ${op.method.toUpperCase()} ${url} → ${res.statusCode} ${res.body.slice(0, 200)}`;
            expect(res.statusCode, trace).toBeGreaterThanOrEqual(400);
            expect(res.statusCode, trace).toBeLessThan(500);
            expect(res.json(), trace).toHaveProperty('detail');
          },
        ),
        { numRuns: 100 },
      );
    });
  }
});
