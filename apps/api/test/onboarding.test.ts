import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2048, 0x20), Buffer.from('\n%%EOF\n')]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(512, 1)]);

const brief = (files: string[] = []) => ({
  nameOfCampaignType: 'Logiciel de paie',
  campaignType: 'product',
  description: 'Un logiciel de paie pour les PME.',
  pricingModel: 'Abonnement mensuel par salarié',
  mainFeatures: [{ value: 'Paie' }, { value: 'Congés' }, { value: 'Notes de frais' }, { value: 'DSN' }],
  dedicatedWebsite: 'https://www.moreau-solutions-rh.fr',
  salesPresentation: files,
  additionalInformation: '',
});
const audience = (sizes: Record<string, boolean> = { '11-50': true }) => ({
  bestClientsDescription: 'PME industrielles de 20 à 200 salariés.',
  targetIndustries: 'Industrie, logistique',
  excludeIndustries: 'Secteur public',
  geographicArea: 'Auvergne-Rhône-Alpes',
  companySizes: { freelancer: false, '1-10': false, '11-50': false, '51-200': false, '201-500': false, '501-1000': false, '1000+': false, allCompanies: false, ...sizes },
  typesOfPeople: 'DRH, DAF',
  providedWebsites: [{ value: 'https://a.example' }, { value: 'https://b.example' }, { value: 'https://c.example' }],
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
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`));
    chunks.push(typeof part.value === 'string' ? Buffer.from(part.value) : part.value, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const submit = (userId: number, token: string, parts: Part[]) => t.call('POST', `/api/v1/users/${userId}/onboarding`, { token, ...multipart(parts) });

describe('POST /api/v1/users/{id}/onboarding', () => {
  it('stores the questionnaire and its files durably', async () => {
    const res = await submit(t.facts.customerId, customer, [
      { name: 'brief', value: JSON.stringify(brief(['plaquette.pdf', 'logo.png'])) },
      { name: 'audience', value: JSON.stringify(audience()) },
      { name: 'files', value: PDF, filename: 'plaquette.pdf', type: 'application/pdf' },
      { name: 'files', value: PNG, filename: 'logo.png', type: 'image/png' },
    ]);
    expectContract('submitOnboarding', res, 201);
    expect(res.json().files).toEqual([
      { name: 'plaquette.pdf', size: PDF.length, content_type: 'application/pdf' },
      { name: 'logo.png', size: PNG.length, content_type: 'image/png' },
    ]);
    const stored = await t.database.db.selectFrom('onboarding_files').select(['filename', 'content', 'size']).where('submission_id', '=', res.json().id).orderBy('id').execute();
    expect(stored.map((f) => f.filename)).toEqual(['plaquette.pdf', 'logo.png']);
    expect(Buffer.from(stored[0]!.content).equals(PDF)).toBe(true);
    // Staff may submit for any customer.
    expectContract('submitOnboarding', await submit(t.facts.otherCustomerId, staff, [{ name: 'brief', value: JSON.stringify(brief()) }, { name: 'audience', value: JSON.stringify(audience()) }]), 201);
  });

  it('answers 413 above 15 MB and 415 for other file types', async () => {
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(15 * 1024 * 1024 + 10, 0x20)]);
    const tooBig = await submit(t.facts.customerId, customer, [
      { name: 'brief', value: JSON.stringify(brief(['big.pdf'])) },
      { name: 'audience', value: JSON.stringify(audience()) },
      { name: 'files', value: big, filename: 'big.pdf', type: 'application/pdf' },
    ]);
    expectContract('submitOnboarding', tooBig, 413);
    expect(tooBig.json().detail).toBe('Some files exceed the 15MB size limit.');
    const exe = await submit(t.facts.customerId, customer, [
      { name: 'brief', value: JSON.stringify(brief(['tool.exe'])) },
      { name: 'audience', value: JSON.stringify(audience()) },
      { name: 'files', value: Buffer.from('MZ'), filename: 'tool.exe', type: 'application/octet-stream' },
    ]);
    expectContract('submitOnboarding', exe, 415);
    const fakePdf = await submit(t.facts.customerId, customer, [
      { name: 'brief', value: JSON.stringify(brief(['fake.pdf'])) },
      { name: 'audience', value: JSON.stringify(audience()) },
      { name: 'files', value: Buffer.from('MZ not a pdf'), filename: 'fake.pdf', type: 'application/pdf' },
    ]);
    expectContract('submitOnboarding', fakePdf, 415);
  });

  it('answers 422 for the §5 rules and 400 for malformed forms', async () => {
    const noSize = await submit(t.facts.customerId, customer, [{ name: 'brief', value: JSON.stringify(brief()) }, { name: 'audience', value: JSON.stringify(audience({})) }]);
    expectContract('submitOnboarding', noSize, 422);
    expect(noSize.json().detail).toMatch(/You must select at least one option/);
    const blankName = await submit(t.facts.customerId, customer, [{ name: 'brief', value: JSON.stringify({ ...brief(), nameOfCampaignType: '  ' }) }, { name: 'audience', value: JSON.stringify(audience()) }]);
    expectContract('submitOnboarding', blankName, 422);
    const unlisted = await submit(t.facts.customerId, customer, [{ name: 'brief', value: JSON.stringify(brief(['missing.pdf'])) }, { name: 'audience', value: JSON.stringify(audience()) }]);
    expectContract('submitOnboarding', unlisted, 422);
    expectContract('submitOnboarding', await submit(t.facts.customerId, customer, [{ name: 'brief', value: '{not json' }, { name: 'audience', value: JSON.stringify(audience()) }]), 400);
    expectContract('submitOnboarding', await submit(t.facts.customerId, customer, [{ name: 'audience', value: JSON.stringify(audience()) }]), 400);
    expectContract('submitOnboarding', await submit(t.facts.customerId, customer, [{ name: 'brief', value: JSON.stringify({ ...brief(), mainFeatures: [] }) }, { name: 'audience', value: JSON.stringify(audience()) }]), 400);
    expectContract('submitOnboarding', await t.call('POST', `/api/v1/users/${t.facts.customerId}/onboarding`, { token: customer, body: { brief: brief() } }), 400);
  });

  it('is open to staff and to flagged users themselves only', async () => {
    const parts = [{ name: 'brief', value: JSON.stringify(brief()) }, { name: 'audience', value: JSON.stringify(audience()) }];
    expectContract('submitOnboarding', await submit(t.facts.otherCustomerId, other, parts), 403);
    expectContract('submitOnboarding', await submit(t.facts.customerId, other, parts), 403);
    expectContract('submitOnboarding', await submit(999999, staff, parts), 404);
    expectContract('submitOnboarding', await submit(t.facts.customerId, '', parts), 401);
  });
});
