import { deflateRawSync } from 'node:zlib';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { isImportRunning, type ImportState } from '@prospecta/domain';
import { sql } from 'kysely';
import { jobsSchemaName } from '../src/db/index';
import { recoverImports } from '../src/imports/recover';
import { expectContract, startTestApp, type TestApp } from './helpers';

let t: TestApp;
let staff: string;
let customer: string;
/** An active campaign of the customer, another active one, and one of the other customer. */
let campaignId: number;
let otherActiveId: number;

beforeAll(async () => {
  t = await startTestApp();
  const campaigns = await t.database.db
    .selectFrom('campaigns')
    .select(['id', 'is_active'])
    .where('user_id', '=', t.facts.customerId)
    .orderBy('id')
    .execute();
  const active = campaigns.filter((c) => c.is_active);
  campaignId = active[0]!.id;
  otherActiveId = active[1]!.id;
});
afterAll(async () => t?.close());
// Access tokens live a minute in tests: a fresh one for each test.
beforeEach(async () => {
  staff = (await t.login('staff@example.com')).access;
  customer = (await t.login('customer@example.com')).access;
});

function multipart(file: Buffer, filename = 'prospects.csv', field = 'file') {
  const boundary = '----prospecta-import-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
        `Content-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (file: Buffer, filename?: string, token = staff, campaign = campaignId) =>
  t.call('POST', `/api/v1/campaigns/${campaign}/imports`, {
    token,
    ...multipart(file, filename),
  });

type ImportAnswer = {
  id: number;
  state: string;
  columns: string[];
  mapping: (string | null)[];
  error: { code: string; detail: string } | null;
  counts: { rows: number; valid: number; refused: number; imported: number; by_reason: object };
  preview: { row: number; prospect: Record<string, unknown>; reason: string | null }[];
  format: string | null;
  encoding: string | null;
  delimiter: string | null;
  progress: { done: number; total: number };
};

/** The import once no job works on it any more, read as the app reads it (its state lives in the database). */
async function settledImport(id: number, token = staff): Promise<ImportAnswer> {
  for (;;) {
    const res = await t.call('GET', `/api/v1/imports/${id}`, { token });
    expectContract('getImport', res, 200);
    const answer: ImportAnswer = res.json();
    if (!isImportRunning(answer.state as ImportState)) return answer;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function analysed(file: Buffer, filename?: string): Promise<ImportAnswer> {
  const res = await upload(file, filename);
  expectContract('startImport', res, 202);
  expect(res.json().state).toBe('analysing');
  return settledImport(res.json().id);
}

async function validated(id: number, body?: object): Promise<ImportAnswer> {
  if (body) {
    const mapped = await t.call('PUT', `/api/v1/imports/${id}/mapping`, { token: staff, body });
    expectContract('setImportMapping', mapped, 200);
  }
  const res = await t.call('POST', `/api/v1/imports/${id}/validate`, { token: staff });
  expectContract('validateImport', res, 202);
  return settledImport(id);
}

const csv = (lines: string[], eol = '\r\n') => Buffer.from(lines.join(eol) + eol, 'utf8');

const HEADER = 'Prénom;Nom;E-mail;Société;Poste;Téléphone;LinkedIn;Tags';

describe('an import from upload to stored prospects', () => {
  it('maps French headers, validates every row, stores the valid ones and reports the refused', async () => {
    const existing = await t.database.db
      .selectFrom('prospects')
      .select('email')
      .where('campaign_id', '=', campaignId)
      .where('email', 'is not', null)
      .executeTakeFirstOrThrow();
    const elsewhere = await t.database.db
      .selectFrom('prospects')
      .select('email')
      .where('campaign_id', '=', otherActiveId)
      .where('email', 'is not', null)
      .executeTakeFirstOrThrow();
    await t.app.services.repos.imports.suppress(t.facts.customerId, 'gone@example.com', 'bounced');
    await t.app.services.repos.imports.suppress(
      t.facts.customerId,
      'no@example.com',
      'unsubscribed',
    );
    const file = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      csv([
        HEADER,
        'Élise;Durand;Elise.Durand@Example.fr;Acme;CEO;+33 6 00 00 00 01;https://www.linkedin.com/in/elise;VIP, Paris',
        'Marc;Petit;marc@example.fr;"Petit; Fils";=HYPERLINK("x");;;',
        'Bad;Mail;not-an-address;;;;;',
        'No;Mail;;;;;;',
        'Dup;Licate;ELISE.DURAND@example.fr;;;;;',
        `In;Campaign;${existing.email!.toUpperCase()};;;;;`,
        `Else;Where;${elsewhere.email};;;;;`,
        'Bou;Nced;gone@example.com;;;;;',
        'Un;Subscribed;no@example.com;;;;;',
        ';;;;;;;',
      ]),
    ]);
    const started = await analysed(file, 'prospects.csv');
    expect(started).toMatchObject({
      state: 'mapping',
      format: 'csv',
      encoding: 'utf-8',
      delimiter: ';',
      columns: ['Prénom', 'Nom', 'E-mail', 'Société', 'Poste', 'Téléphone', 'LinkedIn', 'Tags'],
      mapping: [
        'first_name',
        'last_name',
        'email',
        'company_name',
        'position',
        'phone',
        'linkedin',
        'tags',
      ],
      counts: { rows: 9 },
      error: null,
    });
    expect(started.preview[0]).toEqual({
      row: 2,
      reason: null,
      prospect: {
        title: 'undefined',
        first_name: 'Élise',
        last_name: 'Durand',
        email: 'elise.durand@example.fr',
        phone: '+33 6 00 00 00 01',
        direct_line: null,
        linkedin: 'https://www.linkedin.com/in/elise',
        reference: null,
        position: 'CEO',
        company_name: 'Acme',
        company_website: null,
        company_address: null,
        tags: ['VIP', 'Paris'],
      },
    });
    // A formula is text, stored as written.
    expect(started.preview[1]?.prospect.position).toBe('=HYPERLINK("x")');

    const checked = await validated(started.id);
    expect(checked.state).toBe('validated');
    expect(checked.counts).toEqual({
      rows: 9,
      valid: 2,
      refused: 7,
      imported: 0,
      by_reason: {
        invalid_email: 1,
        missing_email: 1,
        duplicate_in_file: 1,
        already_in_campaign: 1,
        in_other_active_campaign: 1,
        bounced: 1,
        unsubscribed: 1,
      },
    });
    expect(checked.preview.map((p) => p.reason)).toEqual([
      null,
      null,
      'invalid_email',
      'missing_email',
      'duplicate_in_file',
      'already_in_campaign',
      'in_other_active_campaign',
      'bounced',
      'unsubscribed',
    ]);
    const before = await t.database.db
      .selectFrom('prospects')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('campaign_id', '=', campaignId)
      .executeTakeFirstOrThrow();

    const report = await t.call('GET', `/api/v1/imports/${started.id}/report`, { token: staff });
    expectContract('getImportReport', report, 200);
    expect(report.headers['content-type']).toMatch(/^text\/csv/);
    expect(report.headers['content-disposition']).toBe(
      'attachment; filename="prospects-refused-rows.csv"',
    );
    const lines = report.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      '"row","reason","Prénom","Nom","E-mail","Société","Poste","Téléphone","LinkedIn","Tags"',
    );
    expect(lines).toHaveLength(8);
    expect(lines[1]).toBe('"4","invalid_email","Bad","Mail","not-an-address","","","","",""');

    const commit = await t.call('POST', `/api/v1/imports/${started.id}/commit`, { token: staff });
    expectContract('commitImport', commit, 202);
    const done = await settledImport(started.id);
    expect(done).toMatchObject({ state: 'done', counts: { valid: 2, imported: 2 } });
    const stored = await t.database.db
      .selectFrom('prospects')
      .selectAll()
      .where('import_id', '=', started.id)
      .orderBy('id')
      .execute();
    expect(stored.map((p) => [p.email, p.company_name, p.position, p.prospecting_status])).toEqual([
      ['elise.durand@example.fr', 'Acme', 'CEO', 'pending'],
      ['marc@example.fr', 'Petit; Fils', '=HYPERLINK("x")', 'pending'],
    ]);
    const tags = await t.database.db
      .selectFrom('prospect_tags')
      .innerJoin('tags', 'tags.id', 'prospect_tags.tag_id')
      .select('tags.label')
      .where('prospect_tags.prospect_id', '=', stored[0]!.id)
      .orderBy('tags.label')
      .execute();
    expect(tags.map((tag) => tag.label)).toEqual(['Paris', 'VIP']);
    const after = await t.database.db
      .selectFrom('prospects')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('campaign_id', '=', campaignId)
      .executeTakeFirstOrThrow();
    expect(Number(after.n) - Number(before.n)).toBe(2);
    // The campaign shows them to its customer.
    const campaign = await t.call('GET', `/api/v2/campaigns/${campaignId}`, { token: customer });
    expect(
      campaign.json().prospects.some((p: { email: string }) => p.email === 'marc@example.fr'),
    ).toBe(true);

    // The same file again: every row is now in the campaign.
    const again = await validated((await analysed(file)).id);
    expect(again.counts).toMatchObject({ valid: 0 });
    expect(again.counts.by_reason).toMatchObject({ already_in_campaign: 3 });
  });

  it('counts the stored prospects in the campaign’s figures and on the customer’s dashboard', async () => {
    const figures = async () => {
      const detail = await t.call('GET', `/api/v2/campaigns/${campaignId}`, { token: staff });
      expectContract('getCampaign', detail, 200);
      const dashboard = await t.call('GET', `/api/v1/users/${t.facts.customerId}/dashboard`, {
        token: customer,
      });
      expectContract('getDashboard', dashboard, 200);
      const { campaign, prospects } = detail.json();
      const stored = await t.database.db
        .selectFrom('prospects')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('campaign_id', '=', campaignId)
        .executeTakeFirstOrThrow();
      return {
        listed: prospects.length as number,
        count: campaign.prospects_count as number,
        audience: campaign.audience as number,
        dashboard: (dashboard.json().prospects as { campaign_id: number }[]).filter(
          (p) => p.campaign_id === campaignId,
        ).length,
        stored: stored.n,
      };
    };
    const before = await figures();
    const file = csv(['email;Prénom', 'figures1@example.fr;Anne', 'figures2@example.fr;Bruno']);
    const checked = await validated((await analysed(file)).id);
    expect(checked.counts.valid).toBe(2);
    const commit = await t.call('POST', `/api/v1/imports/${checked.id}/commit`, { token: staff });
    expectContract('commitImport', commit, 202);
    expect(await settledImport(checked.id)).toMatchObject({ state: 'done' });
    // The new prospects are pending: on the dashboard, in the campaign, and in its audience counted from them. A
    // session that wrote nothing may be served the lists' previous version once while they are rebuilt
    // (http/list-cache.ts): read until a rebuilt one comes.
    let after = await figures();
    for (let i = 0; i < 100 && after.dashboard === before.dashboard; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      after = await figures();
    }
    expect(after).toEqual({
      listed: before.listed + 2,
      count: before.count + 2,
      audience: before.stored + 2,
      dashboard: before.dashboard + 2,
      stored: before.stored + 2,
    });
  });

  it('gives a session that saw the import end the campaign with its prospects, not the list it read before', async () => {
    // Another staff session that only reads: the campaign's list is cached for it before the import.
    const watcher = (await t.login('staff@example.com')).access;
    const listed = async () => {
      const detail = await t.call('GET', `/api/v2/campaigns/${campaignId}`, { token: watcher });
      expectContract('getCampaign', detail, 200);
      return (detail.json().prospects as unknown[]).length;
    };
    const before = await listed();
    const file = csv(['email;Prénom', 'watched1@example.fr;Alice']);
    const checked = await validated((await analysed(file)).id);
    const commit = await t.call('POST', `/api/v1/imports/${checked.id}/commit`, { token: staff });
    expectContract('commitImport', commit, 202);
    // The watcher sees the end, then reads the campaign once: the stored prospect is in it, not served later.
    expect(await settledImport(checked.id, watcher)).toMatchObject({ state: 'done' });
    expect(await listed()).toBe(before + 1);
  });

  it('adds prospects of another active campaign when asked, and lists the campaign imports', async () => {
    const elsewhere = await t.database.db
      .selectFrom('prospects')
      .select('email')
      .where('campaign_id', '=', otherActiveId)
      .where('email', 'is not', null)
      .offset(1)
      .executeTakeFirstOrThrow();
    const started = await analysed(csv(['email,first name', `${elsewhere.email},Jo`]));
    expect(started.mapping).toEqual(['email', 'first_name']);
    const checked = await validated(started.id, {
      mapping: ['email', 'first_name'],
      other_campaigns: 'add',
    });
    expect(checked.counts).toMatchObject({ valid: 1, refused: 0 });
    const list = await t.call('GET', `/api/v1/campaigns/${campaignId}/imports`, { token: staff });
    expectContract('listCampaignImports', list, 200);
    expect(list.json().imports[0].id).toBe(started.id);
  });

  it('refuses a mapping without the e-mail or with a field twice, and steps out of order', async () => {
    const started = await analysed(csv(['Nom,Email', 'A,a@b.fr']));
    const noEmail = await t.call('PUT', `/api/v1/imports/${started.id}/mapping`, {
      token: staff,
      body: { mapping: ['last_name', null], other_campaigns: 'skip' },
    });
    expectContract('setImportMapping', noEmail, 422);
    const twice = await t.call('PUT', `/api/v1/imports/${started.id}/mapping`, {
      token: staff,
      body: { mapping: ['email', 'email'], other_campaigns: 'skip' },
    });
    expectContract('setImportMapping', twice, 422);
    const early = await t.call('POST', `/api/v1/imports/${started.id}/commit`, { token: staff });
    expectContract('commitImport', early, 409);
    const report = await t.call('GET', `/api/v1/imports/${started.id}/report`, { token: staff });
    expectContract('getImportReport', report, 409);
  });

  it('is staff only', async () => {
    const res = await upload(csv(['email', 'a@b.fr']), 'x.csv', customer);
    expectContract('startImport', res, 403);
    const list = await t.call('GET', `/api/v1/campaigns/${campaignId}/imports`, {
      token: customer,
    });
    expectContract('listCampaignImports', list, 403);
  });

  it('cancels at once before the commit, and only once', async () => {
    const first = await analysed(csv(['email', 'cancel.me@example.fr']));
    const cancelled = await t.call('POST', `/api/v1/imports/${first.id}/cancel`, { token: staff });
    expectContract('cancelImport', cancelled, 200);
    expect(cancelled.json().state).toBe('cancelled');
    expectContract(
      'cancelImport',
      await t.call('POST', `/api/v1/imports/${first.id}/cancel`, { token: staff }),
      409,
    );
  });

  /** A validated import of `count` new addresses whose commit stopped after its first batch (as by a crash). */
  async function stoppedAfterOneBatch(prefix: string, count: number): Promise<number> {
    const rows = Array.from({ length: count }, (_, i) => `${prefix}${i}@example.fr`);
    const checked = await validated((await analysed(csv(['email', ...rows]))).id);
    expect(checked.counts.valid).toBe(count);
    const { imports } = t.app.services.repos;
    const row = await imports.update(checked.id, ['validated'], {
      state: 'committing',
      progress_done: 0,
      progress_total: count,
    });
    expect(await imports.commitBatch(row!, 0, 1000)).toEqual({
      through: 1001,
      stored: 1000,
      skipped: 0,
    });
    return checked.id;
  }

  const storedWith = (prefix: string) =>
    t.database.db
      .selectFrom('prospects')
      .select('email')
      .where('email', 'like', `${prefix}%@example.fr`)
      .execute();

  it('removes what a commit stored when it is cancelled: nothing is left', async () => {
    const id = await stoppedAfterOneBatch('undo', 2500);
    expect(await storedWith('undo')).toHaveLength(1000);
    const cancelling = await t.call('POST', `/api/v1/imports/${id}/cancel`, { token: staff });
    expectContract('cancelImport', cancelling, 200);
    expect(cancelling.json().state).toBe('cancelling');
    expect(await settledImport(id)).toMatchObject({ state: 'cancelled', counts: { imported: 0 } });
    expect(await storedWith('undo')).toEqual([]);
    // The campaign's audience is counted again without them.
    const { audience } = await t.database.db
      .selectFrom('campaigns')
      .select('audience')
      .where('id', '=', campaignId)
      .executeTakeFirstOrThrow();
    const { n } = await t.database.db
      .selectFrom('prospects')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('campaign_id', '=', campaignId)
      .executeTakeFirstOrThrow();
    expect(audience).toBe(n);
  });

  it('goes on after the last stored batch when a failed commit is retried, storing each row once', async () => {
    const id = await stoppedAfterOneBatch('resume', 2500);
    await t.app.services.repos.imports.update(id, ['committing'], {
      state: 'failed',
      failed_step: 'committing',
      error_code: 'internal_error',
      error_detail: 'the server stopped',
    });
    const retry = await t.call('POST', `/api/v1/imports/${id}/retry`, { token: staff });
    expectContract('retryImport', retry, 202);
    expect(await settledImport(id)).toMatchObject({
      state: 'done',
      counts: { valid: 2500, imported: 2500 },
      progress: { done: 2500, total: 2500 },
    });
    const stored = await storedWith('resume');
    expect(stored).toHaveLength(2500);
    expect(new Set(stored.map((p) => p.email)).size).toBe(2500);
  });

  it('takes up again a commit left running without its job (its instance died), storing each row once', async () => {
    const id = await stoppedAfterOneBatch('orphan', 2500);
    // Recent: not taken as stuck yet.
    expect(await recoverImports(t.app.services)).toEqual({ resumed: [], failed: [] });
    const recovered = await recoverImports(t.app.services, { stuckAfterSeconds: 0 });
    expect(recovered).toEqual({ resumed: [id], failed: [] });
    // Its job waits or runs (or it is done): no second job.
    expect((await recoverImports(t.app.services, { stuckAfterSeconds: 0 })).resumed).toEqual([]);
    expect(await settledImport(id)).toMatchObject({
      state: 'done',
      counts: { valid: 2500, imported: 2500 },
    });
    const stored = await storedWith('orphan');
    expect(stored).toHaveLength(2500);
    expect(new Set(stored.map((p) => p.email)).size).toBe(2500);
  });

  it('fails an import whose step’s last attempt expired, with the reason, and the retry goes on', async () => {
    const id = await stoppedAfterOneBatch('expired', 1500);
    // The commit's last attempt expired on an instance that died: the queue failed it, no handler said why.
    const { jobs } = t.app.services;
    const jobId = await jobs.send('imports.commit', { importId: id }, { startAfterSeconds: 3600 });
    const schema = sql.id(jobsSchemaName(t.database.postgres?.schema));
    await sql`update ${schema}.job set state = 'failed', retry_count = retry_limit,
                     output = ${JSON.stringify({ message: 'job timed out' })}::jsonb
               where id = ${jobId}::uuid`.execute(t.database.db);
    expect(await recoverImports(t.app.services, { stuckAfterSeconds: 0 })).toEqual({
      resumed: [],
      failed: [id],
    });
    const failed = await settledImport(id);
    expect(failed).toMatchObject({ state: 'failed', error: { code: 'internal_error' } });
    expect(failed.error!.detail).toContain('job timed out');
    const retry = await t.call('POST', `/api/v1/imports/${id}/retry`, { token: staff });
    expectContract('retryImport', retry, 202);
    expect(await settledImport(id)).toMatchObject({ state: 'done', counts: { imported: 1500 } });
    expect(await storedWith('expired')).toHaveLength(1500);
  });

  it('fails a step with its reason, and retries it', async () => {
    const started = await analysed(csv(['email', 'retry@example.fr']));
    // The file goes missing from the disk: the validation fails, saying why.
    const row = await t.app.services.repos.imports.find(started.id);
    const { rename } = await import('node:fs/promises');
    await rename(row!.file_path, `${row!.file_path}.away`);
    const failed = await validated(started.id);
    expect(failed).toMatchObject({ state: 'failed', error: { code: 'file_missing' } });
    await rename(`${row!.file_path}.away`, row!.file_path);
    const retry = await t.call('POST', `/api/v1/imports/${started.id}/retry`, { token: staff });
    expectContract('retryImport', retry, 202);
    expect(retry.json()).toMatchObject({ state: 'validating', error: null });
    expect(await settledImport(started.id)).toMatchObject({
      state: 'validated',
      counts: { valid: 1 },
    });
  });
});

describe('file formats', () => {
  it('reads Windows-1252 with commas, and tab-separated UTF-8', async () => {
    const latin = Buffer.from('Prénom,Nom,Email\r\nAndré,Müller,andre@example.fr\r\n', 'latin1');
    const one = await analysed(latin);
    expect(one).toMatchObject({ encoding: 'windows-1252', delimiter: ',' });
    expect(one.columns).toEqual(['Prénom', 'Nom', 'Email']);
    expect(one.preview[0]?.prospect).toMatchObject({ first_name: 'André', last_name: 'Müller' });
    const tabs = await analysed(csv(['Email\tSociété', 'a@b.fr\tÉcole']));
    expect(tabs).toMatchObject({ encoding: 'utf-8', delimiter: '\t' });
    expect(tabs.preview[0]?.prospect.company_name).toBe('École');
  });

  it('reads the first sheet of an XLSX: shared and inline strings, numbers, formulas never evaluated', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Prospects');
    sheet.addRow(['First name', 'Last name', 'Email', 'Phone', 'Company']);
    sheet.addRow(['Ada', 'Lovelace', 'ada@example.org', 33612345678, { formula: 'A2&B2' }]);
    sheet.addRow(['Alan', 'Turing', 'alan@example.org', null, { formula: '1+1', result: 2 }]);
    sheet.addRow([]);
    sheet.addRow(['Grace', '', 'grace@example.org']);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const started = await analysed(file, 'prospects.xlsx');
    expect(started).toMatchObject({ format: 'xlsx', encoding: null, counts: { rows: 3 } });
    expect(started.mapping).toEqual(['first_name', 'last_name', 'email', 'phone', 'company_name']);
    expect(started.preview.map((p) => [p.prospect.phone, p.prospect.company_name])).toEqual([
      ['33612345678', '=A2&B2'],
      [null, '2'],
      [null, ''],
    ]);
  });
});

/** A one-entry zip whose entry declares `declared` bytes unpacked (a lie when smaller than its content). */
function zipOf(entries: { name: string; data: Buffer; declared?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data, declared } of entries) {
    const packed = deflateRawSync(data);
    const nameBytes = Buffer.from(name);
    const crc = crc32(data);
    const size = declared ?? data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

function crc32(data: Buffer): number {
  let crc = ~0;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

const WORKBOOK =
  '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>';
const RELATIONS =
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="worksheet" Target="worksheets/sheet1.xml"/></Relationships>';

describe('bad input: a clear error code, nothing kept', () => {
  it('refuses at upload an empty file, binary content, an old .xls and a file over 50 MB', async () => {
    const empty = await upload(Buffer.alloc(0));
    expectContract('startImport', empty, 422);
    expect(empty.json().code).toBe('empty_file');
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    const binary = await upload(png, 'prospects.csv');
    expectContract('startImport', binary, 415);
    expect(binary.json().code).toBe('not_a_spreadsheet');
    const xls = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);
    const old = await upload(xls, 'prospects.xls');
    expectContract('startImport', old, 415);
    expect(old.json().code).toBe('unsupported_format');
    const big = await upload(Buffer.alloc(60 * 1024 * 1024, 'a'), 'big.csv');
    expectContract('startImport', big, 413);
    expect(big.json().code).toBe('file_too_large');
    const dir = `${t.config.uploads.dir}/imports`;
    const { readdir } = await import('node:fs/promises');
    const files = existsSync(dir) ? await readdir(dir) : [];
    const kept = await t.database.db.selectFrom('imports').select('file_path').execute();
    // Only the files of accepted imports are on the disk.
    expect(files.every((f) => kept.some((k) => k.file_path.endsWith(f)))).toBe(true);
  });

  it.each([
    ['a header and no row', csv(['email;name']), 'no_rows'],
    ['a row of 10,000 columns', csv(['email', `a@b.fr${',x'.repeat(9999)}`]), 'too_many_columns'],
    ['an unclosed quote', csv(['email', '"a@b.fr', 'c@d.fr']), 'malformed_csv'],
    [
      'UTF-8 and Windows-1252 mixed',
      Buffer.concat([
        csv(['email,name', 'a@b.fr,Élise']),
        Buffer.from('c@d.fr,Andr\xe9\r\n', 'latin1'),
      ]),
      'mixed_encodings',
    ],
    [
      'a zip that is no workbook',
      zipOf([{ name: 'a.txt', data: Buffer.from('hi') }]),
      'unsupported_format',
    ],
    [
      'a broken archive',
      Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(100)]),
      'malformed_xlsx',
    ],
  ])('fails the analysis of %s', async (_name, file, code) => {
    const res = await analysed(file);
    expect(res).toMatchObject({ state: 'failed', error: { code } });
    expect(res.error?.detail).not.toBe('');
  });

  it('refuses an XLSX zip bomb, declared or lying about its size, without unpacking it', async () => {
    const rows = '<row><c t="inlineStr"><is><t>a@b.fr</t></is></c></row>';
    const bomb = Buffer.from(
      `<worksheet><sheetData>${rows}${' '.repeat(4 * 1024 * 1024)}</sheetData></worksheet>`,
    );
    const parts = [
      { name: 'xl/workbook.xml', data: Buffer.from(WORKBOOK) },
      { name: 'xl/_rels/workbook.xml.rels', data: Buffer.from(RELATIONS) },
    ];
    const honest = zipOf([
      ...parts,
      { name: 'xl/worksheets/sheet1.xml', data: bomb, declared: 0xfffffff0 },
    ]);
    expect(honest.length).toBeLessThan(1024 * 1024);
    expect(await analysed(honest, 'bomb.xlsx')).toMatchObject({
      state: 'failed',
      error: { code: 'xlsx_too_large_uncompressed' },
    });
    const lying = zipOf([
      ...parts,
      { name: 'xl/worksheets/sheet1.xml', data: bomb, declared: 4096 },
    ]);
    expect(await analysed(lying, 'bomb.xlsx')).toMatchObject({
      state: 'failed',
      error: { code: 'xlsx_too_large_uncompressed' },
    });
  });
});
