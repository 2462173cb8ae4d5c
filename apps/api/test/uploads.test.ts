import net, { type AddressInfo } from 'node:net';
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_VERSION, expectContract, startTestApp, testConfig, type TestApp } from './helpers';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(4096, 7),
]);
const BOUNDARY = '----prospecta-upload-boundary';

function body(files: { name: string; bytes: Buffer }[]): Buffer {
  return Buffer.concat([
    ...files.flatMap((f) => [
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${BOUNDARY}--\r\n`),
  ]);
}

let t: TestApp;
let port: number;
let customer: string;
let staff: string;

beforeAll(async () => {
  const base = testConfig().uploads;
  t = await startTestApp({
    uploads: { ...base, concurrency: 4, concurrencyPerCustomer: 2, quotaBytes: 64 * 1024 },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  customer = (await t.login('customer@example.com')).access;
  staff = (await t.login('staff@example.com')).access;
});
afterAll(async () => t?.close());

const upload = (userId: number, token: string, files = [{ name: 'logo.png', bytes: PNG }]) =>
  t.call('POST', `/api/v1/users/${userId}/onboarding/files`, {
    token,
    payload: body(files),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  });

/**
 * An upload over a real socket that sends its headers and the start of a file, then stalls: `drop()` makes the
 * client go away in the middle, `answer` is what the server said, if anything.
 */
async function stalledUpload(userId: number, token: string) {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
  socket.on('error', () => undefined);
  const start = Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="slow.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG.subarray(0, 1024),
  ]);
  socket.write(
    `POST /api/v1/users/${userId}/onboarding/files HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
      `Authorization: Bearer ${token}\r\nX-App-Version: ${APP_VERSION}\r\n` +
      `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${10 * 1024 * 1024}\r\n\r\n`,
  );
  socket.write(start);
  return {
    answer: () => answer,
    drop: () => socket.destroy(),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe('upload slots', () => {
  it('are given back when clients go away in the middle: 20 dropped uploads, then one goes through', async () => {
    for (let i = 0; i < 20; i++) {
      const stalled = await stalledUpload(t.facts.customerId, customer);
      await settle();
      stalled.drop();
    }
    await settle();
    const res = await upload(t.facts.customerId, customer);
    expectContract('uploadOnboardingFiles', res, 201);
    // Nothing of the dropped uploads stays on disk: only the file just stored.
    expect(await readdir(t.config.uploads.dir)).toEqual([res.json().files[0].id]);
  });

  it('one customer holds at most 2 at once; the others still upload', async () => {
    const slow = [
      await stalledUpload(t.facts.customerId, customer),
      await stalledUpload(t.facts.customerId, customer),
    ];
    await settle();
    try {
      const third = await upload(t.facts.customerId, customer);
      expectContract('uploadOnboardingFiles', third, 503);
      expect(third.headers['retry-after']).toBe('5');
      expectContract('uploadOnboardingFiles', await upload(t.facts.otherCustomerId, staff), 201);
    } finally {
      slow.forEach((s) => s.drop());
    }
    await settle();
    expectContract('uploadOnboardingFiles', await upload(t.facts.customerId, customer), 201);
  });
});

describe('file names', () => {
  it('a NUL byte or another control character in a name answers 400, not 500', async () => {
    for (const name of ['a\u0000b.png', 'line\nbreak.png']) {
      const res = await upload(t.facts.otherCustomerId, staff, [{ name, bytes: PNG }]);
      expectContract('uploadOnboardingFiles', res, 400);
    }
  });
});

describe('the storage quota of a customer', () => {
  it('answers 507 past it and keeps nothing of the refused upload', async () => {
    // The quota is 64 KiB here: the files stored above take about 4 KiB each.
    const before = await readdir(t.config.uploads.dir);
    const big = Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(70 * 1024, 1)]);
    const res = await upload(t.facts.customerId, customer, [{ name: 'big.png', bytes: big }]);
    expectContract('uploadOnboardingFiles', res, 507);
    expect((await readdir(t.config.uploads.dir)).sort()).toEqual(before.sort());
    // Another customer's quota is their own.
    expectContract('uploadOnboardingFiles', await upload(t.facts.otherCustomerId, staff), 201);
  });
});
