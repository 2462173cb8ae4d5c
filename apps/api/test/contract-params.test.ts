import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, startTestApp, type TestApp } from './helpers';

/** Values no parameter should turn into a server error: out of every integer type, signs, exponents, NUL bytes. */
const HOSTILE = [
  '2147483648',
  '-2147483649',
  '9223372036854775808',
  '99999999999999999999999999',
  '-1',
  '0',
  '1e3',
  '0x10',
  '1.5',
  'abc',
  '%00',
  'a%00b',
  '%C0%80',
  '',
];

let t: TestApp;
let staff: string;
let customer: string;

beforeAll(async () => {
  // The external sign-in configured (its provider unreachable), so that its calls read their parameters.
  t = await startTestApp({
    oauth: {
      redirectBaseUrl: 'http://localhost:3000',
      stateTtlSeconds: 900,
      providers: {
        google: {
          clientId: 'client',
          clientSecret: 'secret',
          issuer: 'http://127.0.0.1:9',
          scopes: ['openid'],
          authorizationParams: {},
          imap: { host: '127.0.0.1', port: 993 },
        },
      },
    },
  });
  staff = (await t.login('staff@example.com')).access;
  customer = (await t.login('customer@example.com')).access;
});
afterAll(async () => t?.close());

/** A value the parameter accepts (the first of an enum, else 1), so that the call reaches the value under test. */
function acceptable(schema: Record<string, unknown>): string {
  const ref = typeof schema.$ref === 'string' ? schema.$ref : null;
  const resolved = ref
    ? ((contract().document as { components: { schemas: Record<string, Record<string, unknown>> } })
        .components.schemas[ref.split('/').pop() ?? ''] ?? {})
    : schema;
  return Array.isArray(resolved.enum) ? String(resolved.enum[0]) : '1';
}

const operations = contract().operations.filter((op) =>
  op.parameters.some((p) => p.in === 'path' || p.in === 'query'),
);

describe('every path and query parameter of the contract', () => {
  it.each(operations.map((op) => [op.operationId, op] as const))(
    '%s answers 4xx, never 5xx, to out-of-range and malformed values',
    async (_id, op) => {
      const failures: string[] = [];
      for (const param of op.parameters.filter((p) => p.in === 'path' || p.in === 'query')) {
        for (const value of HOSTILE) {
          let path = op.path;
          const query: string[] = [];
          for (const p of op.parameters) {
            const v = p === param ? value : acceptable(p.schema as Record<string, unknown>);
            if (p.in === 'path') path = path.replace(`{${p.name}}`, v);
            else if (p.in === 'query' && (p === param || p.required)) query.push(`${p.name}=${v}`);
          }
          const url = query.length ? `${path}?${query.join('&')}` : path;
          for (const token of [staff, customer]) {
            const res = await t.call(op.method.toUpperCase(), url, {
              token,
              ...(op.requestBody ? { body: {} } : {}),
            });
            if (res.statusCode >= 500 && res.statusCode !== 501)
              failures.push(`${op.method.toUpperCase()} ${url} → ${res.statusCode} ${res.body}`);
          }
        }
      }
      expect(failures).toEqual([]);
    },
  );
});

/** Spellings of 1 that the validators' string-to-number coercion would take. */
const OTHER_SPELLINGS_OF_ONE = ['%201', '1%20', '01', '1e0', '0x1', '%2B1', '1.0'];

const integerParameters = contract().operations.flatMap((op) =>
  op.parameters
    .filter((p) => p.in === 'path' || p.in === 'query')
    .filter((p) => {
      const ref = (p.schema as { $ref?: string }).$ref;
      const schemas = (
        contract().document as { components: { schemas: Record<string, { type?: string }> } }
      ).components.schemas;
      const resolved = ref ? schemas[ref.split('/').pop() ?? ''] : (p.schema as { type?: string });
      return resolved?.type === 'integer';
    })
    .map((param) => [`${op.operationId} ${param.name}`, op, param] as const),
);

describe('integer parameters', () => {
  it('are found in the contract', () => {
    expect(integerParameters.length).toBeGreaterThan(10);
  });

  it.each(integerParameters)(
    '%s is refused unless written as plain digits',
    async (_name, op, param) => {
      const answers: string[] = [];
      for (const value of OTHER_SPELLINGS_OF_ONE) {
        let path = op.path;
        const query: string[] = [];
        for (const p of op.parameters) {
          const v = p === param ? value : acceptable(p.schema as Record<string, unknown>);
          if (p.in === 'path') path = path.replace(`{${p.name}}`, v);
          else if (p.in === 'query' && (p === param || p.required)) query.push(`${p.name}=${v}`);
        }
        const url = query.length ? `${path}?${query.join('&')}` : path;
        const res = await t.call(op.method.toUpperCase(), url, {
          token: staff,
          ...(op.requestBody ? { body: {} } : {}),
        });
        // Where the operation declares no 400, a malformed id in the path names no resource: 404.
        const expected =
          param.in === 'path' && !('400' in op.responses) && '404' in op.responses ? 404 : 400;
        if (res.statusCode !== expected)
          answers.push(`${op.method.toUpperCase()} ${url} → ${res.statusCode}, not ${expected}`);
      }
      expect(answers).toEqual([]);
    },
  );
});
