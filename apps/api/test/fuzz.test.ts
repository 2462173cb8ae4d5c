import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, startTestApp, type TestApp } from './helpers';

/**
 * Property: whatever malformed request reaches an operation (bad path ids,
 * unknown or mistyped query parameters, broken, mistyped or extra body
 * fields, wrong content types), the server never answers 5xx.
 */

let t: TestApp;
let tokens: (string | null)[] = [];
beforeAll(async () => {
  t = await startTestApp({ accessTokenTtl: 3600, loginRateLimit: { perAccount: 1000, perAddress: 100000, windowSeconds: 60 } });
  tokens = [(await t.login('customer@example.com')).access, (await t.login('staff@example.com')).access, null, 'not-a-token'];
});
afterAll(async () => t?.close());

const badId = fc.oneof(
  fc.constantFrom('0', '-1', '1.5', '1e3', 'abc', 'null', '%20', '99999999999999999999', '2147483648', '..', '%00'),
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
  const doc = contract().document as { components: { schemas: Record<string, { properties?: Record<string, unknown> }> } };
  const props = schemaName ? Object.keys(doc.components.schemas[schemaName]?.properties ?? {}) : [];
  return Object.fromEntries(props.map((p) => [p, 'x']));
}

const operations = contract().operations;

describe('no 5xx on bad requests', () => {
  for (const op of operations) {
    const bodyRef = (op.requestBody?.content['application/json']?.schema as { $ref?: string } | undefined)?.$ref;
    const schemaName = bodyRef?.split('/').pop();
    const fieldNames = Object.keys(exampleBody(schemaName));

    const body = fc.oneof(
      fc.constant(undefined),
      fc.jsonValue({ maxDepth: 2 }),
      fc.dictionary(fc.constantFrom(...fieldNames, 'extra', '__proto__', 'constructor'), junkValue, { maxKeys: 5 }),
      fc.record(Object.fromEntries(fieldNames.map((name) => [name, junkValue])), { requiredKeys: [] }),
    );
    const raw = fc.oneof(
      fc.constant(null),
      fc.record({
        payload: fc.oneof(fc.string({ maxLength: 60 }), fc.constantFrom('{"a":', '[]', 'null', '--x\r\nContent-Disposition: form-data; name="brief"\r\n\r\n{}\r\n--x--\r\n')),
        type: fc.constantFrom('application/json', 'text/plain', 'multipart/form-data; boundary=x', 'multipart/form-data', 'application/x-www-form-urlencoded'),
      }),
    );
    const query = fc.dictionary(fc.constantFrom('user_id', 'search', 'prospect_id', 'page', 'x'), fc.oneof(fc.string({ maxLength: 10 }), badId), { maxKeys: 3 });

    it(`${op.method.toUpperCase()} ${op.path}`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(badId, { minLength: 4, maxLength: 4 }), query, body, raw, fc.constantFrom(...tokens), async (ids, q, json, rawBody, token) => {
          let index = 0;
          const path = op.path.replace(/\{[^}]+\}/g, () => ids[index++] ?? '1');
          const search = new URLSearchParams(q as Record<string, string>).toString();
          const url = search ? `${path}?${search}` : path;
          const res = await t.call(op.method.toUpperCase(), url, {
            token,
            ...(rawBody ? { payload: rawBody.payload, headers: { 'content-type': rawBody.type } } : json !== undefined ? { body: json } : {}),
          });
          expect(res.statusCode, `${op.method.toUpperCase()} ${url} → ${res.statusCode} ${res.body.slice(0, 200)}`).toBeLessThan(500);
          if (res.statusCode >= 400 && res.statusCode !== 501) {
            expect(res.json()).toHaveProperty('detail');
          }
        }),
        { numRuns: 100 },
      );
    });
  }
});
