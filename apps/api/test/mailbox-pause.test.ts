import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContract, startTestApp, type TestApp } from './helpers';

/**
 * A mailbox the engine paused (decision 0175): its row says why, and its owner or staff resume its sending, which
 * clears the pause and the consecutive send errors; another customer cannot.
 */

let t: TestApp;
let customer: string;
let staff: string;
let other: string;
let accountId: number;

beforeAll(async () => {
  t = await startTestApp();
  [customer, staff, other] = await Promise.all([
    t.login('customer@example.com').then((s) => s.access),
    t.login('staff@example.com').then((s) => s.access),
    t.login('other.customer@example.com').then((s) => s.access),
  ]);
  const account = await t.database.db
    .selectFrom('email_accounts')
    .select('id')
    .where('user_id', '=', t.facts.customerId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  accountId = account.id;
});
afterAll(async () => t?.close());

const pause = (reason: string) =>
  t.database.db
    .updateTable('email_accounts')
    .set({
      sending_paused_at: new Date('2026-11-20T08:00:00Z'),
      sending_paused_reason: reason,
      send_errors: 5,
    })
    .where('id', '=', accountId)
    .execute();

type Account = {
  id: number;
  sending_paused_reason: string | null;
  sending_paused_at: string | null;
};

describe('a mailbox paused by the engine', () => {
  it('says why on its row in the accounts list', async () => {
    await pause('bounce_rate');
    const res = await t.call('GET', '/api/v2/integrations/email', { token: customer });
    expectContract('listEmailAccounts', res, 200);
    const row = (res.json() as { email_accounts_list: Account[] }).email_accounts_list.find(
      (a) => a.id === accountId,
    );
    expect(row).toMatchObject({
      sending_paused_reason: 'bounce_rate',
      sending_paused_at: '2026-11-20T08:00:00.000Z',
    });
  });

  it('is resumed by its owner: the pause and the send errors are cleared', async () => {
    await pause('too_many_errors');
    const res = await t.call('POST', `/api/v2/integrations/email/${accountId}/resume-sending`, {
      token: customer,
    });
    expectContract('resumeEmailAccountSending', res, 200);
    expect(res.json()).toMatchObject({
      id: accountId,
      sending_paused_reason: null,
      sending_paused_at: null,
    });
    const row = await t.database.db
      .selectFrom('email_accounts')
      .select(['sending_paused_at', 'sending_paused_reason', 'send_errors'])
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ sending_paused_at: null, sending_paused_reason: null, send_errors: 0 });
  });

  it('is resumed by staff too, and resuming a mailbox that sends changes nothing', async () => {
    await pause('credentials_refused');
    const first = await t.call('POST', `/api/v2/integrations/email/${accountId}/resume-sending`, {
      token: staff,
    });
    expectContract('resumeEmailAccountSending', first, 200);
    const again = await t.call('POST', `/api/v2/integrations/email/${accountId}/resume-sending`, {
      token: staff,
    });
    expectContract('resumeEmailAccountSending', again, 200);
    expect(again.json()).toMatchObject({ sending_paused_reason: null });
  });

  it('refuses another customer’s mailbox and an unknown one (404), leaving the pause', async () => {
    await pause('bounce_rate');
    const foreign = await t.call('POST', `/api/v2/integrations/email/${accountId}/resume-sending`, {
      token: other,
    });
    expectContract('resumeEmailAccountSending', foreign, 404);
    const unknown = await t.call('POST', '/api/v2/integrations/email/999999/resume-sending', {
      token: customer,
    });
    expectContract('resumeEmailAccountSending', unknown, 404);
    const row = await t.database.db
      .selectFrom('email_accounts')
      .select('sending_paused_reason')
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow();
    expect(row.sending_paused_reason).toBe('bounce_rate');
  });
});
