import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXPORT_COLUMNS,
  EXPORT_LABELS,
  INBOX_FILTERS,
  inboxFilterMatches,
  replyNeedsAnswer,
  type InboxFilter,
  type ReplyLabel,
} from '@prospecta/domain';
import { expectContract, startTestApp, type TestApp } from './helpers';

/** The reply labels in the inbox: its filters and counts, a label changed by a user, automatic answers, the export. */
let t: TestApp;
let customer: string;
let staff: string;
let other: string;

beforeAll(async () => {
  t = await startTestApp();
  const tokens = await Promise.all(
    ['customer@example.com', 'staff@example.com', 'other.customer@example.com'].map(
      async (email) => (await t.login(email)).access,
    ),
  );
  [customer, staff, other] = tokens as [string, string, string];
});
afterAll(async () => t?.close());

interface Item {
  id: number;
  is_read: boolean;
  content: string;
  label: ReplyLabel | null;
  label_origin: 'classifier' | 'user' | null;
  label_confidence: number | null;
  referral: string | null;
  prospect: { id: number };
}
interface Inbox {
  to_handle_count: number;
  unread_count: number;
  counts: Record<InboxFilter, number>;
  items: Item[];
}

const inboxUrl = (filter?: InboxFilter, userId = t.facts.customerId) =>
  `/api/v1/users/${userId}/inbox-messages${filter ? `?filter=${filter}` : ''}`;
async function inbox(filter?: InboxFilter, token = customer): Promise<Inbox> {
  const res = await t.call('GET', inboxUrl(filter), { token });
  expectContract('getInboxMessages', res, 200);
  return res.json() as Inbox;
}
const profileCount = async () =>
  (
    (await t.call('GET', '/api/users/user', { token: customer })).json() as {
      unread_messages_count: number;
    }
  ).unread_messages_count;
const labelUrl = (messageId: number, userId = t.facts.customerId) =>
  `/api/v1/users/${userId}/inbox-messages/${messageId}/label`;
const historyOf = async (prospectId: number) =>
  (
    (await t.call('GET', `/api/v2/prospects/${prospectId}`, { token: customer })).json() as {
      history: { id: number; type: string; event?: Record<string, unknown> | null }[];
    }
  ).history;
/** A new unread answer of a prospect that had none, with this label (the development route, as the watch would). */
async function arrives(content: string, label?: ReplyLabel, prospectId?: number) {
  const res = await t.call('POST', '/api/dev/inbox-answers', {
    version: null,
    body: {
      email: 'customer@example.com',
      content,
      ...(label ? { label } : {}),
      ...(prospectId ? { prospect_id: prospectId } : {}),
    },
  });
  expectContract('addDevInboxAnswer', res, 201);
  return res.json() as { message_id: number; prospect_id: number };
}

describe('the inbox’s labels, filters and counts', () => {
  it('labels the demo answers as the classifier does and lists each filter’s answers, the counts ignoring the filter', async () => {
    const all = await inbox();
    expect(all.items.length).toBeGreaterThan(5);
    // The demo seed labels its answers as the classifier would: every kind of answer is there.
    const labels = new Set(all.items.map((i) => i.label));
    for (const label of ['auto_reply', 'interested', 'not_interested'] as const)
      expect(labels, label).toContain(label);
    for (const item of all.items.filter((i) => i.label))
      expect(item).toMatchObject({ label_origin: 'classifier' });

    expect(await inbox('all')).toEqual(all);
    for (const filter of INBOX_FILTERS) {
      const listed = await inbox(filter);
      expect(listed.items.map((i) => i.id)).toEqual(
        all.items.filter((i) => inboxFilterMatches(filter, i.label)).map((i) => i.id),
      );
      expect(listed.counts[filter]).toBe(listed.items.length);
      // The counts are the same under any filter.
      expect({ ...listed, items: [] }).toEqual({ ...all, items: [] });
    }
    // §2: the count to handle and the badge leave out what needs no answer.
    const needing = all.items.filter((i) => replyNeedsAnswer(i.label));
    expect(all.to_handle_count).toBe(needing.length);
    expect(all.to_handle_count).toBeLessThan(all.items.length);
    expect(all.unread_count).toBe(needing.filter((i) => !i.is_read).length);
    expect(await profileCount()).toBe(all.unread_count);
    // The sign-in modal's list agrees with the badge.
    const me = (
      await t.call('GET', '/api/users/user?include=unread_messages', { token: customer })
    ).json() as { unread_messages_since: { message_id: number }[] };
    expect(me.unread_messages_since.map((m) => m.message_id).sort()).toEqual(
      needing
        .filter((i) => !i.is_read)
        .map((i) => i.id)
        .sort(),
    );
  });

  it('refuses a filter it does not know', async () => {
    const res = await t.call('GET', `${inboxUrl()}?filter=urgent`, { token: customer });
    expectContract('getInboxMessages', res, 400);
  });

  it('shows an automatic answer under its filter without counting it, and never lets it hide a human answer', async () => {
    const before = await inbox();
    const away = await arrives('Je suis absent jusqu’au 7 décembre.', 'auto_reply');
    const after = await inbox();
    expect(after.items.find((i) => i.id === away.message_id)).toMatchObject({
      label: 'auto_reply',
      is_read: false,
    });
    expect(after.counts.auto_replies).toBe(before.counts.auto_replies + 1);
    expect(after.unread_count).toBe(before.unread_count);
    expect(after.to_handle_count).toBe(before.to_handle_count);
    expect(await profileCount()).toBe(before.unread_count);
    // Not a response of the prospect (the campaign's answerers, nurture-all).
    const prospect = (
      await t.call('GET', `/api/v2/prospects/${away.prospect_id}`, { token: customer })
    ).json() as { has_responses: boolean };
    expect(prospect.has_responses).toBe(false);

    // The prospect answers for real, then its out-of-office comes again: the human answer stays its item.
    const keen = await arrives(
      'Volontiers, appelons-nous mardi.',
      'meeting_requested',
      away.prospect_id,
    );
    await arrives('Absent jusqu’au 7 décembre.', 'auto_reply', away.prospect_id);
    const third = await inbox();
    const items = third.items.filter((i) => i.prospect.id === away.prospect_id);
    expect(items.map((i) => [i.id, i.label])).toEqual([[keen.message_id, 'meeting_requested']]);
    expect(third.unread_count).toBe(before.unread_count + 1);
    expect(await profileCount()).toBe(third.unread_count);
  });
});

describe('changing an answer’s label', () => {
  it('replaces the suggestion, records who changed it from what to what, and moves the counts and the badge at once', async () => {
    // A prospect's only answer (with earlier human answers, a relabelled automatic one would step aside for them).
    const fresh = await arrives('Pouvez-vous me rappeler jeudi ?', 'interested');
    const before = await inbox();
    const target = before.items.find((i) => i.id === fresh.message_id);
    if (!target) throw new Error('the new answer is not in the inbox');
    expect(target).toMatchObject({
      is_read: false,
      label: 'interested',
      label_origin: 'classifier',
    });
    expect(await profileCount()).toBe(before.unread_count);

    const res = await t.call('PUT', labelUrl(target.id), {
      token: customer,
      body: { label: 'auto_reply' },
    });
    expectContract('setInboxMessageLabel', res, 200);
    expect(res.json()).toEqual({
      message_id: target.id,
      label: 'auto_reply',
      label_origin: 'user',
      unread_messages_count: before.unread_count - 1,
    });
    // The profile's count is kept per user under the inbox version: the change reaches it.
    expect(await profileCount()).toBe(before.unread_count - 1);
    const after = await inbox();
    expect(after.items.find((i) => i.id === target.id)).toMatchObject({
      label: 'auto_reply',
      label_origin: 'user',
      label_confidence: null,
    });
    expect(after.counts.auto_replies).toBe(before.counts.auto_replies + 1);
    expect((await inbox('needs_answer')).items.map((i) => i.id)).not.toContain(target.id);

    const history = await historyOf(target.prospect.id);
    const changes = history.filter((h) => h.event?.code === 'reply_label_changed');
    expect(changes).toHaveLength(1);
    expect(changes[0]?.event).toEqual({
      code: 'reply_label_changed',
      step: null,
      campaign: null,
      label_change: {
        message_id: target.id,
        from: target.label,
        to: 'auto_reply',
        by: 'Julien Moreau',
      },
    });

    // The same label again changes and records nothing.
    const again = await t.call('PUT', labelUrl(target.id), {
      token: customer,
      body: { label: 'auto_reply' },
    });
    expectContract('setInboxMessageLabel', again, 200);
    expect(
      (await historyOf(target.prospect.id)).filter((h) => h.event?.code === 'reply_label_changed'),
    ).toHaveLength(1);

    // Back to an answer to handle, by staff: the history names them.
    const back = await t.call('PUT', labelUrl(target.id), {
      token: staff,
      body: { label: 'interested' },
    });
    expectContract('setInboxMessageLabel', back, 200);
    expect(await profileCount()).toBe(before.unread_count);
    const staffChange = (await historyOf(target.prospect.id)).find(
      (h) => h.event?.code === 'reply_label_changed',
    );
    expect(staffChange?.event?.label_change).toMatchObject({
      from: 'auto_reply',
      to: 'interested',
    });
    expect((staffChange?.event?.label_change as { by: string }).by).not.toBe('Julien Moreau');
  });

  it('answers 403 for another customer’s inbox, 404 for an answer not in the inbox and 400 for an unknown label', async () => {
    const { items } = await inbox();
    const first = items[0];
    if (!first) throw new Error('empty inbox');
    expectContract(
      'setInboxMessageLabel',
      await t.call('PUT', labelUrl(first.id), { token: other, body: { label: 'other' } }),
      403,
    );
    expectContract(
      'setInboxMessageLabel',
      await t.call('PUT', labelUrl(first.id, t.facts.otherCustomerId), {
        token: other,
        body: { label: 'other' },
      }),
      404,
    );
    expectContract(
      'setInboxMessageLabel',
      await t.call('PUT', labelUrl(2_000_000_000), { token: customer, body: { label: 'other' } }),
      404,
    );
    expectContract(
      'setInboxMessageLabel',
      await t.call('PUT', labelUrl(first.id), { token: customer, body: { label: 'urgent' } }),
      400,
    );
    expect((await inbox()).items.find((i) => i.id === first.id)?.label).toBe(first.label);
  });
});

describe('the export', () => {
  it('carries the label of each prospect’s last answer, named in the sheet’s language', async () => {
    const { items } = await inbox();
    const res = await t.call(
      'GET',
      `/api/v1/users/${t.facts.customerId}/dashboard/export?locale=en`,
      { token: staff },
    );
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.at(-1)).toBe(EXPORT_LABELS.en.headers['last answer label']);
    const column = EXPORT_COLUMNS.indexOf('last answer label') + 1;
    const emailColumn = EXPORT_COLUMNS.indexOf('email') + 1;
    const byEmail = new Map<string, string>();
    sheet.eachRow((row, n) => {
      if (n > 1)
        byEmail.set(
          String(row.getCell(emailColumn).value ?? ''),
          String(row.getCell(column).value ?? ''),
        );
    });
    const prospects = await t.database.db
      .selectFrom('prospects')
      .select(['id', 'email'])
      .where(
        'id',
        'in',
        items.map((i) => i.prospect.id),
      )
      .execute();
    let checked = 0;
    for (const item of items) {
      const email = prospects.find((p) => p.id === item.prospect.id)?.email;
      if (!email || !byEmail.has(email) || !item.label) continue;
      expect(byEmail.get(email), email).toBe(EXPORT_LABELS.en.replyLabels[item.label]);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(3);
  });
});
