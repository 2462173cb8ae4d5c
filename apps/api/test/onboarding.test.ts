import fs, { readlinkSync } from 'node:fs';
import { readdir, utimes, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectContract, startTestApp, type TestApp } from './helpers';

let t: TestApp;
let customer: string;
let other: string;
let staff: string;

beforeAll(async () => {
  t = await startTestApp();
  customer = (await t.login('customer@example.com')).access;
  other = (await t.login('other.customer@example.com')).access;
  staff = (await t.login('staff@example.com')).access;
});
afterAll(async () => t?.close());

const PDF = Buffer.concat([
  Buffer.from('%PDF-1.7\n'),
  Buffer.alloc(2048, 0x20),
  Buffer.from('\n%%EOF\n'),
]);
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(512, 1),
]);

const brief = (files: string[] = []): Record<string, unknown> => ({
  nameOfCampaignType: 'Logiciel de paie',
  campaignType: 'product',
  description: 'Un logiciel de paie pour les PME.',
  pricingModel: 'Abonnement mensuel par salarié',
  mainFeatures: [
    { value: 'Paie' },
    { value: 'Congés' },
    { value: 'Notes de frais' },
    { value: 'DSN' },
  ],
  dedicatedWebsite: 'https://www.moreau-solutions-rh.fr',
  salesPresentation: files,
  additionalInformation: '',
});
const audience = (sizes: Record<string, boolean> = { '11-50': true }) => ({
  bestClientsDescription: 'PME industrielles de 20 à 200 salariés.',
  targetIndustries: 'Industrie, logistique',
  excludeIndustries: 'Secteur public',
  geographicArea: 'Auvergne-Rhône-Alpes',
  companySizes: {
    freelancer: false,
    '1-10': false,
    '11-50': false,
    '51-200': false,
    '201-500': false,
    '501-1000': false,
    '1000+': false,
    allCompanies: false,
    ...sizes,
  },
  typesOfPeople: 'DRH, DAF',
  providedWebsites: [
    { value: 'https://a.example' },
    { value: 'https://b.example' },
    { value: 'https://c.example' },
  ],
  additionalInformationAudience: '',
});

interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----prospecta-test-boundary';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`,
      ),
    );
    chunks.push(
      typeof part.value === 'string' ? Buffer.from(part.value) : part.value,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (userId: number, token: string, parts: Part[]) =>
  t.call('POST', `/api/v1/users/${userId}/onboarding/files`, { token, ...multipart(parts) });
const submit = (userId: number, token: string, body: unknown) =>
  t.call('POST', `/api/v1/users/${userId}/onboarding`, { token, body });
const stored = async () => readdir(t.config.uploads.dir).catch(() => [] as string[]);

describe('POST /api/v1/users/{id}/onboarding/files', () => {
  it('streams images and PDFs to the upload directory and records them', async () => {
    const res = await upload(t.facts.customerId, customer, [
      { name: 'files', value: PDF, filename: 'plaquette.pdf', type: 'application/pdf' },
      { name: 'files', value: PNG, filename: 'logo.png', type: 'image/png' },
    ]);
    expectContract('uploadOnboardingFiles', res, 201);
    const files = res.json().files as {
      id: string;
      name: string;
      size: number;
      content_type: string;
    }[];
    expect(files.map(({ name, size, content_type }) => ({ name, size, content_type }))).toEqual([
      { name: 'plaquette.pdf', size: PDF.length, content_type: 'application/pdf' },
      { name: 'logo.png', size: PNG.length, content_type: 'image/png' },
    ]);
    expect(await stored()).toEqual(expect.arrayContaining(files.map((f) => f.id)));
    const rows = await t.database.db
      .selectFrom('onboarding_uploads')
      .select(['id', 'size'])
      .where('user_id', '=', t.facts.customerId)
      .execute();
    expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining(files.map((f) => f.id)));
  });

  it('flushes every stored file and the directory to disk before it answers (durable against power loss)', async () => {
    const flushed: string[] = [];
    const fsync = fs.fsync;
    const spy = vi.spyOn(fs, 'fsync').mockImplementation(((
      fd: number,
      callback: (error: NodeJS.ErrnoException | null) => void,
    ) => {
      flushed.push(readlinkSync(`/proc/self/fd/${fd}`));
      fsync(fd, callback);
    }) as typeof fs.fsync);
    try {
      const res = await upload(t.facts.customerId, customer, [
        { name: 'files', value: PDF, filename: 'a.pdf', type: 'application/pdf' },
        { name: 'files', value: PNG, filename: 'b.png', type: 'image/png' },
      ]);
      expectContract('uploadOnboardingFiles', res, 201);
      const ids = (res.json().files as { id: string }[]).map((f) => f.id);
      expect(flushed).toEqual(
        expect.arrayContaining([
          ...ids.map((id) => join(t.config.uploads.dir, id)),
          t.config.uploads.dir,
        ]),
      );
    } finally {
      spy.mockRestore();
    }
  });

  it('answers 413 above 15 MB and keeps nothing', async () => {
    const before = await stored();
    const big = Buffer.concat([
      Buffer.from('%PDF-1.7\n'),
      Buffer.alloc(15 * 1024 * 1024 + 10, 0x20),
    ]);
    const tooBig = await upload(t.facts.customerId, customer, [
      { name: 'files', value: PDF, filename: 'small.pdf', type: 'application/pdf' },
      { name: 'files', value: big, filename: 'big.pdf', type: 'application/pdf' },
    ]);
    expectContract('uploadOnboardingFiles', tooBig, 413);
    expect(tooBig.json().detail).toBe('Some files exceed the 15MB size limit.');
    expect(await stored()).toEqual(before);
  });

  it('answers 415 for other types and for a spoofed content type, judging the content', async () => {
    const before = await stored();
    const exe = await upload(t.facts.customerId, customer, [
      {
        name: 'files',
        value: Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00'),
        filename: 'tool.exe',
        type: 'application/octet-stream',
      },
    ]);
    expectContract('uploadOnboardingFiles', exe, 415);
    const fakePdf = await upload(t.facts.customerId, customer, [
      {
        name: 'files',
        value: Buffer.from('MZ not a pdf at all'),
        filename: 'fake.pdf',
        type: 'application/pdf',
      },
    ]);
    expectContract('uploadOnboardingFiles', fakePdf, 415);
    const pngAsPdf = await upload(t.facts.customerId, customer, [
      { name: 'files', value: PNG, filename: 'image.pdf', type: 'application/pdf' },
    ]);
    expectContract('uploadOnboardingFiles', pngAsPdf, 415);
    const svg = await upload(t.facts.customerId, customer, [
      {
        name: 'files',
        value: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        ),
        filename: 'x.svg',
        type: 'image/svg+xml',
      },
    ]);
    expectContract('uploadOnboardingFiles', svg, 415);
    const tiny = await upload(t.facts.customerId, customer, [
      { name: 'files', value: Buffer.from('%P'), filename: 'tiny.pdf', type: 'application/pdf' },
    ]);
    expectContract('uploadOnboardingFiles', tiny, 415);
    expect(await stored()).toEqual(before);
    // A file without a declared type is judged by its content alone.
    expectContract(
      'uploadOnboardingFiles',
      await upload(t.facts.customerId, customer, [
        { name: 'files', value: PDF, filename: 'doc', type: 'application/octet-stream' },
      ]),
      201,
    );
  });

  it('answers 400 for malformed bodies and extra parts, 413 beyond 10 files', async () => {
    expectContract(
      'uploadOnboardingFiles',
      await upload(t.facts.customerId, customer, [{ name: 'brief', value: '{}' }]),
      400,
    );
    expectContract('uploadOnboardingFiles', await upload(t.facts.customerId, customer, []), 400);
    expectContract(
      'uploadOnboardingFiles',
      await upload(t.facts.customerId, customer, [
        { name: 'other', value: PDF, filename: 'a.pdf', type: 'application/pdf' },
      ]),
      400,
    );
    const broken = await t.call('POST', `/api/v1/users/${t.facts.customerId}/onboarding/files`, {
      token: customer,
      payload: Buffer.from(
        '--b\r\nContent-Disposition: form-data; name="files"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7 truncated',
      ),
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    });
    expectContract('uploadOnboardingFiles', broken, 400);
    expectContract(
      'uploadOnboardingFiles',
      await t.call('POST', `/api/v1/users/${t.facts.customerId}/onboarding/files`, {
        token: customer,
        body: { files: [] },
      }),
      400,
    );
    const eleven = Array.from({ length: 11 }, (_, i) => ({
      name: 'files',
      value: PDF,
      filename: `f${i}.pdf`,
      type: 'application/pdf',
    }));
    expectContract(
      'uploadOnboardingFiles',
      await upload(t.facts.customerId, customer, eleven),
      413,
    );
  });

  it('is open to staff and to flagged users themselves only', async () => {
    const parts = [{ name: 'files', value: PDF, filename: 'a.pdf', type: 'application/pdf' }];
    expectContract(
      'uploadOnboardingFiles',
      await upload(t.facts.otherCustomerId, other, parts),
      403,
    );
    expectContract('uploadOnboardingFiles', await upload(t.facts.customerId, other, parts), 403);
    expectContract(
      'uploadOnboardingFiles',
      await upload(t.facts.otherCustomerId, staff, parts),
      201,
    );
    expectContract('uploadOnboardingFiles', await upload(999999, staff, parts), 404);
    expectContract('uploadOnboardingFiles', await upload(t.facts.customerId, '', parts), 401);
  });
});

describe('POST and GET /api/v1/users/{id}/onboarding', () => {
  it('stores the answers with their uploaded files; GET answers the latest', async () => {
    expectContract(
      'getOnboarding',
      await t.call('GET', `/api/v1/users/${t.facts.customerId}/onboarding`, { token: customer }),
      200,
    );
    const up = await upload(t.facts.customerId, customer, [
      { name: 'files', value: PDF, filename: 'plaquette.pdf', type: 'application/pdf' },
      { name: 'files', value: PNG, filename: 'logo.png', type: 'image/png' },
    ]);
    const ids = (up.json().files as { id: string }[]).map((f) => f.id);
    const res = await submit(t.facts.customerId, customer, {
      brief: brief(ids),
      audience: audience(),
    });
    expectContract('submitOnboarding', res, 201);
    expect(res.json().files.map((f: { name: string }) => f.name)).toEqual([
      'plaquette.pdf',
      'logo.png',
    ]);
    const got = await t.call('GET', `/api/v1/users/${t.facts.customerId}/onboarding`, {
      token: staff,
    });
    expectContract('getOnboarding', got, 200);
    expect(got.json().submission).toMatchObject({
      id: res.json().id,
      brief: brief(ids),
      audience: audience(),
    });
    expect(got.json().submission.files.map((f: { id: string }) => f.id)).toEqual(ids);
    // Staff may submit for any customer; a customer never saw answers: null.
    const fresh = await t.call('GET', `/api/v1/users/${t.facts.otherCustomerId}/onboarding`, {
      token: staff,
    });
    expectContract('getOnboarding', fresh, 200);
    expect(fresh.json().submission).toBeNull();
    expectContract(
      'submitOnboarding',
      await submit(t.facts.otherCustomerId, staff, { brief: brief(), audience: audience() }),
      201,
    );
  });

  it('answers 422 for the §5 rules and 400 for malformed bodies', async () => {
    const noSize = await submit(t.facts.customerId, customer, {
      brief: brief(),
      audience: audience({}),
    });
    expectContract('submitOnboarding', noSize, 422);
    expect(noSize.json().detail).toMatch(/allCompanies: You must select at least one option/);
    expectContract(
      'submitOnboarding',
      await submit(t.facts.customerId, customer, {
        brief: { ...brief(), nameOfCampaignType: '  ' },
        audience: audience(),
      }),
      422,
    );
    expectContract(
      'submitOnboarding',
      await submit(t.facts.customerId, customer, {
        brief: brief(),
        audience: { ...audience(), typesOfPeople: ' ' },
      }),
      422,
    );
    // An id that is not an upload of this user.
    const foreign = await upload(t.facts.otherCustomerId, staff, [
      { name: 'files', value: PDF, filename: 'a.pdf', type: 'application/pdf' },
    ]);
    expectContract(
      'submitOnboarding',
      await submit(t.facts.customerId, customer, {
        brief: brief([foreign.json().files[0].id]),
        audience: audience(),
      }),
      422,
    );
    expectContract(
      'submitOnboarding',
      await submit(t.facts.customerId, customer, {
        brief: brief(['not-a-uuid']),
        audience: audience(),
      }),
      400,
    );
    expectContract(
      'submitOnboarding',
      await submit(t.facts.customerId, customer, { audience: audience() }),
      400,
    );
    expectContract(
      'submitOnboarding',
      await submit(t.facts.customerId, customer, {
        brief: { ...brief(), mainFeatures: [{ value: 'a' }] },
        audience: audience(),
      }),
      400,
    );
    expectContract(
      'submitOnboarding',
      await submit(t.facts.customerId, customer, {
        brief: brief(),
        audience: { ...audience(), providedWebsites: [{ value: 'a' }] },
      }),
      400,
    );
  });

  it('is open to staff and to flagged users themselves only', async () => {
    const body = { brief: brief(), audience: audience() };
    expectContract('submitOnboarding', await submit(t.facts.otherCustomerId, other, body), 403);
    expectContract('submitOnboarding', await submit(t.facts.customerId, other, body), 403);
    expectContract('submitOnboarding', await submit(999999, staff, body), 404);
    expectContract('submitOnboarding', await submit(t.facts.customerId, '', body), 401);
    expectContract(
      'getOnboarding',
      await t.call('GET', `/api/v1/users/${t.facts.customerId}/onboarding`, { token: other }),
      403,
    );
  });

  it('refuses a questionnaire for a staff account (staff with no customer selected): 403 customer_required', async () => {
    const res = await submit(t.facts.staffId, staff, { brief: brief(), audience: audience() });
    expectContract('submitOnboarding', res, 403);
    expect(res.json()).toMatchObject({ code: 'customer_required' });
    const saved = await t.call('GET', `/api/v1/users/${t.facts.staffId}/onboarding`, {
      token: staff,
    });
    expect(saved.json()).toEqual({ submission: null });
  });
});

describe('uploaded files leave the disk once nothing names them', () => {
  const one = async (name: string) => {
    const res = await upload(t.facts.customerId, customer, [
      { name: 'files', value: PDF, filename: name, type: 'application/pdf' },
    ]);
    expectContract('uploadOnboardingFiles', res, 201);
    return (res.json().files as { id: string }[])[0]?.id as string;
  };
  const rows = async (ids: string[]) =>
    (
      await t.database.db
        .selectFrom('onboarding_uploads')
        .select('id')
        .where('id', 'in', ids)
        .execute()
    ).map((r) => r.id);

  it('a file the questionnaire replaced is deleted when it is sent again', async () => {
    const first = await one('v1.pdf');
    expectContract(
      'submitOnboarding',
      await submit(t.facts.customerId, customer, { brief: brief([first]), audience: audience() }),
      201,
    );
    const second = await one('v2.pdf');
    expectContract(
      'submitOnboarding',
      await submit(t.facts.customerId, customer, { brief: brief([second]), audience: audience() }),
      201,
    );
    expect(await stored()).not.toContain(first);
    expect(await stored()).toContain(second);
    expect(await rows([first, second])).toEqual([second]);
  });

  it('the hourly sweep job deletes unsent uploads after a day and files no row names after an hour', async () => {
    const named = await one('named.pdf');
    expectContract(
      'submitOnboarding',
      await submit(t.facts.customerId, customer, { brief: brief([named]), audience: audience() }),
      201,
    );
    const removed = await one('removed.pdf');
    const fresh = await one('fresh.pdf');
    const dayAgo = new Date(Date.now() - 25 * 3600 * 1000);
    await t.database.db
      .updateTable('onboarding_uploads')
      .set({ created_at: dayAgo })
      .where('id', 'in', [named, removed])
      .execute();
    const { dir } = t.config.uploads;
    const orphan = join(dir, 'a1b2c3d4-0000-4000-8000-000000000000');
    const newOrphan = join(dir, 'a1b2c3d4-0000-4000-8000-000000000001');
    await writeFile(orphan, 'cut off');
    await writeFile(newOrphan, 'being written');
    await utimes(orphan, dayAgo, dayAgo);

    await t.app.services.jobs.send('uploads.sweep', {});
    await t.app.services.jobs.settled(['uploads.sweep']);

    const left = await stored();
    expect(left).toEqual(expect.arrayContaining([named, fresh, basename(newOrphan)]));
    expect(left).not.toContain(removed);
    expect(left).not.toContain(basename(orphan));
    expect((await rows([named, removed, fresh])).sort()).toEqual([named, fresh].sort());
  });
});
