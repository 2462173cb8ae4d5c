import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContract, startTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

async function latestCode(to: string): Promise<string> {
  await t.app.services.jobs.settled();
  const res = await t.call('GET', '/api/dev/outbox', { version: null });
  const mail = (res.json() as { to: string; text: string }[]).find((m) => m.to === to);
  const match = mail && /change-password\?code=([\w%-]+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no reset link for ${to}`);
  return decodeURIComponent(match[1]);
}

const check = (code: string) => t.call('POST', '/api/user/reset-code/check', { body: { code } });

describe('POST /api/user/reset-code/check', () => {
  it('accepts a usable code without spending it, and refuses unknown, spent and expired ones', async () => {
    await t.call('POST', '/api/user/reset-password', {
      body: { email: 'other.customer@example.com' },
    });
    const code = await latestCode('other.customer@example.com');

    expectContract('checkResetCode', await check(code), 204);
    // Checking spends nothing: the page may be opened again, and the code still changes the password.
    expectContract('checkResetCode', await check(code), 204);

    const unknown = await check('no-such-code');
    expectContract('checkResetCode', unknown, 400);
    expect(unknown.json().detail).toMatch(/invalid or has expired/);
    expectContract(
      'checkResetCode',
      await t.call('POST', '/api/user/reset-code/check', { body: {} }),
      400,
    );

    const changed = await t.call('POST', '/api/user/reset-change-password', {
      body: {
        code,
        new_password: 'brand-new-password',
        confirm_new_password: 'brand-new-password',
      },
    });
    expectContract('resetChangePassword', changed, 204);
    expectContract('checkResetCode', await check(code), 400);

    await t.call('POST', '/api/user/reset-password', { body: { email: 'staff@example.com' } });
    const expiring = await latestCode('staff@example.com');
    expectContract('checkResetCode', await check(expiring), 204);
    await t.database.db
      .updateTable('reset_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    expectContract('checkResetCode', await check(expiring), 400);
  });

  it('counts refused codes among the per-address failures of reset codes: 429 once spent', async () => {
    let last = await check('guess-0');
    for (let i = 1; i <= 60 && last.statusCode !== 429; i += 1) last = await check(`guess-${i}`);
    expectContract('checkResetCode', last, 429);
    // The change with a code is refused from that address too: the two calls share one count.
    const change = await t.call('POST', '/api/user/reset-change-password', {
      body: { code: 'guess', new_password: 'brand-new-password', confirm_new_password: 'x' },
    });
    expect(change.statusCode).toBe(429);
  });
});
