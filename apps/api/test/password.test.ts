import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContract, startTestApp, type TestApp, DEMO_PASSWORD } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

async function latestCode(to: string): Promise<string> {
  await t.app.services.jobs.settled();
  const res = await t.call('GET', '/api/dev/outbox', { version: null });
  expectContract('listDevOutbox', res, 200);
  const mail = (res.json() as { to: string; text: string }[]).find((m) => m.to === to);
  const match = mail && /change-password\?code=([\w%-]+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no reset link for ${to}`);
  return decodeURIComponent(match[1]);
}

const reset = (code: string, new_password: string, confirm_new_password = new_password) =>
  t.call('POST', '/api/user/reset-change-password', {
    body: { code, new_password, confirm_new_password },
  });

describe('password reset by e-mail', () => {
  it('answers 204 whether or not the account exists, and mails only real accounts', async () => {
    const known = await t.call('POST', '/api/user/reset-password', {
      body: { email: 'other.customer@example.com' },
    });
    expectContract('requestPasswordReset', known, 204);
    const unknown = await t.call('POST', '/api/user/reset-password', {
      body: { email: 'ghost@example.com' },
    });
    expectContract('requestPasswordReset', unknown, 204);
    await t.app.services.jobs.settled();
    const outbox = (await t.call('GET', '/api/dev/outbox', { version: null })).json() as {
      to: string;
    }[];
    expect(outbox.some((m) => m.to === 'other.customer@example.com')).toBe(true);
    expect(outbox.some((m) => m.to === 'ghost@example.com')).toBe(false);
    expectContract(
      'requestPasswordReset',
      await t.call('POST', '/api/user/reset-password', { body: { email: 'not an address' } }),
      400,
    );
  });

  it('checks the fields, then uses the code once', async () => {
    await t.call('POST', '/api/user/reset-password', {
      body: { email: 'other.customer@example.com' },
    });
    const code = await latestCode('other.customer@example.com');

    const mismatch = await reset(code, 'brand-new-password', 'brand-new-passw0rd');
    expectContract('resetChangePassword', mismatch, 422);
    expect(mismatch.json().detail).toEqual([{ confirm_new_password: 'passwords_do_not_match' }]);
    const weak = await reset(code, 'short');
    expectContract('resetChangePassword', weak, 422);
    expect(weak.json().detail).toEqual([{ new_password: 'password_too_short' }]);

    expectContract('resetChangePassword', await reset(code, 'brand-new-password'), 204);
    const again = await reset(code, 'another-password');
    expectContract('resetChangePassword', again, 400);
    expect(again.json().detail).toMatch(/invalid or has expired/);

    expect(
      (
        await t.call('POST', '/api/v2/auth/token/get', {
          body: { email: 'other.customer@example.com', password: DEMO_PASSWORD },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await t.call('POST', '/api/v2/auth/token/get', {
          body: { email: 'other.customer@example.com', password: 'brand-new-password' },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('refuses an expired or unknown code', async () => {
    await t.call('POST', '/api/user/reset-password', { body: { email: 'staff@example.com' } });
    const code = await latestCode('staff@example.com');
    await t.database.db
      .updateTable('reset_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    expectContract('resetChangePassword', await reset(code, 'brand-new-password'), 400);
    expectContract('resetChangePassword', await reset('no-such-code', 'brand-new-password'), 400);
    expectContract(
      'resetChangePassword',
      await t.call('POST', '/api/user/reset-change-password', { body: { code: 'x' } }),
      400,
    );
  });

  it('stores codes hashed', async () => {
    await t.call('POST', '/api/user/reset-password', { body: { email: 'staff@example.com' } });
    const code = await latestCode('staff@example.com');
    const rows = await t.database.db.selectFrom('reset_codes').select('code_hash').execute();
    expect(rows.some((r) => r.code_hash === code)).toBe(false);
  });

  it('throttles reset requests per address with 429', async () => {
    let last = await t.call('POST', '/api/user/reset-password', {
      body: { email: 'throttle@example.com' },
    });
    for (let i = 0; i < 6 && last.statusCode !== 429; i += 1) {
      last = await t.call('POST', '/api/user/reset-password', {
        body: { email: 'throttle@example.com' },
      });
    }
    expectContract('requestPasswordReset', last, 429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('POST /api/users/user/change-password', () => {
  it('changes the password of the signed-in user, and keeps the session', async () => {
    const { access } = await t.login('customer@example.com');
    const res = await t.call('POST', '/api/users/user/change-password', {
      token: access,
      body: {
        current_password: DEMO_PASSWORD,
        new_password: 'a-better-password',
        confirm_new_password: 'a-better-password',
      },
    });
    expectContract('changePassword', res, 204);
    expect((await t.call('GET', '/api/users/user', { token: access })).statusCode).toBe(200);
    await t.login('customer@example.com', 'a-better-password');
  });

  it('answers every field error as a list under detail', async () => {
    const { access } = await t.login('staff@example.com');
    const res = await t.call('POST', '/api/users/user/change-password', {
      token: access,
      body: {
        current_password: 'wrong-password',
        new_password: 'short',
        confirm_new_password: 'other',
      },
    });
    expectContract('changePassword', res, 422);
    // Codes, not sentences: the app writes them in the user's language.
    expect(Object.assign({}, ...(res.json().detail as Record<string, string>[]))).toEqual({
      current_password: 'current_password_incorrect',
      new_password: 'password_too_short',
      confirm_new_password: 'passwords_do_not_match',
    });
    expectContract(
      'changePassword',
      await t.call('POST', '/api/users/user/change-password', {
        token: access,
        body: { current_password: 'x' },
      }),
      400,
    );
    expectContract(
      'changePassword',
      await t.call('POST', '/api/users/user/change-password', {
        body: { current_password: 'a', new_password: 'b', confirm_new_password: 'c' },
      }),
      401,
    );
  });
});

describe('dev outbox', () => {
  it('needs no token nor version header when switched on, and is absent otherwise', async () => {
    const res = await t.call('GET', '/api/dev/outbox', { version: null });
    expectContract('listDevOutbox', res, 200);
    const config = t.app.services.config;
    try {
      config.devOutbox = false;
      expectContract(
        'listDevOutbox',
        await t.call('GET', '/api/dev/outbox', { version: null }),
        404,
      );
      config.devOutbox = true;
      for (const environment of ['staging', 'production'] as const) {
        config.environment = environment;
        expectContract(
          'listDevOutbox',
          await t.call('GET', '/api/dev/outbox', { version: null }),
          404,
        );
      }
    } finally {
      config.environment = 'ci';
      config.devOutbox = true;
    }
  });
});
