import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isNurtureAllCandidate } from '@prospecta/domain';
import {
  EXPORT_COLUMNS,
  EXPORT_LABELS,
  replyNeedsAnswer,
  type ExportColumn,
  type ReplyLabel,
} from '@prospecta/domain';
import { recoverSends } from '../src/engine/deliver';
import { expectContract, startTestApp, type TestApp } from './helpers';

let t: TestApp;
let customer: string;
let other: string;
let staff: string;
let campaignIds: Record<string, number> = {};

beforeAll(async () => {
  t = await startTestApp();
  customer = (await t.login('customer@example.com')).access;
  other = (await t.login('other.customer@example.com')).access;
  staff = (await t.login('staff@example.com')).access;
  const rows = await t.database.db.selectFrom('campaigns').select(['id', 'name']).execute();
  campaignIds = Object.fromEntries(rows.map((r) => [r.name, r.id]));
});
afterAll(async () => t?.close());

const cid = (name: string) => {
  const id = campaignIds[name];
  if (!id) throw new Error(`no campaign ${name}`);
  return id;
};

async function readSheet(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  const first = (sheet.getRow(2).values as unknown[]).slice(1);
  const column = (name: ExportColumn) =>
    sheet
      .getColumn(EXPORT_COLUMNS.indexOf(name) + 1)
      .values.slice(2)
      .map((value) => (value === undefined || value === null ? '' : String(value)));
  return {
    column,
    name: sheet.name,
    header,
    first,
    rows: sheet.rowCount - 1,
    bold: sheet.getRow(1).getCell(1).font?.bold === true,
    frozen: sheet.views[0]?.state === 'frozen' && sheet.views[0]?.ySplit === 1,
  };
}

describe('campaigns', () => {
  it('lists the campaigns of a user, sorted by name, with steps and statistics', async () => {
    const res = await t.call('GET', `/api/v1/users/${t.facts.customerId}/campaigns`, {
      token: customer,
    });
    expectContract('listUserCampaigns', res, 200);
    const names = res.json().campaigns.map((c: { name: string }) => c.name);
    expect(names).toEqual(
      [...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    expect(names).toHaveLength(5);
    expect(res.json().campaigns[0].steps.length).toBeGreaterThan(0);
    // The owner's name and company (the list's staff search).
    expect(res.json().campaigns[0].user).toEqual({
      id: t.facts.customerId,
      full_name: 'Julien Moreau',
      company_name: expect.stringMatching(/\S/),
    });
    expectContract(
      'listUserCampaigns',
      await t.call('GET', `/api/v1/users/${t.facts.customerId}/campaigns`, { token: staff }),
      200,
    );
    expectContract(
      'listUserCampaigns',
      await t.call('GET', `/api/v1/users/${t.facts.customerId}/campaigns`, { token: other }),
      403,
    );
    expectContract(
      'listUserCampaigns',
      await t.call('GET', '/api/v1/users/999999/campaigns', { token: staff }),
      404,
    );
    expectContract(
      'listUserCampaigns',
      await t.call('GET', '/api/v1/users/-1/campaigns', { token: staff }),
      404,
    );
  });

  it('answers a campaign with every prospect', async () => {
    const id = cid('Lancement SaaS RH — Île-de-France');
    const res = await t.call('GET', `/api/v2/campaigns/${id}`, { token: customer });
    expectContract('getCampaign', res, 200);
    const body = res.json();
    expect(body.campaign.prospects_count).toBe(body.prospects.length);
    expect(body.prospects.length).toBe(70);
    expectContract(
      'getCampaign',
      await t.call('GET', `/api/v2/campaigns/${id}`, { token: other }),
      404,
    );
    expectContract(
      'getCampaign',
      await t.call('GET', '/api/v2/campaigns/999999', { token: staff }),
      404,
    );
  });

  it('reports the sends whose outcome is unknown to staff only, as soon as one turns unknown', async () => {
    const id = cid('Lancement SaaS RH — Île-de-France');
    const { db } = t.database;
    // A step of the campaign not yet planned for one of its prospects, handed to SMTP by an instance long gone.
    const free = await db
      .selectFrom('prospects as p')
      .innerJoin('campaign_steps as s', 's.campaign_id', 'p.campaign_id')
      .select(['p.id as prospectId', 's.id as stepId'])
      .where('p.campaign_id', '=', id)
      .where('s.workflow_step_type', '=', 'email')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('sends')
              .select('sends.id')
              .whereRef('sends.prospect_id', '=', 'p.id')
              .whereRef('sends.step_id', '=', 's.id'),
          ),
        ),
      )
      .executeTakeFirstOrThrow();
    const account = await db
      .selectFrom('email_accounts')
      .select('id')
      .where('user_id', '=', t.facts.customerId)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('sends')
      .values({
        campaign_id: id,
        step_id: free.stepId,
        prospect_id: free.prospectId,
        email_account_id: account.id,
        message_id: `unknown-outcome-${free.prospectId}@sender.example`,
        state: 'sending',
        due_at: new Date(),
        sending_at: new Date(Date.now() - 3_600_000),
      })
      .execute();
    const read = (token: string, etag?: string) =>
      t.call('GET', `/api/v2/campaigns/${id}`, {
        token,
        ...(etag ? { headers: { 'if-none-match': etag } } : {}),
      });
    const before = await read(staff);
    expectContract('getCampaign', before, 200);
    const counted = before.json().campaign.unknown_sends as number;
    expect(counted).toBeGreaterThanOrEqual(0);

    const recovered = await recoverSends(
      { db, sequence: { advanceSequence: async () => {} } },
      180,
    );
    expect(recovered).toBeGreaterThanOrEqual(1);
    // The staff's cached answer was retired: its ETag no longer matches once the new version is built (a reader
    // that wrote nothing gets the previous answer while it is being built, http/list-cache.ts).
    let after = await read(staff, before.headers.etag as string);
    for (let i = 0; i < 50 && after.statusCode === 304; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      after = await read(staff, before.headers.etag as string);
    }
    expectContract('getCampaign', after, 200);
    expect(after.json().campaign.unknown_sends).toBe(counted + 1);

    const mine = await read(customer);
    expectContract('getCampaign', mine, 200);
    expect(mine.json().campaign.unknown_sends).toBeNull();
    const list = async (token: string) => {
      const res = await t.call('GET', `/api/v1/users/${t.facts.customerId}/campaigns`, { token });
      expectContract('listUserCampaigns', res, 200);
      return res.json().campaigns.find((c: { id: number }) => c.id === id);
    };
    expect((await list(staff)).unknown_sends).toBe(counted + 1);
    expect((await list(customer)).unknown_sends).toBeNull();
  });

  it('syncs an active campaign (staff only) and stamps the last update', async () => {
    const id = cid('UK Fintech Outreach Q3');
    const before = (await t.call('GET', `/api/v2/campaigns/${id}`, { token: staff })).json()
      .campaign;
    const res = await t.call('GET', `/api/v1/campaigns/${id}/sync`, { token: staff });
    expectContract('syncCampaign', res, 200);
    const after = res.json();
    expect(new Date(after.last_update_at).getTime()).toBeGreaterThan(
      new Date(before.last_update_at).getTime(),
    );
    // The seed records what it shows as events: recomputed from them, the figures are the same.
    const figures = (c: Record<string, unknown>) => [
      c.audience,
      c.contacted,
      c.contacts_opened,
      c.contacts_clicked,
      c.contacts_answered,
    ];
    expect(figures(after)).toEqual(figures(before));
    expect(after.contacted).toBeGreaterThan(0);
    expect(after.contacts_answered).toBeGreaterThan(0);
    expectContract(
      'syncCampaign',
      await t.call('GET', `/api/v1/campaigns/${id}/sync`, { token: customer }),
      403,
    );
    expectContract(
      'syncCampaign',
      await t.call('GET', `/api/v1/campaigns/${cid('Relance Salon VivaTech 2026')}/sync`, {
        token: staff,
      }),
      409,
    );
    expectContract(
      'syncCampaign',
      await t.call('GET', '/api/v1/campaigns/999999/sync', { token: staff }),
      404,
    );
  });

  it('exports a campaign as .xlsx with the §3 columns in order (staff only)', async () => {
    const id = cid('Lancement SaaS RH — Île-de-France');
    const res = await t.call('GET', `/api/v1/campaigns/${id}/prospects/export`, { token: staff });
    expectContract('exportCampaignProspects', res, 200);
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="prospecta-lancement-saas-rh-ile-de-france-\d{4}-\d{2}-\d{2}\.xlsx"/,
    );
    const sheet = await readSheet(res.rawPayload);
    expect(sheet.header).toEqual(EXPORT_COLUMNS.map((c) => EXPORT_LABELS.fr.headers[c]));
    expect(sheet.rows).toBe(70);
    // The sheet reads like the screen: named after the campaign (Excel's 31 characters), header bold and frozen,
    // one row per prospect with its campaign in the campaign column.
    expect(sheet.name).toBe('Lancement SaaS RH — Île-de-Fran');
    expect(sheet.bold).toBe(true);
    expect(sheet.frozen).toBe(true);
    expect(sheet.first[EXPORT_COLUMNS.indexOf('campaign')]).toBe(
      'Lancement SaaS RH — Île-de-France',
    );
    expectContract(
      'exportCampaignProspects',
      await t.call('GET', `/api/v1/campaigns/${id}/prospects/export`, { token: customer }),
      403,
    );
    expectContract(
      'exportCampaignProspects',
      await t.call('GET', '/api/v1/campaigns/999999/prospects/export', { token: staff }),
      404,
    );
  });
});

describe('export language', () => {
  const datePattern = (months: string) =>
    new RegExp(`^\\d{2} (${months}) \\d{4} - \\d{2}:\\d{2}( — |$)`);
  const FRENCH_MONTH =
    'janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre';
  const ENGLISH_MONTH =
    'January|February|March|April|May|June|July|August|September|October|November|December';
  const RAW_CODES = /\b(REACHED|NOT_REACHED|WRONG_NUMBER|INCOMING_CALL|mister|miss|to call)\b/;

  it('writes a French sheet: headers, titles, statuses, call outcomes and §1 dates in French', async () => {
    const id = cid('Lancement SaaS RH — Île-de-France');
    const res = await t.call('GET', `/api/v1/campaigns/${id}/prospects/export?locale=fr`, {
      token: staff,
    });
    expectContract('exportCampaignProspects', res, 200);
    const sheet = await readSheet(res.rawPayload);
    expect(sheet.header.slice(0, 3)).toEqual(['Civilité', 'Prénom', 'Nom']);
    expect(sheet.header[EXPORT_COLUMNS.indexOf('last comment')]).toBe('Dernier commentaire');
    expect(sheet.header.at(-1)).toBe('Étiquette de la dernière réponse');
    const titles = new Set(sheet.column('title'));
    expect([...titles].every((v) => ['M.', 'Mme', 'Non précisée'].includes(v))).toBe(true);
    const statuses = new Set(sheet.column('status'));
    expect([...statuses].every((v) => Object.values(EXPORT_LABELS.fr.statuses).includes(v))).toBe(
      true,
    );
    const comments = sheet.column('last comment').filter(Boolean);
    expect(comments.length).toBeGreaterThan(0);
    for (const comment of comments) {
      expect(comment).toMatch(datePattern(FRENCH_MONTH));
      expect(comment).not.toMatch(RAW_CODES);
    }
    // Without a language the sheet is French (§1's default).
    const plain = await readSheet(
      (await t.call('GET', `/api/v1/campaigns/${id}/prospects/export`, { token: staff }))
        .rawPayload,
    );
    expect(plain.header).toEqual(sheet.header);
  });

  it('writes an English sheet when the call asks for English', async () => {
    const res = await t.call(
      'GET',
      `/api/v1/users/${t.facts.customerId}/dashboard/export?locale=en`,
      { token: staff },
    );
    expectContract('exportDashboard', res, 200);
    const sheet = await readSheet(res.rawPayload);
    expect(sheet.name).toBe('Dashboard');
    expect(sheet.header.slice(0, 3)).toEqual(['Title', 'First name', 'Last name']);
    const statuses = new Set(sheet.column('status'));
    expect(statuses.has('To call')).toBe(true);
    expect([...statuses].every((v) => Object.values(EXPORT_LABELS.en.statuses).includes(v))).toBe(
      true,
    );
    const comments = sheet.column('last comment').filter(Boolean);
    expect(comments.length).toBeGreaterThan(0);
    for (const comment of comments) {
      expect(comment).toMatch(datePattern(ENGLISH_MONTH));
      expect(comment).not.toMatch(RAW_CODES);
    }
  });

  it('refuses a language the product does not have', async () => {
    const id = cid('Lancement SaaS RH — Île-de-France');
    const res = await t.call('GET', `/api/v1/campaigns/${id}/prospects/export?locale=de`, {
      token: staff,
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('dashboard', () => {
  it('answers the prospects that have a dashboard column', async () => {
    const res = await t.call('GET', `/api/v1/users/${t.facts.customerId}/dashboard`, {
      token: customer,
    });
    expectContract('getDashboard', res, 200);
    const statuses = new Set(
      res.json().prospects.map((p: { prospecting_status: string }) => p.prospecting_status),
    );
    expect([...statuses].sort()).toEqual(['converted', 'nurture', 'ongoing', 'pending', 'to_call']);
    expectContract(
      'getDashboard',
      await t.call('GET', `/api/v1/users/${t.facts.customerId}/dashboard`, { token: other }),
      403,
    );
    expectContract(
      'getDashboard',
      await t.call('GET', `/api/v1/users/${t.facts.otherCustomerId}/dashboard`, { token: staff }),
      200,
    );
    expectContract(
      'getDashboard',
      await t.call('GET', '/api/v1/users/999999/dashboard', { token: staff }),
      404,
    );
  });

  it('shows a change at once: writes invalidate the list cache', async () => {
    const url = `/api/v1/users/${t.facts.customerId}/dashboard`;
    const before = (await t.call('GET', url, { token: customer })).json().prospects as {
      id: number;
      prospecting_status: string;
      campaign_id: number;
    }[];
    const target = before.find((p) => p.prospecting_status === 'ongoing');
    expect(target).toBeDefined();
    expect((await t.call('GET', url, { token: customer })).json()).toEqual({ prospects: before });
    await t.call('GET', `/api/v2/campaigns/${target!.campaign_id}`, { token: customer });
    await t.call('PUT', `/api/v1/prospects/${target!.id}/status`, {
      token: customer,
      body: { prospecting_status: 'converted' },
    });
    const after = (await t.call('GET', url, { token: customer })).json().prospects as {
      id: number;
      prospecting_status: string;
    }[];
    expect(after.find((p) => p.id === target!.id)?.prospecting_status).toBe('converted');
    const campaign = (
      await t.call('GET', `/api/v2/campaigns/${target!.campaign_id}`, { token: customer })
    ).json();
    expect(
      campaign.prospects.find((p: { id: number }) => p.id === target!.id).prospecting_status,
    ).toBe('converted');
  });

  it('exports the dashboard (staff only)', async () => {
    const res = await t.call('GET', `/api/v1/users/${t.facts.customerId}/dashboard/export`, {
      token: staff,
    });
    expectContract('exportDashboard', res, 200);
    const sheet = await readSheet(res.rawPayload);
    expect(sheet.name).toBe('Tableau de bord');
    expect(sheet.header).toEqual(EXPORT_COLUMNS.map((c) => EXPORT_LABELS.fr.headers[c]));
    expectContract(
      'exportDashboard',
      await t.call('GET', `/api/v1/users/${t.facts.customerId}/dashboard/export`, {
        token: customer,
      }),
      403,
    );
    expectContract(
      'exportDashboard',
      await t.call('GET', '/api/v1/users/999999/dashboard/export', { token: staff }),
      404,
    );
  });

  it('nurture-all moves exactly the isNurtureAllCandidate prospects (staff only)', async () => {
    const rows = await t.database.db
      .selectFrom('prospects as p')
      .innerJoin('campaigns as c', 'c.id', 'p.campaign_id')
      .select([
        'p.id',
        'p.prospecting_status',
        'p.has_responses',
        'c.is_active as campaign_is_active',
      ])
      .where('p.user_id', '=', t.facts.customerId)
      .execute();
    const expected = rows.filter((r) => isNurtureAllCandidate(r as never)).map((r) => r.id);
    expect(expected.length).toBeGreaterThan(0);
    expectContract(
      'nurtureAllProspects',
      await t.call('POST', `/api/v1/users/${t.facts.customerId}/dashboard/nurture-prospects`, {
        token: customer,
      }),
      403,
    );
    const res = await t.call(
      'POST',
      `/api/v1/users/${t.facts.customerId}/dashboard/nurture-prospects`,
      { token: staff },
    );
    expectContract('nurtureAllProspects', res, 200);
    expect(res.json().moved).toBe(expected.length);
    const after = await t.database.db
      .selectFrom('prospects')
      .select(['id', 'prospecting_status'])
      .where('id', 'in', expected)
      .execute();
    expect(after.every((p) => p.prospecting_status === 'nurture')).toBe(true);
    const again = await t.call(
      'POST',
      `/api/v1/users/${t.facts.customerId}/dashboard/nurture-prospects`,
      { token: staff },
    );
    expect(again.json().moved).toBe(0);
    expectContract(
      'nurtureAllProspects',
      await t.call('POST', '/api/v1/users/999999/dashboard/nurture-prospects', { token: staff }),
      404,
    );
  });

  it('clean-nurture moves the nurture column to nurtured (the user or staff)', async () => {
    expectContract(
      'cleanNurtureColumn',
      await t.call('POST', `/api/v1/users/${t.facts.customerId}/dashboard/clean-nurture`, {
        token: other,
      }),
      403,
    );
    expectContract(
      'cleanNurtureColumn',
      await t.call('POST', '/api/v1/users/999999/dashboard/clean-nurture', { token: staff }),
      404,
    );
    const res = await t.call(
      'POST',
      `/api/v1/users/${t.facts.customerId}/dashboard/clean-nurture`,
      { token: customer },
    );
    expectContract('cleanNurtureColumn', res, 200);
    expect(res.json().moved).toBeGreaterThan(0);
    const left = await t.database.db
      .selectFrom('prospects')
      .select('id')
      .where('user_id', '=', t.facts.customerId)
      .where('prospecting_status', '=', 'nurture')
      .execute();
    expect(left).toHaveLength(0);
    const history = await t.database.db
      .selectFrom('history_entries')
      .select(['from_status', 'to_status'])
      .where('to_status', '=', 'nurtured')
      .execute();
    expect(history.length).toBeGreaterThanOrEqual(res.json().moved);
  });
});

describe('inbox', () => {
  it('lists one item per prospect still to handle, newest first, with counts', async () => {
    const res = await t.call('GET', `/api/v1/users/${t.facts.customerId}/inbox-messages`, {
      token: customer,
    });
    expectContract('getInboxMessages', res, 200);
    const inbox = res.json();
    // §2: the count to handle and the unread count leave out the answers that need no answer (decision 0210).
    type Item = { is_read: boolean; label: ReplyLabel | null };
    const needing = inbox.items.filter((i: Item) => replyNeedsAnswer(i.label));
    expect(inbox.to_handle_count).toBe(needing.length);
    expect(inbox.counts.all).toBe(inbox.items.length);
    expect(inbox.unread_count).toBe(needing.filter((i: Item) => !i.is_read).length);
    const dates = inbox.items.map((i: { received_at: string }) => i.received_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const item of inbox.items)
      expect(['pending', 'ongoing', 'to_call']).toContain(item.prospect.prospecting_status);
    expectContract(
      'getInboxMessages',
      await t.call('GET', `/api/v1/users/${t.facts.customerId}/inbox-messages`, { token: other }),
      403,
    );
    expectContract(
      'getInboxMessages',
      await t.call('GET', '/api/v1/users/999999/inbox-messages', { token: staff }),
      404,
    );
  });

  it('marks an answer read and answers the remaining unread count; staff cannot clear a customer’s badge', async () => {
    const inbox = (
      await t.call('GET', `/api/v1/users/${t.facts.customerId}/inbox-messages`, { token: customer })
    ).json();
    const unread = inbox.items.find(
      (i: { is_read: boolean; label: ReplyLabel | null }) =>
        !i.is_read && replyNeedsAnswer(i.label),
    );
    expect(unread).toBeDefined();
    expectContract(
      'markInboxMessageRead',
      await t.call('POST', `/api/v1/users/${t.facts.customerId}/inbox-messages/${unread.id}/read`, {
        token: staff,
      }),
      403,
    );
    const res = await t.call(
      'POST',
      `/api/v1/users/${t.facts.customerId}/inbox-messages/${unread.id}/read`,
      { token: customer },
    );
    expectContract('markInboxMessageRead', res, 200);
    expect(res.json().unread_messages_count).toBe(inbox.unread_count - 1);
    const me = (
      await t.call('GET', '/api/users/user?include=unread_messages', { token: customer })
    ).json();
    expect(me.unread_messages_count).toBe(inbox.unread_count - 1);
    expect(
      me.unread_messages_since.some((m: { message_id: number }) => m.message_id === unread.id),
    ).toBe(false);
    expectContract(
      'markInboxMessageRead',
      await t.call('POST', `/api/v1/users/${t.facts.customerId}/inbox-messages/999999/read`, {
        token: customer,
      }),
      404,
    );
    expectContract(
      'markInboxMessageRead',
      await t.call('POST', `/api/v1/users/${t.facts.customerId}/inbox-messages/${unread.id}/read`, {
        token: other,
      }),
      403,
    );
  });

  it('drops a prospect from the inbox once acted upon', async () => {
    const inbox = (
      await t.call('GET', `/api/v1/users/${t.facts.customerId}/inbox-messages`, { token: customer })
    ).json();
    const first = inbox.items.find((i: { label: ReplyLabel | null }) => replyNeedsAnswer(i.label));
    await t.call('PUT', `/api/v1/prospects/${first.prospect.id}/status`, {
      token: customer,
      body: { prospecting_status: 'lost' },
    });
    const after = (
      await t.call('GET', `/api/v1/users/${t.facts.customerId}/inbox-messages`, { token: customer })
    ).json();
    expect(after.to_handle_count).toBe(inbox.to_handle_count - 1);
    expect(
      after.items.some((i: { prospect: { id: number } }) => i.prospect.id === first.prospect.id),
    ).toBe(false);
  });
});

describe('users', () => {
  it('answers the profile, by id for staff or oneself', async () => {
    expectContract(
      'getCurrentUser',
      await t.call('GET', '/api/users/user', { token: customer }),
      200,
    );
    expectContract(
      'getUserProfile',
      await t.call('GET', `/api/users/${t.facts.customerId}/profile`, { token: customer }),
      200,
    );
    expectContract(
      'getUserProfile',
      await t.call('GET', `/api/users/${t.facts.customerId}/profile`, { token: staff }),
      200,
    );
    expectContract(
      'getUserProfile',
      await t.call('GET', `/api/users/${t.facts.customerId}/profile`, { token: other }),
      403,
    );
    expectContract(
      'getUserProfile',
      await t.call('GET', '/api/users/999999/profile', { token: staff }),
      404,
    );
  });

  it('lists users for staff only, with search', async () => {
    const all = await t.call('GET', '/api/users/list', { token: staff });
    expectContract('listUsers', all, 200);
    expect(all.json().users.map((u: { last_name: string }) => u.last_name)).toEqual([
      'Clarke',
      'Laurent',
      'Moreau',
    ]);
    const found = await t.call('GET', '/api/users/list?search=NORTHWIND', { token: staff });
    expect(found.json().users.map((u: { email: string }) => u.email)).toEqual([
      'other.customer@example.com',
    ]);
    expectContract('listUsers', await t.call('GET', '/api/users/list', { token: customer }), 403);
    expectContract(
      'listUsers',
      await t.call('GET', `/api/users/list?search=${'x'.repeat(201)}`, { token: staff }),
      400,
    );
  });

  it('lists the comments of the last 60 days, newest first', async () => {
    const res = await t.call('GET', `/api/users/${t.facts.customerId}/last-comments`, {
      token: customer,
    });
    expectContract('listLastComments', res, 200);
    const comments = res.json().comments as { created_at: string; prospect_id: number }[];
    expect(comments.length).toBeGreaterThan(0);
    const limit = Date.now() - 60 * 24 * 3600 * 1000 - 60_000;
    expect(comments.every((c) => new Date(c.created_at).getTime() >= limit)).toBe(true);
    const older = await t.database.db
      .selectFrom('comments as c')
      .innerJoin('prospects as p', 'p.id', 'c.prospect_id')
      .select('c.id')
      .where('p.user_id', '=', t.facts.customerId)
      .where('c.created_at', '<', new Date(limit))
      .execute();
    expect(older.length).toBeGreaterThan(0);
    const one = comments[0]!.prospect_id;
    const narrowed = await t.call(
      'GET',
      `/api/users/${t.facts.customerId}/last-comments?prospect_id=${one}`,
      { token: customer },
    );
    expectContract('listLastComments', narrowed, 200);
    expect(
      narrowed.json().comments.every((c: { prospect_id: number }) => c.prospect_id === one),
    ).toBe(true);
    expectContract(
      'listLastComments',
      await t.call('GET', `/api/users/${t.facts.customerId}/last-comments`, { token: other }),
      403,
    );
    expectContract(
      'listLastComments',
      await t.call('GET', `/api/users/${t.facts.customerId}/last-comments?prospect_id=999999`, {
        token: customer,
      }),
      404,
    );
  });
});
