import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OAUTH_PROVIDER_DEFAULTS, type OAuthSettings } from '../src/config';
import {
  pollMailbox,
  readMailbox,
  watchedAccounts,
  type MailboxWatchDeps,
} from '../src/integrations/mailbox-watch';
import { MailboxIdleWatch } from '../src/integrations/mailbox-idle';
import { tokensAad, type StoredOAuthTokens } from '../src/integrations/oauth';
import { expectContract, startTestApp, type TestApp } from './helpers';
import { startMailPeers, type MailPeers } from './peers/mail-peers';
import { startOAuthPeer, type OAuthPeer } from './peers/oauth-peer';

/**
 * The mailbox watch of accounts signed in through Google or Microsoft: the mailbox is read with IMAP
 * XOAUTH2 from a real Dovecot whose oauth2 passdb checks each access token with the provider's introspection, and the
 * tokens are renewed at a real OAuth provider (oauth2-mock-server behind ./peers/oauth-peer.ts) with openid-client.
 */
const PUBLIC_URL = 'http://localhost:3000';
const MAILBOX = { user: 'julien.moreau@gmail.example', password: 'only-for-delivering-test-mail' };
let oauthPeer: OAuthPeer;
let peers: MailPeers;
let t: TestApp;
let customer: string;
let deps: MailboxWatchDeps;
let accountId: number;
let prospectEmail: string;

const account = () =>
  t.database.db
    .selectFrom('email_accounts')
    .selectAll()
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
const tokensOf = async (): Promise<StoredOAuthTokens> =>
  JSON.parse(
    t.app.services.secretBox.decrypt(
      (await account()).oauth_tokens_enc as string,
      tokensAad(accountId),
    ),
  ) as StoredOAuthTokens;
const options = () => ({ ca: peers.ca, timeoutMs: 5_000 });
const WAIT = { timeout: 20_000, interval: 100 };
/** Whether a mail became an answer. */
const answered = async (messageId: string) =>
  (await t.database.db
    .selectFrom('history_entries')
    .select('id')
    .where('direction', '=', 'inbound')
    .where(sql`data->>'message_id'`, '=', `<${messageId}>`)
    .executeTakeFirst()) !== undefined;

/** The browser's way through an external sign-in: the consent page (as `email`), then our callback. */
async function signInThrough(authorizationUrl: string, email = MAILBOX.user): Promise<string> {
  const atProvider = await fetch(oauthPeer.consent(authorizationUrl, email), {
    redirect: 'manual',
  });
  expect(atProvider.status).toBe(302);
  const back = new URL(atProvider.headers.get('location') as string);
  expect(back.origin).toBe(PUBLIC_URL);
  const res = await t.call('GET', `${back.pathname}${back.search}`, { version: null });
  expectContract('completeOAuthEmailAccount', res, 302);
  return res.headers.location as string;
}

/** A mail arrives in the mailbox (IMAP APPEND, as a mail server's delivery would store it). */
async function deliver(from: string, messageId: string, body: string): Promise<void> {
  const client = new ImapFlow({
    host: '127.0.0.1',
    port: peers.imap.implicit,
    secure: true,
    auth: { user: MAILBOX.user, pass: MAILBOX.password },
    logger: false,
    tls: { ca: peers.ca },
  });
  await client.connect();
  const raw = [
    `From: ${from}`,
    `To: ${MAILBOX.user}`,
    'Subject: Re: Votre offre',
    `Message-ID: <${messageId}>`,
    'Date: Tue, 24 Nov 2026 10:00:00 +0100',
    'Content-Type: text/plain; charset=utf-8',
    '',
    body,
    '',
  ].join('\r\n');
  await client.append('INBOX', raw);
  await client.logout();
}

beforeAll(async () => {
  oauthPeer = await startOAuthPeer();
  peers = await startMailPeers([MAILBOX], {
    oauth: { introspectionUrl: oauthPeer.introspectionUrl },
  });
  const oauth: OAuthSettings = {
    redirectBaseUrl: PUBLIC_URL,
    stateTtlSeconds: 600,
    providers: {
      google: {
        clientId: 'prospecta-test',
        clientSecret: 'test-client-secret',
        issuer: oauthPeer.issuer,
        scopes: OAUTH_PROVIDER_DEFAULTS.google.scopes,
        authorizationParams: OAUTH_PROVIDER_DEFAULTS.google.authorizationParams,
        imap: { host: '127.0.0.1', port: peers.imap.implicit },
      },
    },
  };
  t = await startTestApp({ publicUrl: PUBLIC_URL, oauth });
  customer = (await t.login('customer@example.com')).access;
  deps = {
    db: t.database.db,
    secretBox: t.app.services.secretBox,
    mailHosts: t.app.services.mailHosts,
    oauth: t.app.services.oauth,
  };

  const started = await t.call('POST', '/api/v2/integrations/email/google', { token: customer });
  expectContract('createOAuthEmailAccount', started, 201);
  accountId = started.json().email_account.id;
  expect(await signInThrough(started.json().email_account.redirect_url)).toBe(
    `${PUBLIC_URL}/users/${t.facts.customerId}/user/integrations?connected=1`,
  );
  const prospect = await t.database.db
    .selectFrom('prospects')
    .select('email')
    .where('user_id', '=', t.facts.customerId)
    .where('has_responses', '=', false)
    .where('email', 'is not', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  prospectEmail = prospect.email as string;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await peers?.close();
  await oauthPeer?.close().catch(() => undefined);
});

describe('the mailbox watch of Google and Microsoft accounts (XOAUTH2)', () => {
  it("reads the provider's IMAP server with the stored access token (XOAUTH2) and imports a prospect's reply", async () => {
    const row = await account();
    expect(row).toMatchObject({ is_valid: true, email: MAILBOX.user, imap_host: null });
    // Watched when its provider is configured; a server without the provider's settings leaves it alone.
    expect((await watchedAccounts(t.database.db, t.app.services.oauth)).map((a) => a.id)).toContain(
      accountId,
    );
    expect((await watchedAccounts(t.database.db)).map((a) => a.id)).not.toContain(accountId);

    await deliver(
      prospectEmail,
      'oauth-reply-1@prospect.example',
      'Bonjour, oui : appelez-moi mardi.',
    );
    expect(await pollMailbox(deps, row, options())).toEqual({ accountId, imported: 1, skipped: 0 });
    const inbox = await t.call('GET', `/api/v1/users/${t.facts.customerId}/inbox-messages`, {
      token: customer,
    });
    expect(JSON.stringify(inbox.json())).toContain('Bonjour, oui : appelez-moi mardi.');
    // Dovecot saw an XOAUTH2 login of the mailbox, and no token was renewed (it was fresh).
    expect(readFileSync(join(peers.dir, 'dovecot.log'), 'utf8')).toMatch(
      new RegExp(`Login: user=<${MAILBOX.user}>, method=XOAUTH2`),
    );
    expect(oauthPeer.refreshes(MAILBOX.user)).toBe(0);
    expect(await account()).toMatchObject({ last_error: null, last_checked_at: expect.any(Date) });
  });

  it('renews an access token that has expired before reading, and stores the new tokens encrypted', async () => {
    const before = await tokensOf();
    const stale = { ...before, expires_at: Math.floor(Date.now() / 1000) - 10 };
    await t.database.db
      .updateTable('email_accounts')
      .set({
        oauth_tokens_enc: t.app.services.secretBox.encrypt(
          JSON.stringify(stale),
          tokensAad(accountId),
        ),
      })
      .where('id', '=', accountId)
      .execute();

    expect(await pollMailbox(deps, await account(), options())).toEqual({
      accountId,
      imported: 0,
      skipped: 0,
    });
    expect(oauthPeer.refreshes(MAILBOX.user)).toBe(1);
    const after = await tokensOf();
    expect(after.access_token).not.toBe(before.access_token);
    expect(after.expires_at).toBeGreaterThan(Date.now() / 1000 + 600);
    expect(after.refresh_token).toEqual(expect.any(String));
    const sealed = (await account()).oauth_tokens_enc as string;
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain(after.access_token);
  });

  it('renews an access token the mail server refuses, then reads', async () => {
    const refreshesBefore = oauthPeer.refreshes(MAILBOX.user);
    const before = await tokensOf();
    // Not expired by our clock, but no longer accepted (revoked early, or the provider's clock says otherwise).
    oauthPeer.expireAccessTokens(MAILBOX.user);
    await deliver(prospectEmail, 'oauth-reply-2@prospect.example', 'Et jeudi, est-ce possible ?');
    expect(await pollMailbox(deps, await account(), options())).toEqual({
      accountId,
      imported: 1,
      skipped: 0,
    });
    expect(oauthPeer.refreshes(MAILBOX.user)).toBe(refreshesBefore + 1);
    expect((await tokensOf()).access_token).not.toBe(before.access_token);
  });

  it('keeps an IDLE connection with XOAUTH2 that imports replies as they arrive, and signs in again with a renewed token before it expires', async () => {
    const watch = new MailboxIdleWatch(
      deps,
      { holder: 'oauth-idle', maxConnections: 50, leaseSeconds: 3, minTokenRenewalMs: 500 },
      options(),
    );
    try {
      // The token expires in a minute and two seconds: the connection signs in again a minute before.
      const soon = { ...(await tokensOf()), expires_at: Math.floor(Date.now() / 1000) + 62 };
      await t.database.db
        .updateTable('email_accounts')
        .set({
          oauth_tokens_enc: t.app.services.secretBox.encrypt(
            JSON.stringify(soon),
            tokensAad(accountId),
          ),
        })
        .where('id', '=', accountId)
        .execute();
      const refreshes = oauthPeer.refreshes(MAILBOX.user);
      watch.start();
      await vi.waitFor(() => expect(watch.listening(accountId)).toBe(true), WAIT);
      await deliver(prospectEmail, 'oauth-idle-1@prospect.example', 'Reçu sans attendre.');
      await vi.waitFor(
        async () => expect(await answered('oauth-idle-1@prospect.example')).toBe(true),
        WAIT,
      );

      await vi.waitFor(() => expect(oauthPeer.refreshes(MAILBOX.user)).toBe(refreshes + 1), WAIT);
      // The provider counts the refresh when it answers; the watch stores the new tokens just after.
      await vi.waitFor(
        async () => expect((await tokensOf()).expires_at).toBeGreaterThan(Date.now() / 1000 + 600),
        WAIT,
      );
      await vi.waitFor(() => expect(watch.listening(accountId)).toBe(true), WAIT);
      await deliver(prospectEmail, 'oauth-idle-2@prospect.example', 'Et avec le nouveau jeton.');
      await vi.waitFor(
        async () => expect(await answered('oauth-idle-2@prospect.example')).toBe(true),
        WAIT,
      );
    } finally {
      await watch.stop();
    }
  });

  it('a refresh the provider refuses (consent withdrawn) asks the user to sign in again; the auth_url does, and reading resumes where it stopped', async () => {
    oauthPeer.revokeConsent(MAILBOX.user);
    expect(await readMailbox(deps, accountId, options())).toEqual({
      accountId,
      error: 'consent_withdrawn',
    });

    const row = await account();
    expect(row).toMatchObject({
      is_valid: false,
      last_error: 'oauth_reconnect_required',
      oauth_tokens_enc: null,
    });
    // No longer read: nothing would open it.
    expect(
      (await watchedAccounts(t.database.db, t.app.services.oauth)).map((a) => a.id),
    ).not.toContain(accountId);
    const listed = await t.call('GET', '/api/v2/integrations/email', { token: customer });
    expectContract('listEmailAccounts', listed, 200);
    const shown = listed.json().email_accounts_list.find((a: { id: number }) => a.id === accountId);
    expect(shown).toMatchObject({
      is_valid: false,
      last_error: 'oauth_reconnect_required',
      auth_url: row.auth_url,
    });

    // The validate button: auth_url → the provider's consent → the callback: valid again, with new tokens.
    const authUrl = new URL(row.auth_url as string);
    const authorize = await t.call('GET', authUrl.pathname + authUrl.search, { version: null });
    expectContract('authorizeOAuthEmailAccount', authorize, 302);
    expect(await signInThrough(authorize.headers.location as string)).toContain('connected=1');
    const back = await account();
    expect(back).toMatchObject({ is_valid: true, last_error: null, email: MAILBOX.user });
    // The same mailbox: reading goes on after the last mail imported, nothing comes twice.
    expect(Number(back.imap_last_uid)).toBeGreaterThan(0);
    await deliver(prospectEmail, 'oauth-reply-3@prospect.example', 'Je reviens vers vous.');
    expect(await pollMailbox(deps, back, options())).toEqual({
      accountId,
      imported: 1,
      skipped: 0,
    });
  });

  it('keeps the account valid and its tokens when the provider is down: the mail server cannot check the token, nor can it be renewed', async () => {
    const sealed = (await account()).oauth_tokens_enc;
    const refreshes = oauthPeer.refreshes(MAILBOX.user);
    await oauthPeer.close();
    // Dovecot cannot ask the provider about the token: NO [UNAVAILABLE], a temporary failure, not a refusal.
    expect(await pollMailbox(deps, await account(), options())).toEqual({
      accountId,
      error: 'unreachable',
    });
    expect(await account()).toMatchObject({
      is_valid: true,
      last_error: 'mail_server_unreachable',
      oauth_tokens_enc: sealed,
    });
    expect(oauthPeer.refreshes(MAILBOX.user)).toBe(refreshes);

    // A token due for renewal: the refresh cannot reach the provider.
    const stale = { ...(await tokensOf()), expires_at: Math.floor(Date.now() / 1000) };
    const staleSealed = t.app.services.secretBox.encrypt(
      JSON.stringify(stale),
      tokensAad(accountId),
    );
    await t.database.db
      .updateTable('email_accounts')
      .set({ oauth_tokens_enc: staleSealed })
      .where('id', '=', accountId)
      .execute();
    expect(await pollMailbox(deps, await account(), options())).toEqual({
      accountId,
      error: 'provider_unreachable',
    });
    expect(await account()).toMatchObject({
      is_valid: true,
      last_error: 'oauth_provider_unreachable',
      oauth_tokens_enc: staleSealed,
    });
  });
});
