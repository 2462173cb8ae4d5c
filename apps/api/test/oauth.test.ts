import { createHash } from 'node:crypto';
import { createServer } from 'node:net';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ConfigError,
  loadConfig,
  OAUTH_PROVIDER_DEFAULTS,
  type OAuthSettings,
} from '../src/config';
import { hashState, tokensAad, verifierAad } from '../src/integrations/oauth';
import { expectContract, startTestApp, startTestAppBeside, type TestApp } from './helpers';

/**
 * The external sign-in against a real OAuth 2.0 / OpenID Connect provider started here (oauth2-mock-server on a free
 * loopback port): discovery, authorization redirect with PKCE, code exchange (the provider checks the verifier
 * against the challenge), ID token checks by openid-client.
 */

const PUBLIC_URL = 'http://localhost:3000';
let provider: OAuth2Server;
let t: TestApp;
let customer: string;
let other: string;
/** The address the provider's ID token names (set per test). */
let mailbox = 'julien.moreau@gmail.example';
/** When set, the provider answers the authorization request with this error instead of a code. */
let deny: string | null = null;

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    token.payload.email = mailbox;
  });
  provider.service.on('beforeAuthorizeRedirect', (redirect: { url: URL }) => {
    if (!deny) return;
    redirect.url.searchParams.delete('code');
    redirect.url.searchParams.set('error', deny);
    redirect.url.searchParams.set('error_description', 'The user refused.');
  });
  const issuer = provider.issuer.url as string;
  const oauth: OAuthSettings = {
    redirectBaseUrl: PUBLIC_URL,
    stateTtlSeconds: 600,
    providers: {
      google: {
        clientId: 'prospecta-test',
        clientSecret: 'test-client-secret',
        issuer,
        scopes: OAUTH_PROVIDER_DEFAULTS.google.scopes,
        authorizationParams: OAUTH_PROVIDER_DEFAULTS.google.authorizationParams,
        imap: OAUTH_PROVIDER_DEFAULTS.google.imap,
      },
      // Configured, but nothing listens there.
      microsoft: {
        clientId: 'prospecta-test',
        clientSecret: 'test-client-secret',
        issuer: `http://127.0.0.1:${await closedPort()}`,
        scopes: ['openid', 'email'],
        authorizationParams: {},
        imap: OAUTH_PROVIDER_DEFAULTS.microsoft.imap,
      },
    },
  };
  t = await startTestApp({ publicUrl: PUBLIC_URL, oauth });
  customer = (await t.login('customer@example.com')).access;
  other = (await t.login('other.customer@example.com')).access;
});
afterAll(async () => {
  await t?.close();
  await provider?.stop();
});
afterEach(async () => {
  deny = null;
  // Each test starts without a pending external sign-in account.
  await t.database.db
    .deleteFrom('email_accounts')
    .where('account_type', 'in', ['GOOGLE', 'MICROSOFT'])
    .execute();
});

interface Started {
  id: number;
  redirectUrl: URL;
  authUrl: string;
}

async function start(token = customer): Promise<Started> {
  const res = await t.call('POST', '/api/v2/integrations/email/google', { token });
  expectContract('createOAuthEmailAccount', res, 201);
  const account = res.json().email_account;
  return { id: account.id, redirectUrl: new URL(account.redirect_url), authUrl: account.auth_url };
}

/** The browser at the provider: it answers 302 back to our callback (consent given, or refused when `deny`). */
async function atProvider(url: URL | string): Promise<URL> {
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location') as string);
}

/** The browser back at our callback (no bearer token, no X-App-Version). */
async function callback(url: URL) {
  expect(url.origin).toBe(PUBLIC_URL);
  const res = await t.call('GET', `${url.pathname}${url.search}`, { version: null });
  expectContract('completeOAuthEmailAccount', res);
  return res;
}

const account = (id: number) =>
  t.database.db
    .selectFrom('email_accounts')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('external sign-in (OAuth 2.0 authorization code with PKCE)', () => {
  it('creates a pending account whose redirect_url asks the provider for a code with PKCE S256 and a state', async () => {
    const { id, redirectUrl, authUrl } = await start();
    expect(redirectUrl.origin).toBe(new URL(provider.issuer.url as string).origin);
    const q = redirectUrl.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe('prospecta-test');
    expect(q.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/v2/integrations/email/google/callback`);
    expect(q.get('scope')).toBe('openid email https://mail.google.com/');
    expect(q.get('access_type')).toBe('offline');
    expect(q.get('code_challenge_method')).toBe('S256');
    const state = q.get('state') as string;
    expect(state.length).toBeGreaterThanOrEqual(43);
    // The server keeps the state's hash (never the state) with the encrypted verifier whose S256 is the challenge.
    const stored = await t.database.db
      .selectFrom('oauth_states')
      .selectAll()
      .where('email_account_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.state_hash).toBe(hashState(state));
    const verifier = t.app.services.secretBox.decrypt(
      stored.code_verifier_enc,
      verifierAad(stored.state_hash),
    );
    expect(createHash('sha256').update(verifier).digest('base64url')).toBe(q.get('code_challenge'));
    expect(stored.expires_at.getTime()).toBeGreaterThan(Date.now());

    expect(await account(id)).toMatchObject({
      is_valid: false,
      email: '',
      account_type: 'GOOGLE',
      oauth_tokens_enc: null,
    });
    expect(authUrl).toMatch(
      new RegExp(`^${PUBLIC_URL}/api/v2/integrations/email/google/authorize\\?account=${id}&key=`),
    );
    const list = await t.call('GET', '/api/v2/integrations/email', { token: customer });
    expect(list.json().email_accounts_list.find((a: { id: number }) => a.id === id)).toMatchObject({
      is_valid: false,
      auth_url: authUrl,
    });

    // A second start while this one waits: the §8 inactive-account error.
    const again = await t.call('POST', '/api/v2/integrations/email/google', { token: customer });
    expectContract('createOAuthEmailAccount', again, 409);
    expect(again.json().message.state_message).toBe('inactive_email_account_already_exists');
  });

  it('on consent exchanges the code, stores the tokens encrypted and marks the account valid', async () => {
    mailbox = 'julien.moreau@gmail.example';
    const { id, redirectUrl } = await start();
    const back = await atProvider(redirectUrl);
    expect(back.pathname).toBe('/api/v2/integrations/email/google/callback');
    const res = await callback(back);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(
      `${PUBLIC_URL}/users/${t.facts.customerId}/user/integrations?connected=1`,
    );

    const row = await account(id);
    expect(row).toMatchObject({
      is_valid: true,
      first_use: true,
      email: 'julien.moreau@gmail.example',
      last_error: null,
    });
    const sealed = row.oauth_tokens_enc as string;
    expect(sealed).toMatch(/^v1\./);
    const tokens = JSON.parse(t.app.services.secretBox.decrypt(sealed, tokensAad(id)));
    expect(tokens).toMatchObject({
      token_type: expect.stringMatching(/^bearer$/i),
      refresh_token: expect.any(String),
    });
    expect(tokens.access_token.split('.')).toHaveLength(3);
    expect(sealed).not.toContain(tokens.access_token);
    expect(sealed).not.toContain(tokens.refresh_token);
    // Bound to its row: the ciphertext does not open as another account's.
    expect(() => t.app.services.secretBox.decrypt(sealed, tokensAad(id + 1))).toThrow();

    // The state was single use: the same redirect again touches nothing.
    expect(
      await t.database.db
        .selectFrom('oauth_states')
        .select('state_hash')
        .where('email_account_id', '=', id)
        .execute(),
    ).toEqual([]);
    const replay = await callback(back);
    expect(replay.statusCode).toBe(400);
    expect(replay.headers['content-type']).toMatch(/^text\/html/);

    // The account's auth_url of a valid account just leads back to the tab.
    const authorize = await t.call(
      'GET',
      new URL(row.auth_url as string).pathname + new URL(row.auth_url as string).search,
      { version: null },
    );
    expectContract('authorizeOAuthEmailAccount', authorize, 302);
    expect(authorize.headers.location).toBe(
      `${PUBLIC_URL}/users/${t.facts.customerId}/user/integrations?connected=1`,
    );
  });

  it('a refused consent leaves the account in error, and its auth_url starts a fresh sign-in that succeeds', async () => {
    mailbox = 'refused-then-ok@gmail.example';
    const { id, redirectUrl, authUrl } = await start();
    deny = 'access_denied';
    const res = await callback(await atProvider(redirectUrl));
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(
      `${PUBLIC_URL}/users/${t.facts.customerId}/user/integrations?oauth_error=oauth_access_denied`,
    );
    expect(await account(id)).toMatchObject({
      is_valid: false,
      last_error: 'oauth_access_denied',
      oauth_tokens_enc: null,
    });
    const listed = (await t.call('GET', '/api/v2/integrations/email', { token: customer })).json()
      .email_accounts_list;
    expect(listed.find((a: { id: number }) => a.id === id)).toMatchObject({
      is_valid: false,
      last_error: 'oauth_access_denied',
      auth_url: authUrl,
    });

    // Another provider error is not a refusal.
    deny = 'server_error';
    const second = await callback(
      await atProvider(
        (
          await t.call('GET', new URL(authUrl).pathname + new URL(authUrl).search, {
            version: null,
          })
        ).headers.location as string,
      ),
    );
    expect(second.headers.location).toContain('oauth_error=oauth_failed');

    // The validate button: auth_url → a new state and verifier → the provider → success.
    deny = null;
    const authorize = await t.call('GET', new URL(authUrl).pathname + new URL(authUrl).search, {
      version: null,
    });
    expectContract('authorizeOAuthEmailAccount', authorize, 302);
    const fresh = new URL(authorize.headers.location as string);
    expect(fresh.searchParams.get('code_challenge_method')).toBe('S256');
    expect(fresh.searchParams.get('state')).not.toBe(redirectUrl.searchParams.get('state'));
    const done = await callback(await atProvider(fresh));
    expect(done.headers.location).toContain('connected=1');
    expect(await account(id)).toMatchObject({
      is_valid: true,
      last_error: null,
      email: 'refused-then-ok@gmail.example',
    });
  });

  it('refuses a state it did not issue, one of the other provider, and an expired one', async () => {
    mailbox = 'state@gmail.example';
    const { id, redirectUrl } = await start();
    const back = await atProvider(redirectUrl);

    // A forged state: nothing is touched, a short page says to start again.
    const forged = new URL(back);
    forged.searchParams.set('state', 'forged-state-value-forged-state-value-forged');
    const page = await callback(forged);
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('start again from the Integrations tab');
    const missing = new URL(back);
    missing.searchParams.delete('state');
    expect((await callback(missing)).statusCode).toBe(400);
    expect(await account(id)).toMatchObject({ is_valid: false, last_error: null });

    // The genuine state brought to the other provider's callback: mismatch, and the state is spent.
    const crossed = new URL(back);
    crossed.pathname = '/api/v2/integrations/email/microsoft/callback';
    const mismatch = await callback(crossed);
    expect(mismatch.statusCode).toBe(302);
    expect(mismatch.headers.location).toBe(
      `${PUBLIC_URL}/users/${t.facts.customerId}/user/integrations?oauth_error=oauth_state_mismatch`,
    );
    expect(await account(id)).toMatchObject({
      is_valid: false,
      last_error: 'oauth_state_mismatch',
    });
    expect((await callback(back)).statusCode).toBe(400);

    // Expired: a sign-in that took longer than OAUTH_STATE_TTL.
    const authUrl = new URL((await account(id)).auth_url as string);
    const fresh = new URL(
      (await t.call('GET', authUrl.pathname + authUrl.search, { version: null })).headers
        .location as string,
    );
    await t.database.db
      .updateTable('oauth_states')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('email_account_id', '=', id)
      .execute();
    const expired = await callback(await atProvider(fresh));
    expect(expired.headers.location).toContain('oauth_error=oauth_state_expired');
    expect(await account(id)).toMatchObject({
      is_valid: false,
      last_error: 'oauth_state_expired',
      oauth_tokens_enc: null,
    });
  });

  it('refuses a mailbox that is already connected to another account of the user', async () => {
    mailbox = 'julien.moreau@moreau-solutions-rh.fr'; // the seeded SMTP account's address
    const { id, redirectUrl } = await start();
    const res = await callback(await atProvider(redirectUrl));
    expect(res.headers.location).toContain('oauth_error=email_account_already_exists');
    expect(await account(id)).toMatchObject({
      is_valid: false,
      last_error: 'email_account_already_exists',
      oauth_tokens_enc: null,
    });
  });

  it('guards the auth_url with its key and the account with its owner', async () => {
    const { id, authUrl } = await start();
    const url = new URL(authUrl);
    url.searchParams.set('key', 'not-the-key');
    expectContract(
      'authorizeOAuthEmailAccount',
      await t.call('GET', url.pathname + url.search, { version: null }),
      404,
    );
    url.searchParams.set('key', new URL(authUrl).searchParams.get('key') as string);
    url.pathname = '/api/v2/integrations/email/microsoft/authorize';
    expectContract(
      'authorizeOAuthEmailAccount',
      await t.call('GET', url.pathname + url.search, { version: null }),
      404,
    );
    expectContract(
      'authorizeOAuthEmailAccount',
      await t.call('GET', `/api/v2/integrations/email/google/authorize?account=${id}`, {
        version: null,
      }),
      400,
    );
    expectContract(
      'createOAuthEmailAccount',
      await t.call('POST', `/api/v2/integrations/email/google?user_id=${t.facts.customerId}`, {
        token: other,
      }),
      403,
    );
  });

  it('answers 502 oauth_provider_unreachable when the provider cannot be reached, and creates nothing', async () => {
    const before = await t.database.db.selectFrom('email_accounts').select('id').execute();
    const res = await t.call('POST', '/api/v2/integrations/email/microsoft', { token: customer });
    expectContract('createOAuthEmailAccount', res, 502);
    expect(res.json().message.state_message).toBe('oauth_provider_unreachable');
    expect(await t.database.db.selectFrom('email_accounts').select('id').execute()).toEqual(before);
  });
});

describe('external sign-in without configuration', () => {
  it('answers 501 oauth_not_available, never a fake success', async () => {
    const bare = await startTestAppBeside(t, { oauth: undefined });
    // The database is the other tests' (their external accounts are in it): none is added here.
    const externalAccounts = () =>
      bare.database.db
        .selectFrom('email_accounts')
        .select('id')
        .where('account_type', 'in', ['GOOGLE', 'MICROSOFT'])
        .orderBy('id')
        .execute();
    const before = await externalAccounts();
    try {
      const token = (await bare.login('customer@example.com')).access;
      for (const name of ['google', 'microsoft']) {
        const res = await bare.call('POST', `/api/v2/integrations/email/${name}`, { token });
        expectContract('createOAuthEmailAccount', res, 501);
        expect(res.json()).toMatchObject({
          message: { state_message: 'oauth_not_available' },
          detail: expect.stringContaining('not configured on this server'),
        });
      }
      expect(await externalAccounts()).toEqual(before);
    } finally {
      await bare.close();
    }
  });
});

describe('OAuth configuration from the environment', () => {
  const base = {
    APP_ENV: 'ci',
    JWT_SECRET: 'x'.repeat(40),
    ENCRYPTION_KEY: 'a'.repeat(64),
    PUBLIC_URL: 'https://app.example.com',
  };

  it('configures a provider only with both its client id and secret, and the provider defaults', () => {
    expect(loadConfig(base).oauth?.providers).toEqual({});
    const config = loadConfig({
      ...base,
      OAUTH_GOOGLE_CLIENT_ID: 'id',
      OAUTH_GOOGLE_CLIENT_SECRET: 'secret',
    });
    expect(config.oauth).toMatchObject({
      redirectBaseUrl: 'https://app.example.com',
      stateTtlSeconds: 900,
    });
    expect(config.oauth?.providers.google).toMatchObject({
      clientId: 'id',
      clientSecret: 'secret',
      issuer: 'https://accounts.google.com',
    });
    expect(config.oauth?.providers.microsoft).toBeUndefined();
    expect(() => loadConfig({ ...base, OAUTH_MICROSOFT_CLIENT_ID: 'id' })).toThrow(ConfigError);
    const custom = loadConfig({
      ...base,
      OAUTH_MICROSOFT_CLIENT_ID: 'id',
      OAUTH_MICROSOFT_CLIENT_SECRET: 'secret',
      OAUTH_MICROSOFT_ISSUER: 'https://login.microsoftonline.com/0000-tenant/v2.0',
      OAUTH_MICROSOFT_SCOPES: 'openid email offline_access',
      OAUTH_REDIRECT_BASE_URL: 'https://api.example.com/',
      OAUTH_STATE_TTL: '5m',
    });
    expect(custom.oauth).toMatchObject({
      redirectBaseUrl: 'https://api.example.com',
      stateTtlSeconds: 300,
    });
    expect(custom.oauth?.providers.microsoft).toMatchObject({
      issuer: 'https://login.microsoftonline.com/0000-tenant/v2.0',
      scopes: ['openid', 'email', 'offline_access'],
    });
  });

  it("reads a provider's IMAP server (XOAUTH2) from OAUTH_<PROVIDER>_IMAP, the provider's own by default", () => {
    const google = { ...base, OAUTH_GOOGLE_CLIENT_ID: 'id', OAUTH_GOOGLE_CLIENT_SECRET: 'secret' };
    expect(loadConfig(google).oauth?.providers.google?.imap).toEqual({
      host: 'imap.gmail.com',
      port: 993,
    });
    expect(
      loadConfig({ ...google, OAUTH_GOOGLE_IMAP: '127.0.0.1:10993' }).oauth?.providers.google?.imap,
    ).toEqual({ host: '127.0.0.1', port: 10993 });
    expect(
      loadConfig({ ...google, OAUTH_GOOGLE_IMAP: 'imap.example.com' }).oauth?.providers.google
        ?.imap,
    ).toEqual({ host: 'imap.example.com', port: 993 });
    expect(
      loadConfig({ ...google, OAUTH_GOOGLE_IMAP: '[::1]:1993' }).oauth?.providers.google?.imap,
    ).toEqual({ host: '::1', port: 1993 });
    for (const bad of [
      'imap.example.com:0',
      'imap.example.com:70000',
      'imaps://imap.example.com',
      'a b:993',
    ]) {
      expect(() => loadConfig({ ...google, OAUTH_GOOGLE_IMAP: bad })).toThrow(/OAUTH_GOOGLE_IMAP/);
    }
    const microsoft = {
      ...base,
      OAUTH_MICROSOFT_CLIENT_ID: 'id',
      OAUTH_MICROSOFT_CLIENT_SECRET: 'secret',
    };
    expect(loadConfig(microsoft).oauth?.providers.microsoft?.imap).toEqual({
      host: 'outlook.office365.com',
      port: 993,
    });
  });

  it('refuses an issuer over plain http unless it is on this machine', () => {
    const google = { ...base, OAUTH_GOOGLE_CLIENT_ID: 'id', OAUTH_GOOGLE_CLIENT_SECRET: 'secret' };
    expect(() =>
      loadConfig({ ...google, OAUTH_GOOGLE_ISSUER: 'http://accounts.example.com' }),
    ).toThrow(/https/);
    expect(() => loadConfig({ ...google, OAUTH_GOOGLE_ISSUER: 'not a url' })).toThrow(ConfigError);
    expect(
      loadConfig({ ...google, OAUTH_GOOGLE_ISSUER: 'http://127.0.0.1:4010' }).oauth?.providers
        .google?.issuer,
    ).toBe('http://127.0.0.1:4010');
  });
});
