import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_SIGNATURE_MAX_LENGTH } from '@prospecta/domain';
import { expectContract, startTestApp, type TestApp } from './helpers';

/** The signature of a mailbox (decision 0226): saved normalised, refused when too long, owner or staff only. */
let t: TestApp;
let customer: string;
let staff: string;
let other: string;
let accountId: number;

beforeAll(async () => {
  t = await startTestApp();
  const login = (email: string) => t.login(email).then((s) => s.access);
  [customer, staff, other] = await Promise.all([
    login('customer@example.com'),
    login('staff@example.com'),
    login('other.customer@example.com'),
  ]);
  const row = await t.database.db
    .insertInto('email_accounts')
    .values({
      user_id: t.facts.customerId,
      name: 'Julien Moreau',
      email: 'julien@sender.example',
      account_type: 'SMTP',
      is_valid: true,
      created_on: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  accountId = row.id;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const save = (signature: string, token = customer, id = accountId) =>
  t.call('PATCH', `/api/v2/integrations/email/${id}/settings`, { token, body: { signature } });

describe('a mailbox’s signature', () => {
  it('is empty at first, then saved without trailing spaces and blank edge lines, and listed', async () => {
    const list = await t.call('GET', '/api/v2/integrations/email', { token: customer });
    expectContract('listEmailAccounts', list, 200);
    const listed = (list.json() as { email_accounts_list: { id: number; signature: string }[] })
      .email_accounts_list;
    expect(listed.find((a) => a.id === accountId)?.signature).toBe('');

    const res = await save('\r\n  Julien Moreau   \r\nProspecta\r\n\r\n');
    expectContract('updateEmailAccount', res, 200);
    expect((res.json() as { signature: string }).signature).toBe('  Julien Moreau\nProspecta');
    const again = await t.call('GET', '/api/v2/integrations/email', { token: customer });
    expect(
      (
        again.json() as { email_accounts_list: { id: number; signature: string }[] }
      ).email_accounts_list.find((a) => a.id === accountId)?.signature,
    ).toBe('  Julien Moreau\nProspecta');
    expect((await save('')).json()).toMatchObject({ signature: '' });
  });

  it('is refused when too long, with too many lines, or holding the separator line', async () => {
    const long = await save('x'.repeat(EMAIL_SIGNATURE_MAX_LENGTH + 1));
    expect(long.statusCode).toBe(400);
    const lines = await save(Array.from({ length: 11 }, (_, i) => `line ${i}`).join('\n'));
    expect(lines.statusCode).toBe(400);
    expect(lines.json()).toMatchObject({ detail: 'The signature has more than 10 lines.' });
    expect((await save('Julien\n--\nProspecta')).statusCode).toBe(400);
  });

  it('is changed by staff, not by another customer (404)', async () => {
    expect((await save('Par le staff', staff)).statusCode).toBe(200);
    expect((await save('Intrus', other)).statusCode).toBe(404);
    expect((await save('Personne', customer, 999_999)).statusCode).toBe(404);
  });
});
