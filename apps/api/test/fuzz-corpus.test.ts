import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROOT, contract, startTestApp, type TestApp } from './helpers';

/**
 * The fuzz corpus kept in the repo (test/fuzz/corpus.json): crafted bodies sent to every operation
 * with a JSON body, signed in as a customer and as staff. Runs in the api (PGlite) and api-pg (PostgreSQL)
 * projects. No answer may be 5xx.
 */
interface CorpusEntry {
  name: string;
  raw?: string;
  /** JSON string escapes put in every property of the operation's body schema. */
  fill?: string;
  fillNumber?: number;
}

const corpus = JSON.parse(readFileSync(join(API_ROOT, 'test', 'fuzz', 'corpus.json'), 'utf8')) as {
  bodies: CorpusEntry[];
};

let t: TestApp;
let tokens: string[] = [];
beforeAll(async () => {
  t = await startTestApp({
    accessTokenTtl: 3600,
    loginRateLimit: { perAccount: 100_000, perAddress: 1_000_000, windowSeconds: 60 },
  });
  tokens = [
    (await t.login('customer@example.com')).access,
    (await t.login('staff@example.com')).access,
  ];
});
afterAll(async () => t?.close());

function bodyFor(entry: CorpusEntry, properties: string[]): string {
  if (entry.raw !== undefined) return entry.raw;
  const value = entry.fill !== undefined ? `"${entry.fill}"` : String(entry.fillNumber);
  return `{${properties.map((p) => `${JSON.stringify(p)}:${value}`).join(',')}}`;
}

/** Path parameters: a real prospect, campaign or user where the name says so, else 1. */
function fillPath(path: string): string {
  const { facts } = t;
  return path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (/user/i.test(name)) return String(facts.customerId);
    return '1';
  });
}

describe('fuzz corpus: no 5xx', () => {
  const doc = contract().document as {
    components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
  };
  const operations = contract().operations.filter(
    (op) => op.requestBody?.content['application/json'],
  );
  for (const op of operations) {
    const ref = (
      op.requestBody?.content['application/json']?.schema as { $ref?: string } | undefined
    )?.$ref;
    const properties = Object.keys(
      doc.components.schemas[ref?.split('/').pop() ?? '']?.properties ?? {},
    );
    it(`${op.method.toUpperCase()} ${op.path}`, async () => {
      const failures: string[] = [];
      for (const entry of corpus.bodies) {
        for (const token of tokens) {
          const res = await t.call(op.method.toUpperCase(), fillPath(op.path), {
            token,
            payload: bodyFor(entry, properties),
            headers: { 'content-type': 'application/json' },
            remoteAddress: `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
          });
          if (res.statusCode >= 500)
            failures.push(`${entry.name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
      }
      expect(failures).toEqual([]);
    }, 120_000);
  }
});
